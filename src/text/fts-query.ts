import type { QueryAnalysis } from './query-analysis.js';

export interface FtsQueryOptions {
  /** Include thesaurus expansions (default true). */
  expansions?: boolean;
  /**
   * Include the expansions that are phrases (default true; only with `expansions`). FTS5's bm25
   * counts, on every query, the documents holding each phrase: for a phrase of common words ("laws
   * of the state") that walks the positions of "of" and "the" in the whole index.
   */
  expansionPhrases?: boolean;
  /** Require every quoted phrase to be present (default false: phrases only rank). */
  requirePhrases?: boolean;
  /** Keep at most this many terms and phrases, highest weight first (default 64). */
  maxItems?: number;
}

// A question pasted from a long document yields hundreds of terms; FTS5 evaluates every OR branch,
// so the highest-weighted ones are enough to find the candidates bm25 then ranks.
export const DEFAULT_MAX_ITEMS = 64;

/** `"text"` with inner quotes doubled: FTS5's only escape, which makes any content a plain string. */
export function quoteFts(text: string): string {
  return `"${text.replace(/"/g, '""')}"`;
}

/**
 * An FTS5 MATCH expression for the analysis: every term and phrase quoted and joined with OR, so
 * no user input can be read as FTS5 syntax (AND, NOT, NEAR, *, col:, parentheses). Operator words
 * ("not", "shall", "within") are left out because they occur in nearly every section. Null when
 * nothing searchable is left.
 */
export function toFtsQuery(analysis: QueryAnalysis, options: FtsQueryOptions = {}): string | null {
  const chosen = ftsItems(analysis, options);
  if (chosen.length === 0) return null;
  const anyOf = chosen.map(quoteFts).join(' OR ');
  if (!options.requirePhrases) return anyOf;

  const required = analysis.phrases
    .filter((p) => p.source === 'quoted')
    .map((p) => p.norms.join(' ').trim())
    .filter((s) => s !== '');
  if (required.length === 0) return anyOf;
  return [...required.map(quoteFts), `(${anyOf})`].join(' AND ');
}

/** The search texts toFtsQuery joins with OR (unquoted), highest weight first: one bm25 summand each. */
export function ftsItems(analysis: QueryAnalysis, options: FtsQueryOptions = {}): string[] {
  const withExpansions = options.expansions ?? true;
  const items: { fts: string; weight: number }[] = [];
  for (const t of analysis.terms) {
    if (t.kind === 'operator' || (!withExpansions && t.source === 'expansion')) continue;
    items.push({ fts: t.fts, weight: t.weight });
  }
  const withExpansionPhrases = withExpansions && (options.expansionPhrases ?? true);
  for (const p of analysis.phrases) {
    if (!withExpansionPhrases && p.source === 'expansion') continue;
    items.push({ fts: p.norms.join(' '), weight: p.weight });
  }
  const seen = new Set<string>();
  return items
    .map((i) => ({ ...i, fts: i.fts.replace(/\s+/g, ' ').trim() }))
    .filter((i) => i.fts !== '')
    .sort((a, b) => b.weight - a.weight)
    .filter((i) => !seen.has(i.fts) && seen.add(i.fts))
    .slice(0, options.maxItems ?? DEFAULT_MAX_ITEMS)
    .map((i) => i.fts);
}
