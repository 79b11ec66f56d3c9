/**
 * A read-through cache for the lookups every authenticated request makes (the key by its hash,
 * the creator's workspaces). An entry is good only while the database is unchanged: the token
 * changes on any commit, by this connection or any other process (the CLI revoking a key), so
 * a cached answer is never stale. It only skips re-running identical reads between writes.
 */
export type ChangeToken = () => string;

export function createReadCache(token: ChangeToken, maxEntries = 10_000) {
  const entries = new Map<string, { token: string; stamp?: number; value: unknown }>();
  return {
    async read<T>(key: string, load: () => Promise<T>): Promise<T> {
      const now = token();
      const hit = entries.get(key);
      if (hit && hit.token === now) return hit.value as T;
      const value = await load();
      // The token is taken before the load: a write racing the load leaves a stale token behind,
      // so the entry simply misses next time.
      if (entries.size >= maxEntries) entries.clear();
      entries.set(key, { token: now, value });
      return value;
    },
    /**
     * As read, for a value that depends on only part of the database: when the token has changed,
     * the entry is still good if `stampOf` (a cheap read of a number its writes change) has not.
     * The stamp is read before the load, so a write racing the load leaves an older stamp behind
     * and the entry is simply loaded again next time.
     */
    async readStamped<T>(key: string, stampOf: () => Promise<number>, load: () => Promise<T>): Promise<T> {
      const now = token();
      const hit = entries.get(key);
      if (hit && hit.token === now) return hit.value as T;
      const stamp = await stampOf();
      if (hit && hit.stamp === stamp) {
        hit.token = now;
        return hit.value as T;
      }
      const value = await load();
      if (entries.size >= maxEntries) entries.clear();
      entries.set(key, { token: now, stamp, value });
      return value;
    },
  };
}

export type ReadCache = ReturnType<typeof createReadCache>;
