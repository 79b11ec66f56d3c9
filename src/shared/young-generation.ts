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
 * The answering threads keep V8's default young generation (three 16 MB semi-spaces on 64 bits,
 * set explicitly: a thread otherwise takes the process's --max-semi-space-size). A workspace
 * question allocates much that dies young (sentences, tokens, scores), and capped, more of it lived
 * long enough to be promoted: eval:workspace p50 22.0 and 25.6 ms with every thread capped, against
 * 16.9 ms with the answering threads uncapped and 19.6 ms with nothing capped (one session, runs
 * interleaved). Peak RSS under ingestion is the other threads' (bench:scale --docs 2000: 328 MB).
 */
export const ANSWERING_RESOURCE_LIMITS = { maxYoungGenerationSizeMb: 48 } as const;
