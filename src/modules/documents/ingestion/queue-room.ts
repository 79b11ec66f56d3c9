/** Pending (queued or running) ingestion jobs, counted up to the limits that matter. */
export interface PendingCounts {
  workspace: number;
  org: number;
  total: number;
}

export interface QueueLimits {
  workspace: number;
  org: number;
  total: number;
}

/**
 * Whether one more upload may be queued. Each tenant level has its own bound, so one org's frozen
 * or flooded workspace fills only its own share; the server-wide ceiling still bounds the sum.
 */
export function queueHasRoom(counts: PendingCounts, limits: QueueLimits): boolean {
  return counts.workspace < limits.workspace && counts.org < limits.org && counts.total < limits.total;
}
