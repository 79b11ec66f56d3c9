/**
 * The dev questions in two halves by a stable hash of their id: engine changes are tuned on half A
 * only, and every figure is reported for both, so a gap between them shows overfitting.
 */
import { createHash } from 'node:crypto';

export type Half = 'A' | 'B';

/** 'A' or 'B' from the first byte of the id's SHA-256: stable across runs, machines and file order. */
export function halfOf(id: string): Half {
  const first = createHash('sha256').update(id).digest()[0] ?? 0;
  return first % 2 === 0 ? 'A' : 'B';
}

/** A deterministic pseudo-random generator (mulberry32), so a seeded pick is the same every run. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
