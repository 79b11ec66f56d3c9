/**
 * When to shed a request, from how late the event loop runs, not only from how many requests are
 * in flight: 200 connections of heavy requests never reach an in-flight bound, yet each request
 * then waits seconds for the loop, /healthz included. Pure, with the clock injected.
 */

/** What a request costs the server: probes never shed; reads are cheap; the rest (POST) is work. */
export type RequestKind = 'health' | 'read' | 'work';

export interface ShedLimits {
  maxInflight: number;
  /** Event-loop lag past which new work is refused (reads still answer)... */
  maxLagMs: number;
  /**
   * ...when at least this many requests are in flight: only then is the lag the server's own
   * backlog, which shedding drains. A few requests on a machine busy with other processes see
   * late timers too, and refusing them would gain nothing.
   */
  minInflightForLag: number;
}

/** Seconds the client should wait before retrying, or null to admit the request. */
export function shedDecision(kind: RequestKind, state: { inflight: number; lagMs: number }, limits: ShedLimits): number | null {
  if (kind === 'health') return null;
  if (state.inflight >= limits.maxInflight) return 1;
  if (kind === 'work' && state.inflight >= limits.minInflightForLag && state.lagMs > limits.maxLagMs) return Math.max(1, Math.ceil(state.lagMs / 1000));
  return null;
}

/**
 * Event-loop lag as a timer sees it: `tick()` is called every `intervalMs` by a timer, and the
 * lag of a tick is how much later than due it ran. `lagMs()` is the worst lag seen within the last
 * `windowMs`, so one long stall keeps work shed for a moment instead of flapping per tick.
 * (perf_hooks' monitorEventLoopDelay measures the same delay but as a histogram without time
 * stamps, which cannot answer "within the last window".)
 */
export function createLagTracker(now: () => number, intervalMs: number, windowMs: number) {
  let due = now() + intervalMs;
  let worst = 0;
  let worstAt = -Infinity;
  return {
    tick(): void {
      const at = now();
      const lag = Math.max(0, at - due);
      if (lag >= worst || at - worstAt > windowMs) {
        worst = lag;
        worstAt = at;
      }
      due = at + intervalMs;
    },
    lagMs(): number {
      // A stall still in progress shows as a tick that is already late.
      const pending = Math.max(0, now() - due);
      const recent = now() - worstAt <= windowMs ? worst : 0;
      return Math.max(recent, pending);
    },
  };
}
