import { phraseFrequency, type Bm25Document } from '../../src/db/fts/bm25.js';
import type { FtsNode } from '../../src/db/fts/fts-expression.js';

/** Whether the document matches the expression, as FTS5 decides it: the reference the ranking tests filter with. */
export function matches(node: FtsNode, doc: Bm25Document): boolean {
  switch (node.kind) {
    case 'phrase':
      return phraseFrequency(doc, node.stems, {}) > 0;
    case 'and':
      return node.items.every((n) => matches(n, doc));
    case 'or':
      return node.items.some((n) => matches(n, doc));
    case 'not':
      return matches(node.left, doc) && !matches(node.right, doc);
  }
}
