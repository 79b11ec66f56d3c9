/** Time as the domain sees it; tests pass a fixed or advancing clock instead of mocking Date. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** ISO 8601 instant with milliseconds and a Z, the one format timestamps are stored and served in. */
export function isoNow(clock: Clock): string {
  return clock.now().toISOString();
}

/** Today's date (YYYY-MM-DD) in UTC. */
export function todayUtc(clock: Clock): string {
  return clock.now().toISOString().slice(0, 10);
}
