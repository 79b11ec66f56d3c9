import { setFlagsFromString } from 'node:v8';

/**
 * How large V8 lets each isolate's young generation grow, for the server's process and its threads.
 *
 * By default a young generation grows to three 16 MB semi-spaces per isolate, and the server runs
 * several isolates (the event loop, the answering threads, the range-search thread, the index
 * writer): under ingestion each grew to its limit, and that was most of the server's peak RSS above
 * its idle size. bench:scale -- --docs 2000, peak server RSS: 501 MB by default; 418 MB with the
 * threads' young generations capped at 2 MB semi-spaces; 310 MB with the main thread's too (the
 * shebang of bin/folio.js). Ingestion MB/s and bench:scale's query times did not move beyond
 * run-to-run noise. A smaller young generation means more frequent scavenges, each as short: the
 * work of a scavenge scales with the objects that survive it, not with the space. The answering
 * threads are the exception: capped, eval:workspace's questions were about a quarter slower
 * (ANSWERING_RESOURCE_LIMITS).
 */
export const SEMI_SPACE_MB = 2;

/** The same cap for a worker thread (resourceLimits counts the whole young generation: three semi-spaces). */
export const THREAD_RESOURCE_LIMITS = { maxYoungGenerationSizeMb: 3 * SEMI_SPACE_MB } as const;

/**
 * The answering threads get a larger young generation than the other threads (4 MB semi-spaces): a
 * workspace question allocates much that dies young (sentences, tokens, scores, result rows), and in
 * 2 MB semi-spaces more of it lived long enough to be promoted. Over HTTP on 399 CUAD contracts
 * (SQLite, 1,000 questions a run, runs interleaved), p50: 16.7–16.9 ms at 6 MB, 15.5–15.8 at 12,
 * 14.9–15.0 at 24, 16.2–20.0 at 48. Larger is not clearly faster elsewhere (on PostgreSQL and on
 * bench:scale's 20,000 documents the runs at 6, 12 and 24 MB were within each other's noise) and
 * costs peak RSS: the 20,000-document room's server peaked at 468–469 MB capped, 476–514 at 12 and
 * 520–525 at 24 while answering questions. 12 MB takes the gain where it showed for the least memory.
 */
export const ANSWERING_RESOURCE_LIMITS = { maxYoungGenerationSizeMb: 12 } as const;

/**
 * Lets each thread's `resourceLimits` size its young generation. V8 sizes an isolate's semi-spaces
 * from the process's --max-semi-space-size whenever that flag is set, over the isolate's own
 * constraints: with bin/folio.js's flag, the answering threads' limit (then 48 MB) was silently 2 MB
 * semi-spaces, like every other thread's (300 workspace questions on PostgreSQL: 2,410 scavenges,
 * 6.0 s of the answering thread's time; 324 with the 48 MB applied). The flag is read when an
 * isolate is made, so clearing it once the main isolate exists keeps the main thread's cap and
 * leaves every later thread to its own limits. Idempotent; a process started without the flag is
 * unchanged.
 */
export function letThreadsSizeTheirYoungGeneration(): void {
  setFlagsFromString('--max-semi-space-size=0');
}
