import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import BetterSqlite3 from 'better-sqlite3';
import { bm25Score, phraseFrequency, type Bm25Document } from './bm25.js';
import { parseFtsExpression, phrasesOf } from './fts-expression.js';
import { stemPositions } from './tsvector.js';
import { matches } from '../../../test/support/fts-matches.js';

// Real statute text: D.C. Code § 2-1402.11, one document per paragraph.
const section = JSON.parse(readFileSync(new URL('../../modules/statutes/__fixtures__/dc-2-1402.11-excerpt.jsonl', import.meta.url), 'utf8').split('\n')[0]!) as { text: string };
const paragraphs = section.text.split('\n').filter((p) => p.trim() !== '');
const docs = paragraphs.map((p) => {
  const words = p.split(' ');
  return { heading: words.slice(0, 6).join(' '), text: words.slice(6).join(' ') };
});

for (const query of ['"employer" OR "discriminatory practice" OR "pregnancy"', '"individual" AND ("employment" OR "employee")', '"the"', '"status" NOT "victim"']) {
  test(`bm25 over tsvector positions ranks as FTS5's bm25 does: ${query}`, () => {
    const db = new BetterSqlite3(':memory:');
    db.exec("create virtual table t using fts5(heading, text, tokenize='porter unicode61')");
    const insert = db.prepare('insert into t (rowid, heading, text) values (?, ?, ?)');
    docs.forEach((d, i) => insert.run(i + 1, d.heading, d.text));
    const expected = db.prepare('select rowid as id, -bm25(t, 3, 1) as score from t where t match ? order by bm25(t), rowid').all(query) as Array<{ id: number; score: number }>;
    db.close();
    assert.ok(expected.length > 0);

    const node = parseFtsExpression(query)!;
    const phrases = phrasesOf(node);
    const built: Bm25Document[] = docs.map((d) => stemPositions([{ text: d.heading, label: 'A' }, { text: d.text, label: 'D' }]));
    const stats = {
      total: built.length,
      tokens: built.reduce((n, d) => n + d.tokenCount, 0),
      hits: phrases.map((p) => built.filter((d) => phraseFrequency(d, p, {}) > 0).length),
    };
    const actual = built
      .map((doc, i) => ({ id: i + 1, doc }))
      .filter(({ doc }) => matches(node, doc))
      .map(({ id, doc }) => ({ id, score: bm25Score(doc, phrases, stats, { A: 3, D: 1 }) }))
      .sort((a, b) => b.score - a.score || a.id - b.id);
    assert.deepEqual(actual.map((r) => r.id), expected.map((r) => r.id));
    actual.forEach((r, i) => assert.ok(Math.abs(r.score - expected[i]!.score) < 1e-9 * Math.max(1, Math.abs(r.score)), `${r.score} vs ${expected[i]!.score}`));
  });
}
