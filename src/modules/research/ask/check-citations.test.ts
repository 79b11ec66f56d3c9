import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeQuestion } from '../../../text/query-analysis.js';
import { decideVerdict, type VerdictDecision } from '../verdict/index.js';
import { checkCitations } from './check-citations.js';
import type { CandidateSection, CheckCitation } from './ask.types.js';
import { candidates } from './__fixtures__/sections.js';

function verdictOn(assertion: string, given: CandidateSection[]): VerdictDecision {
  return decideVerdict(assertion, given.map((c) => ({ id: c.citation, text: c.text })));
}

function assertVerbatim(citations: CheckCitation[], given: CandidateSection[]): void {
  assert.ok(citations.length >= 1, 'at least one citation');
  for (const c of citations) {
    const source = given.find((g) => g.citation === c.code);
    assert.ok(source, `${c.code} is not a candidate`);
    assert.ok(c.quote.length > 0 && source.text.includes(c.quote), `not verbatim: ${c.quote}`);
    assert.equal(c.effective_as_of, source.effectiveFrom);
    assert.equal(c.status, source.status);
    assert.deepEqual(Object.keys(c).sort(), ['code', 'effective_as_of', 'quote', 'status']);
  }
}

test('SUPPORTED and CONTRADICTED: the deciding section first, quoted by its deciding sentence', () => {
  const given = candidates(['12-301', '42-3505.54'], [{}, { effectiveFrom: '2020-05-27' }]);
  for (const assertion of [
    'A month-to-month tenant may end the tenancy with a 30-day written notice.',
    'A month-to-month tenant may end the tenancy with a 10-day written notice.',
  ]) {
    const decision = verdictOn(assertion, given);
    assert.notEqual(decision.verdict, 'NO_MATCH');
    const citations = checkCitations(decision, given);
    assertVerbatim(citations, given);
    assert.equal(citations[0]?.code, 'D.C. Code § 42-3505.54');
    assert.equal(citations[0]?.quote, decision.quote);
    assert.equal(citations[0]?.effective_as_of, '2020-05-27');
  }
});

test('NO_MATCH: the nearest sections examined, quoted verbatim; with the analysis, by their best sentence', () => {
  const given = candidates(['12-301', '42-3505.54', '18-103']);
  const assertion = 'A will signed by only one witness is valid if the testator was a resident.';
  const decision: VerdictDecision = { verdict: 'NO_MATCH', explanation: 'No provision speaks to it.', provisionId: null, quote: null, confidence: 0.9 };
  const plain = checkCitations(decision, given);
  assertVerbatim(plain, given);
  assert.equal(plain[0]?.code, 'D.C. Code § 12-301', 'without an analysis, retrieval order decides');
  const analysed = checkCitations(decision, given, analyzeQuestion(assertion));
  assertVerbatim(analysed, given);
  assert.equal(analysed[0]?.code, 'D.C. Code § 18-103');
  assert.match(analysed[0]?.quote ?? '', /witnesses/);
});

test('a deciding quote that is not in the candidate text is never passed on', () => {
  const given = candidates(['18-103']);
  const decision: VerdictDecision = {
    verdict: 'SUPPORTED', explanation: 'x', provisionId: 'D.C. Code § 18-103', quote: 'words the section does not hold', confidence: 0.5,
  };
  const citations = checkCitations(decision, given);
  assertVerbatim(citations, given);
  assert.notEqual(citations[0]?.quote, decision.quote);
});

test('no candidates: nothing to cite', () => {
  const decision: VerdictDecision = { verdict: 'NO_MATCH', explanation: 'x', provisionId: null, quote: null, confidence: 0.9 };
  assert.deepEqual(checkCitations(decision, []), []);
});
