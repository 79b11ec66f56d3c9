import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { tokenize, tokenizeLegal, tokenizeUncached, wordStems, foldWord, stemWord, type Token } from './tokens.js';
import { sharedDataPath, missingDataReason } from '../../test/support/shared-data.js';

const pick = (tokens: Token[], key: 'text' | 'norm' | 'stem' | 'kind'): string[] => tokens.map((t) => t[key]);

/** The terms FTS5 stores for `text`, in order, via an fts5vocab instance table. */
function fts5Terms(tokenizer: string, text: string): string[] {
  const db = new Database(':memory:');
  try {
    db.exec(`CREATE VIRTUAL TABLE t USING fts5(body, tokenize='${tokenizer}')`);
    db.exec(`CREATE VIRTUAL TABLE v USING fts5vocab(t, instance)`);
    db.prepare('INSERT INTO t(body) VALUES (?)').run(text);
    const rows = db.prepare('SELECT term, "offset" AS o FROM v ORDER BY o').all() as { term: string; o: number }[];
    return rows.map((r) => r.term);
  } finally {
    db.close();
  }
}

// D.C. Code § 42-3505.01(c) and CUAD contract text, with citations, money and hyphens.
const STATUTE =
  'A housing provider may recover possession of a rental unit where a court of competent jurisdiction has determined that the tenant has performed an illegal act. The housing provider shall serve on the tenant a 30-day notice to vacate; see § 42-3505.01(a-1) and the $600 threshold, 18% interest, and 100,000 units.';
const CONTRACT =
  'This Agreement shall be governed by and construed in accordance with the laws of the State of New York, without regard to its conflict of laws principles. Licensee’s royalty is 3.5% of Net Sales.';

describe('tokenize (FTS5 unicode61 view)', () => {
  test('splits citations, money, percentages and hyphens as unicode61 does', () => {
    const tokens = tokenize('§ 2-1402.11 costs $600, 18% and a 30-day notice');
    assert.deepEqual(pick(tokens, 'norm'), ['2', '1402', '11', 'costs', '600', '18', 'and', 'a', '30', 'day', 'notice']);
    assert.deepEqual(pick(tokens, 'kind').slice(0, 3), ['number', 'number', 'number']);
  });

  test('offsets are exact and text is verbatim', () => {
    for (const t of tokenize(CONTRACT)) assert.equal(CONTRACT.slice(t.start, t.end), t.text);
  });

  test('folds case and diacritics like remove_diacritics', () => {
    assert.deepEqual(pick(tokenize('Café RÉSUMÉ naïve'), 'norm'), ['cafe', 'resume', 'naive']);
    assert.equal(foldWord('Cafe\u0301'), 'cafe');
  });

  test('norms equal the terms FTS5 unicode61 indexes, on statute and contract text', () => {
    for (const text of [STATUTE, CONTRACT, 'Café naïve über ½ 3rd ①']) {
      assert.deepEqual(pick(tokenize(text), 'norm'), fts5Terms('unicode61', text), text);
    }
  });

  test('stems equal the terms FTS5 porter unicode61 indexes', () => {
    for (const text of [STATUTE, CONTRACT]) {
      assert.deepEqual(pick(tokenize(text), 'stem'), fts5Terms('porter unicode61', text), text);
    }
  });

  test('stemWord leaves short words and numbers alone and conflates inflections', () => {
    assert.equal(stemWord('is'), 'is');
    assert.equal(stemWord('1402'), '1402');
    assert.equal(stemWord('terminated'), stemWord('termination'));
    assert.equal(stemWord('tenants'), 'tenant');
  });
});

describe('tokenizeLegal (display / exact-match view)', () => {
  test('keeps section numbers, money, percentages and compounds whole', () => {
    const tokens = tokenizeLegal(
      'Under D.C. Code § 2-1402.11, Va. Code § 18.2-10 and 42 U.S.C. § 1983: a $2,500 fine, 18 % interest, 100,000 units, a 30-day notice.',
    );
    const byText = new Map(tokens.map((t) => [t.text, t]));
    assert.equal(byText.get('2-1402.11')?.kind, 'section');
    assert.equal(byText.get('18.2-10')?.kind, 'section');
    assert.deepEqual([byText.get('$2,500')?.kind, byText.get('$2,500')?.norm], ['money', '$2500']);
    assert.deepEqual([byText.get('18 %')?.kind, byText.get('18 %')?.norm], ['percent', '18%']);
    assert.deepEqual([byText.get('100,000')?.kind, byText.get('100,000')?.norm], ['number', '100000']);
    assert.deepEqual([byText.get('30-day')?.kind, byText.get('30-day')?.stem], ['compound', '30-dai']);
    assert.deepEqual([byText.get('U.S.C.')?.kind, byText.get('U.S.C.')?.norm], ['abbreviation', 'usc']);
    assert.equal(byText.get('D.C.')?.norm, 'dc');
  });

  test('a sentence-final period is not part of a section number', () => {
    const tokens = tokenizeLegal('See § 42-3505.01.');
    assert.deepEqual(pick(tokens, 'text'), ['See', '42-3505.01']);
  });

  test('possessives fold to the noun; curly apostrophes and hyphens normalise', () => {
    const tokens = tokenizeLegal('the tenant’s non‐compete, Licensee\'s rights');
    assert.deepEqual(pick(tokens, 'norm'), ['the', 'tenant', 'non-compete', 'licensee', 'rights']);
    assert.equal(tokens[1]?.stem, 'tenant');
  });

  test('offsets are exact', () => {
    for (const t of tokenizeLegal(STATUTE)) assert.equal(STATUTE.slice(t.start, t.end), t.text);
  });
});

describe('tokenize on shared data', () => {
  const cuad = sharedDataPath('documents', 'cuad', 'txt');
  test('word view matches FTS5 porter unicode61 on 3 whole CUAD contracts', { skip: cuad ? false : missingDataReason('documents', 'cuad', 'txt') }, () => {
    const dir = cuad ?? '';
    for (const name of readdirSync(dir).sort().slice(0, 3)) {
      const text = readFileSync(join(dir, name), 'utf8');
      const ours = pick(tokenize(text), 'stem');
      const theirs = fts5Terms('porter unicode61', text);
      assert.equal(ours.length, theirs.length, `${name}: token count`);
      const differ = ours.filter((s, i) => s !== theirs[i]).length;
      // The two Porter implementations may disagree on a rare odd token; the splitting must not.
      assert.ok(differ / ours.length < 0.001, `${name}: ${differ} of ${ours.length} stems differ`);
    }
  });
});

test('wordStems gives the stems of the word view without building tokens', () => {
  // D.C. Code § 42-3502.17(c)(1), with an accented word and a section number.
  const text = 'No housing provider shall withhold a security deposit for the replacement value of apartment items damaged due to ordinary wear and tear (§ 42-3502.17; café).';
  assert.deepEqual(wordStems(text), tokenizeUncached(text).map((t) => t.stem));
});
