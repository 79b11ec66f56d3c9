/**
 * FTS5 MATCH expressions (as src/text/fts-query.ts builds them: quoted phrases joined by OR, AND,
 * NOT and parentheses) turned into PostgreSQL tsquery text over the same stems the SQLite index
 * holds, so both backends match exactly the same documents. Pure.
 */
import { quoteFts } from '../../text/fts-query.js';
import { tokenize } from '../../text/tokens.js';

export type FtsNode =
  | { kind: 'phrase'; stems: string[] }
  | { kind: 'and' | 'or'; items: FtsNode[] }
  | { kind: 'not'; left: FtsNode; right: FtsNode };

type Token = { t: 'phrase'; text: string } | { t: 'op'; op: 'AND' | 'OR' | 'NOT' } | { t: '(' } | { t: ')' };

function lex(expression: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < expression.length) {
    const c = expression[i]!;
    if (/\s/.test(c) || c === '*' || c === '+') i++;
    else if (c === '(' || c === ')') {
      out.push({ t: c });
      i++;
    } else if (c === '"') {
      // FTS5's only escape: a doubled quote inside a quoted string.
      let text = '';
      i++;
      while (i < expression.length) {
        if (expression[i] === '"') {
          if (expression[i + 1] === '"') {
            text += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        text += expression[i++];
      }
      out.push({ t: 'phrase', text });
    } else {
      const match = /^[^\s()"*+]+/.exec(expression.slice(i))!;
      const word = match[0];
      i += word.length;
      if (word === 'AND' || word === 'OR' || word === 'NOT') out.push({ t: 'op', op: word });
      else out.push({ t: 'phrase', text: word });
    }
  }
  return out;
}

/** Parses with FTS5's precedence (NOT binds tightest, then AND, implicit AND between neighbours, then OR). Null when nothing searchable is left. */
export function parseFtsExpression(expression: string): FtsNode | null {
  const tokens = lex(expression);
  let pos = 0;
  const peek = () => tokens[pos];
  const primary = (): FtsNode | null => {
    const token = tokens[pos++];
    if (!token) return null;
    if (token.t === '(') {
      const inner = orExpr();
      if (peek()?.t === ')') pos++;
      return inner;
    }
    if (token.t === 'phrase') {
      const stems = tokenize(token.text).map((w) => w.stem);
      return stems.length > 0 ? { kind: 'phrase', stems } : null;
    }
    return null;
  };
  const notExpr = (): FtsNode | null => {
    let left = primary();
    while (peek()?.t === 'op' && (peek() as { op: string }).op === 'NOT') {
      pos++;
      const right = primary();
      if (left && right) left = { kind: 'not', left, right };
    }
    return left;
  };
  const andExpr = (): FtsNode | null => {
    const items: FtsNode[] = [];
    const first = notExpr();
    if (first) items.push(first);
    for (;;) {
      const next = peek();
      if (!next || next.t === ')' || (next.t === 'op' && next.op === 'OR')) break;
      if (next.t === 'op' && next.op === 'AND') pos++;
      const item = notExpr();
      if (item) items.push(item);
    }
    return items.length === 0 ? null : items.length === 1 ? items[0]! : { kind: 'and', items };
  };
  const orExpr = (): FtsNode | null => {
    const items: FtsNode[] = [];
    const first = andExpr();
    if (first) items.push(first);
    while (peek()?.t === 'op' && (peek() as { op: string }).op === 'OR') {
      pos++;
      const item = andExpr();
      if (item) items.push(item);
    }
    return items.length === 0 ? null : items.length === 1 ? items[0]! : { kind: 'or', items };
  };
  return orExpr();
}

/** A tsquery lexeme: stems are letters and digits, but quoting keeps any text a plain lexeme. */
export const quoteLexeme = (stem: string) => `'${stem.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/** tsquery text for the parsed expression (cast with `::tsquery`, never through a parser config: the stems are already final). */
export function toTsQuery(node: FtsNode): string {
  switch (node.kind) {
    case 'phrase':
      return node.stems.length === 1 ? quoteLexeme(node.stems[0]!) : `(${node.stems.map(quoteLexeme).join(' <-> ')})`;
    case 'and':
      return `(${node.items.map(toTsQuery).join(' & ')})`;
    case 'or':
      return `(${node.items.map(toTsQuery).join(' | ')})`;
    case 'not':
      return `(${toTsQuery(node.left)} & !${toTsQuery(node.right)})`;
  }
}

/** Every phrase of the expression, in order, repeats kept: FTS5's bm25 sums over each of them. */
export function phrasesOf(node: FtsNode): string[][] {
  switch (node.kind) {
    case 'phrase':
      return [node.stems];
    case 'and':
    case 'or':
      return node.items.flatMap(phrasesOf);
    case 'not':
      return [...phrasesOf(node.left), ...phrasesOf(node.right)];
  }
}

/**
 * The words of an expression that is exactly a plain OR of quoted single words, as toFtsQuery builds
 * it for a question without phrases, as written and as the index stems them; null for anything
 * else (a phrase, AND, NOT, a prefix, a word the tokenizer splits in two). Pruned ranking
 * (pruned-ranking.ts) rebuilds sub-queries from them.
 */
export function plainOrWords(expression: string): Array<{ text: string; stem: string }> | null {
  const texts = lex(expression).flatMap((token) => (token.t === 'phrase' ? [token.text] : []));
  if (texts.length === 0 || texts.map(quoteFts).join(' OR ') !== expression) return null;
  const words: Array<{ text: string; stem: string }> = [];
  for (const text of texts) {
    const tokens = tokenize(text);
    if (tokens.length !== 1) return null;
    words.push({ text, stem: tokens[0]!.stem });
  }
  return words;
}
