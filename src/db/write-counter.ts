import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';

/**
 * Counts the writes (insert, update, delete, and raw statements that write) executed through a
 * Kysely instance, and tells listeners. On PostgreSQL this is the change signal of the read cache
 * (SQLite has its own in `total_changes()`): the process sees its own writes at once, and
 * publishes them for other processes (redis-change-feed.ts).
 */
export function createWriteCounter() {
  let count = 0;
  const listeners = new Set<() => void>();
  const writes = new WeakSet<object>();
  const plugin: KyselyPlugin = {
    transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
      if (isWrite(args.node)) writes.add(args.queryId);
      return args.node;
    },
    async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
      if (writes.has(args.queryId)) {
        count += 1;
        for (const listener of listeners) listener();
      }
      return args.result;
    },
  };
  return {
    plugin,
    /** Writes so far in this process. */
    count: () => count,
    onWrite(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type WriteCounter = ReturnType<typeof createWriteCounter>;

const WRITE_SQL = /^\s*(insert|update|delete|with[\s\S]*\b(insert|update|delete)\b)/i;

function isWrite(node: RootOperationNode): boolean {
  switch (node.kind) {
    case 'InsertQueryNode':
    case 'UpdateQueryNode':
    case 'DeleteQueryNode':
    case 'MergeQueryNode':
      return true;
    case 'RawNode':
      return WRITE_SQL.test(node.sqlFragments.join(' '));
    default:
      return false;
  }
}
