/** The rate-limit windows of a deployment without Redis (see database-rate-limit.ts). */
export interface RateLimitTables {
  rate_limit_windows: {
    window_key: string;
    hits: number;
    /** Milliseconds since the epoch, by the clock of the process that opened the window. */
    reset_at_ms: number;
    /** How many hits the window's latest lease reserved (part of `hits`). */
    last_grant: number;
  };
}
