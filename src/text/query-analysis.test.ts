import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import Database from 'better-sqlite3';
import { analyzeQuestion, toFtsQuery, quoteFts, WEIGHTS, type QueryAnalysis } from './query-analysis.js';

const term = (a: QueryAnalysis, fts: string) => a.terms.find((t) => t.fts === fts);

describe('analyzeQuestion', () => {
  test('keeps topic words, drops filler, keeps negation as a low-weight operator', () => {
    const a = analyzeQuestion('Under D.C. law, can my client be evicted without notice if she does not pay rent?');
    const words = a.terms.filter((t) => t.source === 'question' && t.kind !== 'operator').map((t) => t.norm);
    assert.deepEqual(words, ['evicted', 'notice', 'pay', 'rent']);
    assert.equal(term(a, 'not')?.kind, 'operator');
    assert.equal(term(a, 'without')?.weight, WEIGHTS.operator);
    assert.equal(a.negated, true);
  });

  test('"can\'t" and "doesn\'t" still mark the question negative', () => {
    assert.equal(analyzeQuestion("Why can't the landlord raise the rent?").negated, true);
    assert.equal(analyzeQuestion('Can the landlord raise the rent?').negated, false);
  });

  test('quoted phrases, defined terms, numbers, money, percentages, sections and dates', () => {
    const a = analyzeQuestion(
      'Does the "change of control" clause let the Licensee assign after March 1, 2010 for $2,500, 18% or thirty days under § 2-1402.11?',
    );
    assert.deepEqual(
      a.phrases.filter((p) => p.source !== 'expansion').map((p) => [p.norms.join(' '), p.source]),
      [['change of control', 'quoted']],
    );
    assert.deepEqual(a.definedTerms, ['Licensee']);
    assert.equal(term(a, 'licensee')?.kind, 'defined');
    assert.deepEqual(a.dates.map((d) => d.iso), ['2010-03-01']);
    assert.deepEqual(
      a.numbers.map((n) => [n.text, n.kind, n.value]),
      [['$2,500', 'money', 2500], ['18%', 'percent', 18], ['2-1402.11', 'section', null], ['thirty', 'number', 30]],
    );
    assert.equal(term(a, '2 1402 11')?.kind, 'section', 'a section number is searched as the phrase of its parts');
    assert.equal(term(a, '2 500')?.kind, 'money');
    assert.equal(term(a, '1402'), undefined, 'the parts are not loose terms');
    assert.ok((term(a, 'change')?.weight ?? 0) > WEIGHTS.word, 'quoted words weigh more');
  });

  test('ISO and slash dates', () => {
    assert.deepEqual(analyzeQuestion('Was it signed on 1/3/2005 or 2010-03-01?').dates.map((d) => d.iso), ['2005-01-03', '2010-03-01']);
  });

  test('thesaurus expansions are marked and weigh less than question words', () => {
    const a = analyzeQuestion('My client was fired. How long does she have to sue?');
    const discharge = term(a, 'discharge');
    assert.equal(discharge?.source, 'expansion');
    assert.equal(discharge?.weight, WEIGHTS.expansion);
    assert.ok(a.phrases.some((p) => p.source === 'expansion' && p.norms.join(' ') === 'civil action'));
    assert.equal(term(a, 'fired')?.source, 'question');
    assert.ok(a.expansions.some((h) => h.trigger === 'How long'));
  });

  test('an expansion never replaces the same word asked by the user', () => {
    const a = analyzeQuestion('Can a tenant be evicted?');
    assert.equal(term(a, 'tenant')?.source, 'question');
    assert.equal(term(a, 'tenant')?.weight, WEIGHTS.word);
  });
});

describe('place names by what is asked', () => {
  test('a loaded code\'s place name is content in a question about documents, filler in a statute question', () => {
    const stems = (a: QueryAnalysis) => a.terms.filter((t) => t.source === 'question').map((t) => t.norm);
    // Contracts: the governing law asked for is the question's point.
    assert.ok(stems(analyzeQuestion('Which agreements are governed by Virginia law?')).includes('virginia'));
    assert.ok(stems(analyzeQuestion('Is the lease governed by the laws of Colorado?')).includes('colorado'));
    // Statutes: retrieval is already scoped to the Virginia code, where every section is Virginia's.
    assert.ok(!stems(analyzeQuestion('How old must someone be to buy tobacco in Virginia?', { scope: 'statutes' })).includes('virginia'));
  });
});

describe('toFtsQuery', () => {
  test('quotes every term, ORs them, puts phrases in one pair of quotes', () => {
    const q = toFtsQuery(analyzeQuestion('"change of control" Licensee'), { expansions: false });
    assert.equal(q, '"change of control" OR "change" OR "control" OR "licensee"');
  });

  test('expansions can be left out, and are in by default', () => {
    const a = analyzeQuestion('Can the landlord keep the deposit?');
    assert.ok(toFtsQuery(a)?.includes('"housing provider"'));
    assert.ok(!toFtsQuery(a, { expansions: false })?.includes('housing provider'));
  });

  test('expansion phrases can be left out while single-word expansions and quoted phrases stay', () => {
    const a = analyzeQuestion('Can the landlord keep the "security deposit"?');
    const q = toFtsQuery(a, { expansionPhrases: false }) ?? '';
    assert.ok(toFtsQuery(a)?.includes('"housing provider"'));
    assert.ok(!q.includes('housing provider'), q);
    assert.ok(q.includes('"security deposit"'), q);
    const single = a.terms.find((t) => t.source === 'expansion');
    assert.ok(single && q.includes(`"${single.fts}"`), q);
  });

  test('requirePhrases makes quoted phrases mandatory', () => {
    const q = toFtsQuery(analyzeQuestion('Is there a "most favored nation" clause on pricing?'), { requirePhrases: true, expansions: false });
    // "most" alone is an operator word (it is in the phrase, which is what is required).
    assert.equal(q, '"most favored nation" AND ("most favored nation" OR "favored" OR "nation" OR "pricing")');
  });

  test('null when nothing searchable is left', () => {
    assert.equal(toFtsQuery(analyzeQuestion('What is the law?')), null);
    assert.equal(toFtsQuery(analyzeQuestion('   "" ** ()')), null);
    assert.equal(toFtsQuery(analyzeQuestion('')), null);
  });

  test('quoteFts doubles inner quotes', () => {
    assert.equal(quoteFts('say "hi"'), '"say ""hi"""');
  });

  test('hostile input never makes an FTS5 syntax error', () => {
    const db = new Database(':memory:');
    db.exec(`CREATE VIRTUAL TABLE t USING fts5(body, tokenize='porter unicode61')`);
    const insert = db.prepare('INSERT INTO t(body) VALUES (?)');
    insert.run('A housing provider shall not evict a tenant without 30 days notice; see § 42-3505.01 and the $600 threshold.');
    insert.run('This Agreement shall be governed by the laws of the State of New York.');
    const search = db.prepare('SELECT rowid FROM t WHERE t MATCH ? ORDER BY bm25(t)');
    const hostile = [
      '"', '""', '"""', 'a"b', '*', 'tenant*', '* OR *', 'NEAR(', 'NEAR(tenant evict, 2)', 'AND OR NOT', 'NOT tenant',
      'tenant AND', '(tenant', 'tenant)', 'body:tenant', 'col:term', '{body}: x', '^tenant', '-tenant', '+tenant',
      "tenant's landlord can't", 'évincé locataire', '租客 驱逐', 'мой арендатор', '🏠 eviction 💸', '\u0000\u0001\u200b',
      'x'.repeat(8000), 'evict '.repeat(1400), '"'.repeat(8000), 'NEAR( '.repeat(1000), Array.from({ length: 800 }, (_, i) => `w${i}`).join(' '),
      'Does the "change of control clause apply?', '“curly” quotes and ‘single’', '$600 18% 2-1402.11 1/3/2005',
    ];
    let matched = 0;
    for (const input of hostile) {
      const a = analyzeQuestion(input);
      for (const options of [{}, { expansions: false }, { requirePhrases: true }]) {
        const q = toFtsQuery(a, options);
        if (q === null) continue;
        assert.doesNotThrow(() => search.all(q), `input ${JSON.stringify(input.slice(0, 40))} → ${q.slice(0, 80)}`);
      }
      if (toFtsQuery(a) !== null && search.all(toFtsQuery(a)).length > 0) matched++;
    }
    assert.ok(matched >= 5, 'the ordinary-looking inputs still find rows');
    db.close();
  });

  test('finds the right row: the question reaches statute wording through the thesaurus', () => {
    const db = new Database(':memory:');
    db.exec(`CREATE VIRTUAL TABLE t USING fts5(body, tokenize='porter unicode61')`);
    const insert = db.prepare('INSERT INTO t(rowid, body) VALUES (?, ?)');
    // D.C. Code § 42-3505.01(b) and § 12-301(a)(4), cut short.
    insert.run(1, 'A housing provider may recover possession of a rental unit when the tenant is violating an obligation of the tenancy.');
    insert.run(2, 'for libel, slander, assault, battery, mayhem, wounds, malicious prosecution, false arrest or false imprisonment — 1 year');
    const search = db.prepare('SELECT rowid FROM t WHERE t MATCH ? ORDER BY bm25(t) LIMIT 1');
    const top = (question: string, expansions: boolean) =>
      (search.get(toFtsQuery(analyzeQuestion(question), { expansions }) ?? '') as { rowid: number } | undefined)?.rowid;
    assert.equal(top('Can my landlord kick me out?', false), undefined, 'no shared word without the thesaurus');
    assert.equal(top('Can my landlord kick me out?', true), 1);
    assert.equal(top('How long do I have to sue for defamation?', true), 2);
    db.close();
  });
});
