/**
 * tsvector text built from the same tokens and Porter stems as SQLite's `porter unicode61`
 * tokenizer (src/text/tokens.ts), so PostgreSQL indexes exactly the terms FTS5 does. Pure.
 */
import { tokenize } from '../../text/tokens.js';
import { quoteLexeme } from './fts-expression.js';

/** tsvector weight labels: one per indexed column (FTS5 column), D being the default. */
export type ColumnLabel = 'A' | 'B' | 'C' | 'D';

// PostgreSQL keeps positions 1..16383 (larger ones are clamped) and at most 256 positions per lexeme.
const MAX_POSITION = 16383;
const MAX_POSITIONS_PER_LEXEME = 256;
// Lexemes are limited to 2 KB; a token that long is not a word anyone searches for.
const MAX_LEXEME_LENGTH = 200;

export interface BuiltTsvector {
  /** tsvector text, cast with `::tsvector`. */
  text: string;
  /** Tokens in every column: the document length bm25 divides by. */
  tokenCount: number;
}

/**
 * Columns in order, positions running on across them with a one-position gap, so no phrase
 * matches across a column boundary (FTS5 phrases never span columns either).
 */
export function buildTsvector(columns: Array<{ text: string; label: ColumnLabel }>): BuiltTsvector {
  const { positions, tokenCount } = stemPositions(columns);
  const text = [...positions]
    .filter(([stem]) => stem.length <= MAX_LEXEME_LENGTH)
    .map(([stem, list]) => `${quoteLexeme(stem)}:${list.slice(0, MAX_POSITIONS_PER_LEXEME).map((p) => `${Math.min(p.position, MAX_POSITION)}${p.label === 'D' ? '' : p.label}`).join(',')}`)
    .join(' ');
  return { text, tokenCount };
}

/** Each stem's positions (with the column's label) and the token count, before PostgreSQL's limits apply. */
export function stemPositions(columns: Array<{ text: string; label: ColumnLabel }>): {
  positions: Map<string, Array<{ position: number; label: ColumnLabel }>>;
  tokenCount: number;
} {
  const positions = new Map<string, Array<{ position: number; label: ColumnLabel }>>();
  let position = 0;
  let tokenCount = 0;
  for (const column of columns) {
    for (const token of tokenize(column.text)) {
      position += 1;
      tokenCount += 1;
      const list = positions.get(token.stem) ?? positions.set(token.stem, []).get(token.stem)!;
      list.push({ position, label: column.label });
    }
    position += 1;
  }
  return { positions, tokenCount };
}
