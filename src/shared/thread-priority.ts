import { setPriority } from 'node:os';

/**
 * The nice value of threads doing answering work: they yield the CPU to the main thread (HTTP,
 * health checks, authentication, reads) when both want it.
 */
export const ANSWERING_NICE = 10;

/**
 * Lowers the calling thread's priority to ANSWERING_NICE: on Linux a nice value is per thread, so
 * this lowers only this thread's. Where that is not permitted or not supported, the thread runs at
 * the process's priority.
 */
export function lowerToAnsweringPriority(): void {
  try {
    setPriority(0, ANSWERING_NICE);
  } catch {
    // Not permitted or not supported here.
  }
}
