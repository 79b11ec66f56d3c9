import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { startFakeOpenAi, type FakeReply } from '../../../../test/support/fake-openai.js';
import { analyzeQuestion } from '../../../text/query-analysis.js';
import { checkCitations } from '../ask/index.js';
import { decideVerdict } from '../verdict/index.js';
import type { CandidateSection } from '../ask/ask.types.js';
import { candidates, fixtureSection } from '../ask/__fixtures__/sections.js';
import { createModelCheck } from './model-check.js';
import type { CheckAnswer } from './guard.js';
import type { ModelFallbackReason } from './fallback.js';

const SLANDER = '(4) for libel, slander, assault, battery, mayhem, wounding, malicious prosecution, false arrest or false imprisonment— 1 year;';
const GIVEN = candidates(['12-301', '16-902', '18-103']);

/** The built-in verdict, computed as research.usecases.ts computes it. */
function builtInFor(assertion: string, given: CandidateSection[]): CheckAnswer {
  const decision = decideVerdict(assertion, given.map((c) => ({ id: c.citation, text: c.text })), { noMatchThreshold: 0.35 });
  return { verdict: decision.verdict, explanation: decision.explanation, citations: checkCitations(decision, given, analyzeQuestion(assertion)) };
}

async function run(script: FakeReply[], assertion: string, given: CandidateSection[] = GIVEN, timeoutMs = 5000) {
  const fake = await startFakeOpenAi(script);
  try {
    const fallbacks: ModelFallbackReason[] = [];
    const modelCheck = createModelCheck({ baseUrl: fake.baseUrl, model: 'fake-model', apiKey: '', timeoutMs, onFallback: (r) => fallbacks.push(r) });
    const builtIn = builtInFor(assertion, given);
    const result = await modelCheck({ assertion, candidates: given, builtIn });
    return { result, builtIn, fallbacks, requests: fake.requests };
  } finally {
    await fake.close();
  }
}

function modelReply(value: unknown): FakeReply {
  return { content: JSON.stringify(value) };
}

describe('createModelCheck with the fake model server on real D.C. sections', () => {
  test('a verdict with a verbatim deciding quote passes', async () => {
    const assertion = 'In D.C., a slander suit may be filed up to 3 years after the claim accrues.';
    const { result, fallbacks, requests } = await run(
      [modelReply({ verdict: 'CONTRADICTED', explanation: 'D.C. Code § 12-301(a)(4) allows "1 year" for slander, not 3 years.', citations: [{ code: 'D.C. Code § 12-301', quote: SLANDER }] })],
      assertion,
    );
    assert.deepEqual(fallbacks, []);
    assert.equal(result.verdict, 'CONTRADICTED');
    assert.match(result.explanation, /"1 year"/);
    assert.deepEqual(result.citations, [{ code: 'D.C. Code § 12-301', quote: SLANDER, effective_as_of: '2024-10-08', status: 'CURRENT' }]);
    const user = (requests[0]?.body as { messages: { role: string; content: string }[] }).messages[1]?.content ?? '';
    assert.ok(user.includes(`Assertion: ${assertion}`));
    assert.ok(user.includes('citation: D.C. Code § 18-103'));
  });

  test('a fabricated quote falls back to the built-in verdict', async () => {
    const assertion = 'An action for slander must be brought within 1 year.';
    const { result, builtIn, fallbacks } = await run(
      [modelReply({ verdict: 'CONTRADICTED', explanation: 'The statute allows two years for slander.', citations: [{ code: 'D.C. Code § 12-301', quote: 'for libel or slander— 2 years;' }] })],
      assertion,
    );
    assert.equal(builtIn.verdict, 'SUPPORTED');
    assert.deepEqual(fallbacks, ['guard-rejected']);
    assert.deepEqual(result, builtIn);
  });

  test('a deciding quote from a section that was not retrieved falls back', async () => {
    const assertion = 'An employer must pay a discharged employee’s wages by the next working day.';
    const wages = 'the employer shall pay the employee’s wages earned not later than the working day following such discharge';
    assert.ok(fixtureSection('32-1303').text.includes(wages));
    const { result, builtIn, fallbacks } = await run(
      [modelReply({ verdict: 'SUPPORTED', explanation: 'The wage law says "not later than the working day following such discharge".', citations: [{ code: 'D.C. Code § 32-1303', quote: wages }] })],
      assertion,
    );
    assert.deepEqual(fallbacks, ['guard-rejected']);
    assert.deepEqual(result, builtIn);
  });

  test('NO_MATCH is accepted with the nearest section quoted verbatim', async () => {
    const assertion = 'Sellers in D.C. must collect a 6% sales tax on retail sales.';
    const { result, fallbacks } = await run(
      [modelReply({ verdict: 'NO_MATCH', explanation: 'None of the sections speaks to sales tax.', citations: [{ code: 'D.C. Code § 12-301', quote: SLANDER }] })],
      assertion,
    );
    assert.deepEqual(fallbacks, []);
    assert.equal(result.verdict, 'NO_MATCH');
    assert.equal(result.citations[0]?.quote, SLANDER);
  });

  test('an over-long explanation falls back', async () => {
    const assertion = 'An action for slander must be brought within 1 year.';
    const { result, builtIn, fallbacks } = await run(
      [modelReply({ verdict: 'SUPPORTED', explanation: 'Because. '.repeat(200), citations: [{ code: 'D.C. Code § 12-301', quote: SLANDER }] })],
      assertion,
    );
    assert.deepEqual(fallbacks, ['guard-rejected']);
    assert.deepEqual(result, builtIn);
  });

  for (const [name, script, reason, timeoutMs] of [
    ['HTTP 500', [{ status: 500, body: 'oops', contentType: 'text/plain' }], 'http-error', 5000],
    ['a timeout', [{ delayMs: 3000, then: { content: '{}' } }], 'timeout', 150],
    ['a reply that is not JSON', [{ content: 'SUPPORTED' }], 'bad-json', 5000],
  ] as const) {
    test(`${name} falls back to the built-in verdict`, async () => {
      const { result, builtIn, fallbacks } = await run([...script], 'An action for slander must be brought within 1 year.', GIVEN, timeoutMs);
      assert.deepEqual(fallbacks, [reason]);
      assert.deepEqual(result, builtIn);
    });
  }

  test('no candidates: no model call', async () => {
    const { result, builtIn, fallbacks, requests } = await run([modelReply({})], 'Anything.', []);
    assert.equal(requests.length, 0);
    assert.deepEqual(fallbacks, ['no-candidates']);
    assert.deepEqual(result, builtIn);
  });
});
