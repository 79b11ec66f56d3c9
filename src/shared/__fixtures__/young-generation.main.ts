// Run as bin/folio.js runs the server (node --max-semi-space-size=SEMI_SPACE_MB): reports, as JSON,
// the largest new space of a thread spawned with the answering threads' limits, of one with the
// default thread limits, and of this main thread, each after allocating.
import { once } from 'node:events';
import { getHeapSpaceStatistics } from 'node:v8';
import { spawnModuleThread } from '../thread-pool.js';
import { ANSWERING_RESOURCE_LIMITS } from '../young-generation.js';

const worker = new URL('./young-generation.worker.ts', import.meta.url);
async function largestIn(thread: ReturnType<typeof spawnModuleThread>): Promise<number> {
  const [largest] = (await once(thread, 'message')) as [number];
  await thread.terminate();
  return largest;
}
const answering = await largestIn(spawnModuleThread(worker, {}, { resourceLimits: ANSWERING_RESOURCE_LIMITS }));
const other = await largestIn(spawnModuleThread(worker, {}));
const kept: unknown[] = [];
let main = 0;
for (let round = 0; round < 200; round++) {
  for (let i = 0; i < 20_000; i++) kept.push({ round, i, text: `passage ${round}:${i}` });
  if (kept.length > 200_000) kept.splice(0, 100_000);
  main = Math.max(main, getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')?.space_size ?? 0);
}
console.log(JSON.stringify({ answering, other, main }));
