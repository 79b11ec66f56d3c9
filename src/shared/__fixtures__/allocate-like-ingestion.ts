import { getHeapSpaceStatistics } from 'node:v8';

/** Allocates as ingestion does (many objects, a share kept a while); the largest new space seen, in bytes. */
export function largestNewSpaceWhileAllocating(): number {
  const kept: unknown[] = [];
  let largest = 0;
  for (let round = 0; round < 200; round++) {
    for (let i = 0; i < 20_000; i++) kept.push({ round, i, text: `passage ${round}:${i}` });
    if (kept.length > 200_000) kept.splice(0, 100_000);
    largest = Math.max(largest, getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')?.space_size ?? 0);
  }
  return largest;
}
