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
  /**
   * The first position of each column after the first, as stored beside the tsvector
   * (labelStarts): a position's column, and so its label, is where it falls among them.
   */
  labelStarts: number[];
}

/**
 * The label of `position` in a document whose columns carry `labels` in position order and
 * start at `starts` (each column after the first; BuiltTsvector.labelStarts).
 */
export function labelAt(position: number, labels: readonly ColumnLabel[], starts: readonly number[]): ColumnLabel {
  let column = 0;
  while (column < starts.length && position >= starts[column]!) column++;
  return labels[column]!;
}

/**
 * Columns in order, positions running on across them with a one-position gap, so no phrase
 * matches across a column boundary (FTS5 phrases never span columns either).
 */
export function buildTsvector(columns: Array<{ text: string; label: ColumnLabel }>): BuiltTsvector {
  const { positions, tokenCount, starts } = stemPositions(columns);
  const text = [...positions]
    .filter(([stem]) => stem.length <= MAX_LEXEME_LENGTH)
    .map(([stem, list]) => `${quoteLexeme(stem)}:${list.slice(0, MAX_POSITIONS_PER_LEXEME).map((p) => `${Math.min(p.position, MAX_POSITION)}${p.label === 'D' ? '' : p.label}`).join(',')}`)
    .join(' ');
  // Positions past the last PostgreSQL keeps are clamped to it, and so are the starts.
  return { text, tokenCount, labelStarts: starts.slice(1).map((s) => Math.min(s, MAX_POSITION + 1)) };
}

/**
 * Each stem's positions (with the column's label), the token count, and the position each column
 * starts at (the position its first token has, or would have), before PostgreSQL's limits apply.
 */
export function stemPositions(columns: Array<{ text: string; label: ColumnLabel }>): {
  positions: Map<string, Array<{ position: number; label: ColumnLabel }>>;
  tokenCount: number;
  starts: number[];
} {
  const positions = new Map<string, Array<{ position: number; label: ColumnLabel }>>();
  const starts: number[] = [];
  let position = 0;
  let tokenCount = 0;
  for (const column of columns) {
    starts.push(position + 1);
    for (const token of tokenize(column.text)) {
      position += 1;
      tokenCount += 1;
      const list = positions.get(token.stem) ?? positions.set(token.stem, []).get(token.stem)!;
      list.push({ position, label: column.label });
    }
    position += 1;
  }
  return { positions, tokenCount, starts };
}

const LABELS: ReadonlySet<string> = new Set(['A', 'B', 'C', 'D']);

/**
 * A tsvector as PostgreSQL prints it (`'lexeme':3,17B 'other':5`: lexemes quoted with ' and \
 * doubled, positions ascending, a label after each that is not D) as each lexeme's positions.
 * Written by hand because no package reads PostgreSQL's tsvector output, and the ranked search
 * parses thousands of them a question: one pass of charCodeAt, no regular expression.
 * `labelOf`, when given, labels each position in place of its printed label (a tsvector whose
 * labels were overwritten to filter it; labelAt).
 */
export function parseTsvectorText(text: string, labelOf?: (position: number) => ColumnLabel): Map<string, Array<{ position: number; label: ColumnLabel }>> {
  const lexemes = new Map<string, Array<{ position: number; label: ColumnLabel }>>();
  let i = 0;
  while (i < text.length) {
    if (text[i] !== "'") {
      i++;
      continue;
    }
    let lexeme = '';
    let from = ++i;
    for (;;) {
      const c = text[i];
      if (c === undefined) throw new Error('tsvector text: unterminated lexeme');
      if (c === '\\' || (c === "'" && text[i + 1] === "'")) {
        lexeme += text.slice(from, i) + text[i + 1];
        i += 2;
        from = i;
      } else if (c === "'") {
        lexeme += text.slice(from, i);
        i++;
        break;
      } else {
        i++;
      }
    }
    const positions: Array<{ position: number; label: ColumnLabel }> = [];
    if (text[i] === ':') {
      i++;
      for (;;) {
        let position = 0;
        let code = text.charCodeAt(i);
        while (code >= 48 && code <= 57) {
          position = position * 10 + code - 48;
          code = text.charCodeAt(++i);
        }
        const next = text[i];
        let label: ColumnLabel = 'D';
        if (next !== undefined && LABELS.has(next)) {
          label = next as ColumnLabel;
          i++;
        }
        positions.push({ position, label: labelOf ? labelOf(position) : label });
        if (text[i] !== ',') break;
        i++;
      }
    }
    lexemes.set(lexeme, positions);
  }
  return lexemes;
}
