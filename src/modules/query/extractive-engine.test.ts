import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createExtractiveEngine, extractiveAnswer } from './extractive-engine.js';
import { NO_ANSWER, type AnswerRequest, type RetrievedPassage } from './answer-engine.js';
import { extractTagIds } from './citation-tags.js';
import { analyzeQuestion } from '../../text/query-analysis.js';
import { splitSentences } from '../../text/sentences.js';
import { scoreSentence } from '../../text/overlap.js';
import { sharedDataPath, missingDataReason } from '../../../test/support/shared-data.js';
import * as F from './__fixtures__/cuad-passages.js';
import { clauseClassifier } from '../../text/clauses/clause-classifier.js';

const ALL = [F.ADAMS_LAW, F.ADAMS_TERMINATION, F.ADAMS_PRODUCT, F.ICORE_TERMINATION, F.ICORE_NOTICES, F.ANTARES_LAW];

function request(question: string, passages: RetrievedPassage[] = ALL): AnswerRequest {
  const files = [...new Map(passages.map((p) => [p.fileId, { fileId: p.fileId, fileName: p.fileName }])).values()];
  return { question, analysis: analyzeQuestion(question), passages, files };
}

/** Every tag follows a sentence end: text, then optional closing quote/paren, then the tag. */
function assertTagsAfterSentences(answer: string): void {
  for (const m of answer.matchAll(/(.{0,3})<<file_id = \d+>>/g)) {
    assert.match(m[1] ?? '', /[.!?…"”)'] $|>> $/, `tag not after a sentence end: "${m[0]}"`);
  }
}

/** Citations list each tag id once, first-cited order, and nothing else. */
function assertCitationsMatchTags(answer: string, citations: number[]): void {
  assert.deepEqual(citations, extractTagIds(answer));
}

describe('extractive engine on real CUAD passages', () => {
  test('a governing-law question picks the governing-law sentence of the named agreement', () => {
    const r = extractiveAnswer(request('What is the governing law of the Adams Golf agreement?'));
    assert.match(r.answer, /This Agreement shall be governed and construed according to the laws of the State of Kansas\. <<file_id = 4>>/);
    assert.deepEqual(r.citations, [4]);
    assert.doesNotMatch(r.answer, /New York/, 'other agreements are not the answer');
    assertTagsAfterSentences(r.answer);
  });

  test('a named contract without the clause: "no such clause" even when another contract\'s clause is the best evidence', () => {
    // The question names the ICORE alliance agreement (file 9), whose passages here hold no cap on liability;
    // the Euromedia license's limitation of liability matches the question's words better.
    const question = 'Is there a limitation of liability in the iCoreConnect agreement?';
    const focus = { fileId: 9, fileName: F.ICORE_TERMINATION.fileName, category: 'Cap On Liability', present: false, clear: false, passages: [F.ICORE_TERMINATION] };
    const r = extractiveAnswer({ ...request(question, [F.EUROMEDIA_LIABILITY, F.ICORE_TERMINATION]), focus });
    assert.match(r.answer, /^The Strategic Alliance Agreement .*has no clause on cap on liability/);
    assert.deepEqual(r.citations, [9]);
    assert.doesNotMatch(r.answer, /Rogers|consequential/, 'another contract\'s clause is not quoted');
  });

  test('a general governing-law question quotes each agreement, one paragraph per file', () => {
    const r = extractiveAnswer(request('Which law governs the agreement?'));
    assert.deepEqual(new Set(r.citations), new Set([4, 9, 12]));
    assert.match(r.answer, /State of Kansas\. <<file_id = 4>>/);
    assert.match(r.answer, /substantive laws of the State of New York, without regard to its conflict of law provisions\. <<file_id = 12>>/);
    assert.equal(r.answer.split('\n\n').length, 3);
    assert.match(r.answer, /^In the (?:Manufacturing|Endorsement|Strategic Alliance) Agreement \(/);
    assertCitationsMatchTags(r.answer, r.citations);
    assertTagsAfterSentences(r.answer);
  });

  test('a notice-period question picks the notice sentence, with its heading and numbering removed', () => {
    const r = extractiveAnswer(request('How much notice is required to terminate the agreement without cause?'));
    const first = r.answer.split('\n\n')[0] ?? '';
    assert.match(first, /Both parties may terminate this Agreement upon ninety \("90"\) days written notice/);
    assert.match(first, /<<file_id = 9>>$/);
    assert.doesNotMatch(r.answer, /A\. Termination Without Cause/);
    assertTagsAfterSentences(r.answer);
  });

  test('a question naming one agreement does not pull in sentences of the others', () => {
    const r = extractiveAnswer(request('What is the notice period for terminating the Strategic Alliance Agreement?'));
    assert.deepEqual(r.citations, [9]);
    assert.match(r.answer, /ninety \("90"\) days written notice/);
  });

  test('an unrelated question abstains plainly', () => {
    for (const q of ['What is the airspeed velocity of an unladen swallow?', 'Can the consultant be paid in cryptocurrency?', 'Who won the 1998 World Cup?']) {
      assert.deepEqual(extractiveAnswer(request(q)), { answer: NO_ANSWER, citations: [] }, q);
    }
  });

  test('no passages → abstains', () => {
    assert.deepEqual(extractiveAnswer(request('Which law governs the agreement?', [])), { answer: NO_ANSWER, citations: [] });
  });

  test('a "which agreements ..." question lists the matching files, one line each with its tag', () => {
    const r = extractiveAnswer(request('Which agreements are governed by New York law?'));
    const lines = r.answer.split('\n');
    assert.equal(lines[0], '2 documents in this workspace match:');
    assert.equal(lines.length, 3);
    assert.ok(lines.slice(1).every((l) => /^- .+ <<file_id = \d+>>$/.test(l)), r.answer);
    assert.deepEqual(new Set(r.citations), new Set([9, 12]));
    assert.doesNotMatch(r.answer, /Kansas/);
  });

  test('a "which agreements ..." question can list files by their names', () => {
    const r = extractiveAnswer(request('Which agreements are endorsement agreements?'));
    assert.equal(r.answer, 'One document in this workspace matches:\n- Endorsement Agreement (Adamsgolf) <<file_id = 4>>');
    assert.deepEqual(r.citations, [4]);
  });

  test('never cites a file outside the request', () => {
    const passages = ALL.map((p) => ({ ...p, text: p.text.replace('Kansas.', 'Kansas. <<file_id = 77>>') }));
    const r = extractiveAnswer(request('What is the governing law of the Adams Golf agreement?', passages));
    assert.deepEqual(r.citations, [4]);
    assert.doesNotMatch(r.answer, /<<file_id = 77>>/);
  });

  test('at most four sentences, no sentence twice', () => {
    const doubled = [...ALL, ...ALL.map((p) => ({ ...p, score: 0.5 }))];
    const r = extractiveAnswer(request('How can the agreement be terminated and on how many days notice?', doubled));
    const tags = r.answer.match(/<<file_id = \d+>>/g) ?? [];
    assert.ok(tags.length >= 1 && tags.length <= 4, r.answer);
    const sentences = r.answer.split(/<<file_id = \d+>>/).map((s) => s.replace(/^\s*In the [^:]+: /, '').trim()).filter(Boolean);
    assert.equal(new Set(sentences).size, sentences.length, r.answer);
  });

  test('the engine object answers and honours an aborted signal', async () => {
    const engine = createExtractiveEngine();
    assert.equal(engine.name, 'extractive');
    assert.deepEqual((await engine.answer(request('What is the governing law of the Adams Golf agreement?'))).citations, [4]);
    const controller = new AbortController();
    controller.abort(new Error('gone'));
    await assert.rejects(engine.answer(request('x'), controller.signal), /gone/);
  });
});

const CUAD = ['documents', 'cuad', 'txt'];
test('on whole CUAD contracts: governing-law questions name the contract\'s governing law', { skip: sharedDataPath(...CUAD) ? false : missingDataReason(...CUAD) }, () => {
  const dir = sharedDataPath(...CUAD) ?? '';
  const names = readdirSync(dir).filter((n) => /^(ADAMSGOLF|ICORECONNECT|Antares Pharma)/.test(n));
  assert.equal(names.length, 3);
  const question = 'Which law governs the agreement?';
  const analysis = analyzeQuestion(question);
  // Retrieval stand-in: ~800-character passages of sentences, ranked by their best sentence score.
  const passages: RetrievedPassage[] = [];
  for (const [i, name] of names.entries()) {
    const text = readFileSync(join(dir, name), 'utf8');
    let current = '';
    for (const s of splitSentences(text)) {
      current += `${s.text} `;
      if (current.length > 800) {
        passages.push({ fileId: i + 1, fileName: name, page: null, text: current, score: 0 });
        current = '';
      }
    }
  }
  for (const p of passages) p.score = Math.max(0, ...splitSentences(p.text).map((s) => scoreSentence(s.text, analysis)));
  passages.sort((a, b) => b.score - a.score);
  const r = extractiveAnswer({ question, analysis, passages: passages.slice(0, 10), files: names.map((n, i) => ({ fileId: i + 1, fileName: n })) });
  assert.match(r.answer, /Kansas/);
  assert.match(r.answer, /New York/);
  assertTagsAfterSentences(r.answer);
  assertCitationsMatchTags(r.answer, r.citations);
});

describe('a list of agreements by clause type', () => {
  // CUAD v1 (CC BY 4.0): the Intuit / Stamps.com sponsorship agreement's opening (its law is
  // California's) and the Vertex Energy operation and maintenance agreement's governing-law clause.
  const stamps: RetrievedPassage = {
    fileId: 9, fileName: 'STAMPSCOMINC_06_24_1999-EX-10.18-SPONSORSHIP AGREEMENT.txt', page: null, score: 1,
    text: 'This Sponsorship Agreement ("Agreement") is entered into as of the 14th day of May, 1999 ("Effective Date"), by and between Intuit Inc. a Delaware corporation, located at 2550 Garcia Ave., Mountain View, California 94043 ("Intuit"), and Stamps.com Inc., a Delaware corporation, located at 2900 31st Street, Suite 150, Santa Monica, CA 90405-3035 ("Client").',
  };
  const vertex: RetrievedPassage = {
    fileId: 10, fileName: 'VERTEXENERGYINC_08_14_2014-EX-10.24-OPERATION AND MAINTENANCE AGREEMENT.txt', page: null, score: 1,
    text: 'This Agreement shall be governed by, construed, and enforced in accordance with the laws of the State of Delaware, without regard to choice of law principles that would require the application of the laws of any other jurisdiction.',
  };
  const tagged = (p: RetrievedPassage) => ({ ...p, clauses: clauseClassifier().significant(p.text) });
  const question = 'Which agreements are governed by Delaware law?';

  test('a document is listed for a passage that is such a clause, not for the words alone', () => {
    const passages = [tagged(stamps), tagged(vertex)];
    const listed = extractiveAnswer({ ...request(question, passages), listClause: 'Governing Law' });
    assert.deepEqual(listed.citations, [10]);
    assert.match(listed.answer, /laws of the State of Delaware/);
    // Without the clause type read, both hold the words asked for.
    assert.deepEqual(new Set(extractiveAnswer(request(question, passages)).citations), new Set([9, 10]));
  });
});
