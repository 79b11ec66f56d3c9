import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import BetterSqlite3 from 'better-sqlite3';
import { bm25Sql, loadFolioBm25 } from './folio-bm25.js';

// Real legal text: two CUAD contract excerpts and statute sentences of Virginia and Colorado, one row a line.
const FIXTURES = [
  '../../modules/projects/engine/__fixtures__/wpt-zynga-license.txt',
  '../../modules/projects/engine/__fixtures__/aduro-consulting.txt',
  '../../modules/statutes/citations/__fixtures__/va-section-sentences.txt',
  '../../modules/statutes/citations/__fixtures__/co-06-sentences.txt',
];
const LINES = FIXTURES.flatMap((f) => readFileSync(new URL(f, import.meta.url), 'utf8').split('\n')).map((l) => l.trim()).filter((l) => l.length > 0);

// OR of words, a phrase, AND, NOT, a repeated word: the queries a named table may be given (plain
// phrases, as the passage index writes them: no prefix, no column filter).
const QUERIES = [
  '"license" OR "agreement" OR "term"',
  '"board" OR "regulations" OR "shall"',
  '"the board shall" OR "federal"',
  '"party" AND ("terminate" OR "notice")',
  '"shall" NOT "board"',
  '"agreement" OR "agreement" OR "services"',
];

/** Every matching row's score, by rowid, with the given SQL for the score. */
function scores(db: BetterSqlite3.Database, table: string, score: string, query: string): Array<[number, number]> {
  return (db.prepare(`select rowid as id, ${score} as s from ${table} where ${table} match ? order by rowid`).all(query) as Array<{ id: number; s: number }>).map((r) => [r.id, r.s]);
}

function tableOf(db: BetterSqlite3.Database, table: string, lines: string[], firstRowid = 1): void {
  db.exec(`create virtual table ${table} using fts5(text, tokenize='porter unicode61')`);
  const insert = db.prepare(`insert into ${table}(rowid, text) values (?, ?)`);
  lines.forEach((line, i) => insert.run(firstRowid + i, line));
}

describe('folio_bm25 scores as FTS5 bm25 does', () => {
  let db: BetterSqlite3.Database;

  before(() => {
    // The library is built by `npm install`; build it here too, so the test stands on its own.
    const built = spawnSync(process.execPath, ['scripts/build-native.mjs'], { cwd: new URL('../../../', import.meta.url), encoding: 'utf8' });
    assert.equal(built.status, 0, built.stderr);
    db = new BetterSqlite3(':memory:');
    assert.equal(loadFolioBm25(db), true, 'folio_bm25 should load after scripts/build-native.mjs');
    tableOf(db, 'legal', LINES);
  });
  after(() => db.close());

  test('every matching row gets the same score, to the last bit, before and after its length and counts are kept', () => {
    for (const query of QUERIES) {
      const expected = scores(db, 'legal', 'bm25(legal)', query);
      assert.ok(expected.length > 0, `no row matches ${query}`);
      // The first run reads each length from FTS5 and keeps it; the second scores from the kept ones.
      assert.deepEqual(scores(db, 'legal', "folio_bm25(legal, 'legal')", query), expected, query);
      assert.deepEqual(scores(db, 'legal', "folio_bm25(legal, 'legal')", query), expected, query);
      assert.deepEqual(scores(db, 'legal', 'folio_bm25(legal)', query), expected, `${query}, nothing kept`);
    }
  });

  test('unnamed, it scores prefix queries as bm25 does (a named table keeps counts by tokens, which a prefix shares)', () => {
    for (const query of ['licens* OR "consult"', '"licens" OR "consult"']) {
      assert.deepEqual(scores(db, 'legal', 'folio_bm25(legal)', query), scores(db, 'legal', 'bm25(legal)', query), query);
    }
  });

  test('the ranking of a search with a limit is the same', () => {
    for (const query of QUERIES) {
      const ranked = (score: string) => db.prepare(`select rowid as id, -${score} as s from legal where legal match ? order by ${score} limit 5`).all(query);
      assert.deepEqual(ranked("folio_bm25(legal, 'legal')"), ranked('bm25(legal)'), query);
    }
  });

  test('kept lengths follow inserts, deletes and a rowid given to another text', () => {
    const db2 = new BetterSqlite3(':memory:');
    try {
      loadFolioBm25(db2);
      tableOf(db2, 't', LINES.slice(0, 30));
      const check = () => {
        for (const query of QUERIES) assert.deepEqual(scores(db2, 't', "folio_bm25(t, 't')", query), scores(db2, 't', 'bm25(t)', query), query);
      };
      check();
      db2.prepare('insert into t(rowid, text) values (?, ?)').run(1000, LINES[40]);
      check();
      db2.prepare('delete from t where rowid = ?').run(3);
      check();
      // A scored row's rowid given to a longer text with the same words: the table's totals change,
      // so the kept lengths go.
      const [rowid] = scores(db2, 't', 'bm25(t)', QUERIES[0]!)[0]!;
      const text = db2.prepare('select text from t where rowid = ?').pluck().get(rowid) as string;
      db2.prepare('delete from t where rowid = ?').run(rowid);
      db2.prepare('insert into t(rowid, text) values (?, ?)').run(rowid, `${text} ${text}`);
      check();
      // Words changed for as many other words: rows and tokens are as they were, the counts are not.
      const [licensed] = scores(db2, 't', 'bm25(t)', '"license"')[0]!;
      const before = db2.prepare('select text from t where rowid = ?').pluck().get(licensed) as string;
      const after = before.replace(/\blicense\b/gi, 'board');
      assert.notEqual(after, before);
      db2.prepare('delete from t where rowid = ?').run(licensed);
      db2.prepare('insert into t(rowid, text) values (?, ?)').run(licensed, after);
      check();
    } finally {
      db2.close();
    }
  });

  test('two tables on one connection keep their lengths apart, and rowids past what is kept still score right', () => {
    // The second table's rows share the first's rowids with other texts, then sit past 2^32.
    tableOf(db, 'other', [...LINES].reverse());
    tableOf(db, 'far', LINES.slice(0, 20), 2 ** 33);
    for (const query of QUERIES) {
      assert.deepEqual(scores(db, 'legal', "folio_bm25(legal, 'legal')", query), scores(db, 'legal', 'bm25(legal)', query), query);
      assert.deepEqual(scores(db, 'other', "folio_bm25(other, 'other')", query), scores(db, 'other', 'bm25(other)', query), query);
      assert.deepEqual(scores(db, 'far', "folio_bm25(far, 'far')", query), scores(db, 'far', 'bm25(far)', query), query);
    }
  });

  test('more tables than one connection keeps at once still score right, first and again', () => {
    const names = Array.from({ length: 70 }, (_, i) => `many${i}`);
    names.forEach((name, i) => tableOf(db, name, LINES.slice(i % 20, (i % 20) + 12)));
    for (let round = 0; round < 2; round++) {
      for (const name of names) {
        for (const query of QUERIES.slice(0, 2)) assert.deepEqual(scores(db, name, `folio_bm25(${name}, '${name}')`, query), scores(db, name, `bm25(${name})`, query), `${name} ${query}`);
      }
    }
  });

  test('column weights score as bm25 weighs them, and in a contentless_delete table (as the statute index is) deleted rows count no more', () => {
    // A heading and a text column, as statute sections have them; contentless, with deletes. FTS5
    // leaves such a table's totals (rows, tokens) as they were when a row is deleted, so its bm25
    // drifts with every re-import; folio_bm25 counts what the table holds, and scores as bm25 scores
    // a table built from the remaining rows alone.
    const create = (name: string) => db.exec(`create virtual table ${name} using fts5(heading, text, content='', contentless_delete=1, tokenize='porter unicode61')`);
    const fill = (name: string, from: number) => {
      const insert = db.prepare(`insert into ${name}(rowid, heading, text) values (?, ?, ?)`);
      LINES.forEach((line, i) => i + 1 >= from && insert.run(i + 1, LINES[(i + 7) % LINES.length]!.split(' ').slice(0, 6).join(' '), line));
    };
    create('sections');
    fill('sections', 1);
    const named = bm25Sql(db, 'sections', 'folio_bm25', [3, 1]);
    assert.equal(named, "folio_bm25(sections, 'sections', 3, 1)");
    for (const deleted of [0, 10, 20]) {
      db.prepare('delete from sections where rowid <= ?').run(deleted);
      const fresh = `sections_from_${deleted + 1}`;
      create(fresh);
      fill(fresh, deleted + 1);
      for (const query of QUERIES) {
        const expected = scores(db, fresh, bm25Sql(db, fresh, 'bm25', [3, 1]), query);
        assert.deepEqual(scores(db, 'sections', named, query), expected, `${query}, ${deleted} deleted`);
        if (deleted > 0 && query === QUERIES[0]) assert.notDeepEqual(scores(db, 'sections', bm25Sql(db, 'sections', 'bm25', [3, 1]), query), expected, 'FTS5 bm25 drifts');
      }
    }
  });

  test('bm25Sql gives folio_bm25 on a connection that loads it, and FTS5 bm25 when asked', () => {
    assert.equal(bm25Sql(db, 'legal'), "folio_bm25(legal, 'legal')");
    assert.equal(bm25Sql(db, 'legal', 'bm25'), 'bm25(legal)');
    assert.equal(bm25Sql(db, 'legal', 'bm25', [3, 1, 1.5]), 'bm25(legal, 3, 1, 1.5)');
    assert.throws(() => bm25Sql(db, 'legal', 'folio_bm25', [Number.NaN]), /not a column weight/);
  });
});
