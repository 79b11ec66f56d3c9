// Run as bin/folio.js runs the server (node --max-semi-space-size=SEMI_SPACE_MB): reports, as JSON,
// the largest new space of a thread spawned with the answering threads' limits, of one with the
// default thread limits, and of this main thread, each after allocating.
import { once } from 'node:events';
import { spawnModuleThread } from '../thread-pool.js';
import { ANSWERING_RESOURCE_LIMITS } from '../young-generation.js';
import { largestNewSpaceWhileAllocating } from './allocate-like-ingestion.js';

const worker = new URL('./young-generation.worker.ts', import.meta.url);
async function largestIn(thread: ReturnType<typeof spawnModuleThread>): Promise<number> {
  const [largest] = (await once(thread, 'message')) as [number];
  await thread.terminate();
  return largest;
}
const answering = await largestIn(spawnModuleThread(worker, {}, { resourceLimits: ANSWERING_RESOURCE_LIMITS }));
const other = await largestIn(spawnModuleThread(worker, {}));
const main = largestNewSpaceWhileAllocating();
console.log(JSON.stringify({ answering, other, main }));
