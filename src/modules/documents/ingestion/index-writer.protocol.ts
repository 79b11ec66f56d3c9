import type { IndexItem, IndexOutcome } from './index-batch.js';

/** Messages between the ingestion queue and the index writer thread. */
export interface WriterRequest {
  id: number;
  item: IndexItem;
}

export interface WriterReply {
  id: number;
  outcome: IndexOutcome;
}
