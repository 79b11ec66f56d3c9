import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { chunkPages } from '../../documents/passages/chunking.js';
import { analyzeQuestion } from '../../../text/query-analysis.js';
import { parseResponseStructure } from '../response-structure.js';
import { answerCell } from './answer-cell.js';
import { candidateSentences, joinNegatedPrefixes } from './candidate-sentences.js';
import { findDefinedDate } from './values/term-dates.js';
import { askedClause } from './run-cell.js';
import { clauseClassifier } from '../../../text/clauses/clause-classifier.js';
import { TAG_THRESHOLD } from '../../../text/clauses/clause-model.js';

const text = readFileSync(join(import.meta.dirname, '__fixtures__', 'wpt-zynga-license.txt'), 'utf8');
const passages = chunkPages([{ page: 1, text }]).map((p) => ({ fileId: 7, page: 1, start: p.start, end: p.end, text: p.text, score: 1 }));

function ask(question: string, structure: string) {
  const analysis = analyzeQuestion(question);
  const anchorOf = (key: string) => {
    const d = findDefinedDate(text, key);
    return d ? { iso: d.iso, ref: { file_id: 7, page: 1, quote: text.slice(d.start, d.end), start: d.start, end: d.end } } : null;
  };
  const kind = parseResponseStructure(structure);
  assert.ok(kind);
  return answerCell({ question, analysis, structure: kind, candidates: candidateSentences(passages, analysis), anchorOf });
}

test('typed answers from a real licence, each citing a verbatim slice of the page', () => {
  const cases: Array<[string, string, unknown]> = [
    ["Which state's law governs the agreement?", 'jurisdiction', 'California'],
    ['When does the initial term of this agreement expire?', 'date', '2021-02-01'],
    ['For how long does the agreement renew or extend after its term?', 'duration', { days: 730, text: '2 years' }],
    ["Does a party have the right to audit the other party's books and records?", 'yes_no', true],
    ['Does the agreement require a party to buy a minimum amount of products from a supplier?', 'yes_no', false],
    ['What payments in U.S. dollars must be received within the Initial Term?', 'money', { amount: 12_000_000, currency: 'USD' }],
  ];
  for (const [question, structure, expected] of cases) {
    const answer = ask(question, structure);
    assert.deepEqual(answer.value, expected, question);
    for (const c of answer.citations) assert.equal(text.slice(c.start, c.end), c.quote);
    if (answer.value !== null && answer.value !== false) assert.ok(answer.citations.length > 0);
  }
});

test('a question the file does not answer gives null and says so', () => {
  const answer = ask('What is the liquidated damages amount for late delivery of hardware?', 'money');
  assert.equal(answer.value, null);
  assert.equal(answer.display, 'Not stated in this file');
});

test('"non-exclusive" no longer reads as "exclusive"', () => {
  assert.equal(joinNegatedPrefixes('a non-exclusive, non- assignable, Non exclusive license'), 'a nonexclusive, nonassignable, Nonexclusive license');
});

test('a column reads its clause type from its title or its query, whichever is clearer', () => {
  assert.equal(askedClause('Exclusivity', 'Does the agreement grant exclusive rights or require exclusive dealing?'), 'Exclusivity');
  assert.equal(askedClause('Audit', "Does a party have the right to audit or inspect the other party's books and records?"), 'Audit Rights');
  assert.equal(askedClause('Notes', 'What did the parties discuss over lunch?'), null);
});

test('a yes/no clause column is yes when a passage carries the clause tag, citing its likeliest sentence; no otherwise, citing the nearest text', () => {
  const analysis = analyzeQuestion("Does a party have the right to audit the other party's books and records?");
  const structure = parseResponseStructure('yes_no');
  assert.ok(structure);
  const candidates = candidateSentences(passages, analysis);
  // The licence's own audit passage, as tagging at ingestion finds it.
  const classifier = clauseClassifier();
  const tagged = passages.filter((p) => (classifier.scores(p.text).find((c) => c.category === 'Audit Rights')?.p ?? 0) >= TAG_THRESHOLD);
  assert.ok(tagged.length > 0, 'the licence has an audit clause');
  const auditSentence = candidates.find((c) => /audit/i.test(c.text));
  assert.ok(auditSentence);
  const yes = answerCell({ question: 'audit?', analysis, structure, candidates, anchorOf: () => null, clause: { category: 'Audit Rights', sentences: [auditSentence] } });
  assert.equal(yes.value, true);
  assert.equal(yes.citations[0]?.quote, auditSentence.text);
  assert.equal(text.slice(yes.citations[0]!.start, yes.citations[0]!.end), yes.citations[0]!.quote);
  // No tagged passage: no, even though sentences share the question's words.
  const no = answerCell({ question: 'audit?', analysis, structure, candidates, anchorOf: () => null, clause: { category: 'Audit Rights', sentences: [] } });
  assert.equal(no.value, false);
  assert.match(no.display, /no such clause/);
  assert.equal(no.citations.length, 1);
});

test('a yes/no column asking for the freedom a restriction takes away is answered no by the clause, and not yes by its absence', () => {
  // The Detto / PivX reseller agreement (CUAD v1, CC BY 4.0).
  const text = "Detto may not assign any of its rights or delegate any of its obligations hereunder, whether by operation of law or otherwise, without PivX's prior written consent.";
  const sentence = { fileId: 3, page: 1, start: 0, end: text.length, text, relevance: 1 };
  const structure = parseResponseStructure('yes_no');
  assert.ok(structure);
  const cell = (question: string, sentences: (typeof sentence)[]) =>
    answerCell({ question, analysis: analyzeQuestion(question), structure, candidates: [sentence], anchorOf: () => null, clause: { category: 'Anti-Assignment', sentences } });
  const freely = "Can a party assign the agreement without the other party's consent?";
  const no = cell(freely, [sentence]);
  assert.equal(no.value, false);
  assert.equal(no.display, `No: ${text}`);
  assert.equal(no.citations[0]?.quote, text);
  const open = cell(freely, []);
  assert.equal(open.value, null, 'no restriction found is not a yes');
  assert.match(open.display, /no clause restricting it/);
  // The same clause answers yes to the question about the restriction itself.
  assert.equal(cell("Does assigning the agreement require the other party's consent?", [sentence]).value, true);
});
