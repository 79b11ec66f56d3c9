/**
 * A read-through cache for the lookups every authenticated request makes (the key by its hash,
 * the creator's workspaces). An entry is good only while the database is unchanged: the token
 * changes on any commit, by this connection or any other process (the CLI revoking a key), so
 * a cached answer is never stale. It only skips re-running identical reads between writes.
 *
 * Requests that miss together share one load. After a commit, every request in flight misses at
 * once: under mixed load (30 clients reading a tree of 3,000 files while uploads committed several
 * times a second) each of them listed, presented and serialized the whole tree again, on the event
 * loop, and those repeated rebuilds were the longest stretches the health probe waited behind.
 */
export type ChangeToken = () => string;

interface Entry {
  token: string;
  stamp?: number;
  value?: unknown;
  /** The load in flight for this token (and stamp); settled entries hold `value` instead. */
  pending?: Promise<unknown>;
}

export function createReadCache(token: ChangeToken, maxEntries = 10_000) {
  const entries = new Map<string, Entry>();
  /** Starts `load` as the entry of `key` for `now` (and `stamp`); a failed load leaves no entry, so the next read tries again. */
  const start = <T>(key: string, now: string, stamp: number | undefined, load: () => Promise<T>): Promise<T> => {
    if (entries.size >= maxEntries) entries.clear();
    const entry: Entry = { token: now, stamp };
    const pending = load().then(
      (value) => {
        entry.value = value;
        entry.pending = undefined;
        return value;
      },
      (error: unknown) => {
        if (entries.get(key) === entry) entries.delete(key);
        throw error;
      },
    );
    entry.pending = pending;
    entries.set(key, entry);
    return pending;
  };
  const settledOrPending = <T>(entry: Entry): Promise<T> => (entry.pending as Promise<T> | undefined) ?? Promise.resolve(entry.value as T);
  return {
    async read<T>(key: string, load: () => Promise<T>): Promise<T> {
      const now = token();
      const hit = entries.get(key);
      if (hit && hit.token === now) return settledOrPending<T>(hit);
      // The token is taken before the load: a write racing the load leaves a stale token behind,
      // so the entry simply misses next time.
      return start(key, now, undefined, load);
    },
    /**
     * As read, for a value that depends on only part of the database: when the token has changed,
     * the entry is still good if `stampOf` (a cheap read of a number its writes change) has not.
     * The stamp is read before the load, so a write racing the load leaves an older stamp behind
     * and the entry is simply loaded again next time. `load` is given the entry's last settled value
     * (if any), which it may extend rather than read again.
     */
    async readStamped<T>(key: string, stampOf: () => Promise<number>, load: (previous: T | undefined) => Promise<T>): Promise<T> {
      const now = token();
      const hit = entries.get(key);
      if (hit && hit.token === now) return settledOrPending<T>(hit);
      const stamp = await stampOf();
      // Read again: another request may have started the load while this one read the stamp.
      const current = entries.get(key);
      if (current && current.stamp === stamp) {
        current.token = now;
        return settledOrPending<T>(current);
      }
      // The value the entry held, for a load that can bring it up to date for less than a new read.
      const previous = current && !current.pending ? (current.value as T) : undefined;
      return start(key, now, stamp, () => load(previous));
    },
  };
}

export type ReadCache = ReturnType<typeof createReadCache>;
