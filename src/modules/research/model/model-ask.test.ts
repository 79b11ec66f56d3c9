import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { startFakeOpenAi, type FakeReply } from '../../../../test/support/fake-openai.js';
import { analyzeQuestion } from '../../../text/query-analysis.js';
import { composeAnswer } from '../ask/index.js';
import type { CandidateSection, ComposedAnswer } from '../ask/ask.types.js';
import { candidates, fixtureSection } from '../ask/__fixtures__/sections.js';
import { createModelAsk, type ModelResearchOptions } from './model-ask.js';
import type { ModelFallbackReason } from './fallback.js';

const DC = 'District of Columbia';
const QUESTION = 'How long do I have to file a lawsuit for slander?';
const SLANDER = '(4) for libel, slander, assault, battery, mayhem, wounding, malicious prosecution, false arrest or false imprisonment— 1 year;';

function builtInFor(question: string, given: CandidateSection[]): ComposedAnswer {
  return composeAnswer(question, analyzeQuestion(question), given, DC);
}

/** Runs one ask against a fake model scripted with `script`; returns the result, the fallbacks and the requests. */
async function run(script: FakeReply[], given: CandidateSection[], overrides: Partial<ModelResearchOptions> = {}, question = QUESTION) {
  const fake = await startFakeOpenAi(script);
  try {
    const fallbacks: ModelFallbackReason[] = [];
    const modelAsk = createModelAsk({ baseUrl: fake.baseUrl, model: 'fake-model', apiKey: 'k', timeoutMs: 5000, onFallback: (r) => fallbacks.push(r), ...overrides });
    const builtIn = builtInFor(question, given);
    const result = await modelAsk({ question, jurisdictionName: DC, candidates: given, builtIn });
    return { result, builtIn, fallbacks, requests: fake.requests };
  } finally {
    await fake.close();
  }
}

function modelReply(value: unknown): FakeReply {
  return { content: JSON.stringify(value) };
}

const GOOD = {
  answer: 'Under D.C. Code § 12-301(a)(4), an action for slander must be brought within 1 year after the right to sue accrues.',
  citations: [{ code: 'D.C. Code § 12-301', quote: SLANDER }],
  confidence: 'HIGH',
};

describe('createModelAsk with the fake model server on real D.C. sections', () => {
  test('a good model answer passes, its quote verbatim', async () => {
    const { result, fallbacks, requests } = await run([modelReply(GOOD)], candidates(['12-301', '16-902', '18-103']));
    assert.deepEqual(fallbacks, []);
    assert.equal(requests.length, 1);
    assert.equal(result.answer, GOOD.answer);
    assert.equal(result.confidence, 'HIGH');
    assert.deepEqual(result.citations, [
      { code: 'D.C. Code § 12-301', section_number: '12-301', section_title: 'Limitation of time for bringing actions.', quote: SLANDER, effective_as_of: '2024-10-08', status: 'CURRENT' },
    ]);
    assert.ok(fixtureSection('12-301').text.includes(result.citations[0]?.quote ?? '!'));
  });

  test('the request shows at most 5 sections, with their citation, heading, date and status, and the question', async () => {
    const given = candidates(['12-301', '16-902', '18-103', '32-1303', '32-1301', '42-3505.54']);
    const { requests } = await run([modelReply(GOOD)], given);
    const body = requests[0]?.body as { model: string; temperature: number; messages: { role: string; content: string }[] };
    assert.equal(body.model, 'fake-model');
    assert.equal(body.temperature, 0);
    const user = body.messages.find((m) => m.role === 'user')?.content ?? '';
    for (const c of given.slice(0, 5)) {
      assert.ok(user.includes(`citation: ${c.citation}`), c.citation);
      assert.ok(user.includes(c.heading));
    }
    assert.ok(!user.includes('42-3505.54'), 'the sixth section is not shown');
    assert.match(user, /in force from: 2024-10-08; status: CURRENT/);
    assert.ok(user.includes(QUESTION));
    assert.match(body.messages[0]?.content ?? '', /"confidence": "HIGH\|MEDIUM\|LOW"/);
  });

  test('a section text over 6,000 characters is cut in the prompt', async () => {
    const long = `${fixtureSection('47-2002').text}\n${fixtureSection('32-1303').text}`;
    assert.ok(long.length > 6000);
    const given = candidates(['47-2002', '12-301'], [{ text: long }]);
    const { requests } = await run([modelReply(GOOD)], given);
    const user = (requests[0]?.body as { messages: { content: string }[] }).messages[1]?.content ?? '';
    assert.ok(user.includes(long.slice(0, 6000)));
    assert.ok(!user.includes(long.slice(6000, 6100)));
    assert.ok(user.includes('[… text cut here …]'));
  });

  test('a paraphrased "quote" is replaced by the built-in quote, and confidence drops', async () => {
    const { result, builtIn, fallbacks } = await run(
      [modelReply({ ...GOOD, citations: [{ code: 'D.C. Code § 12-301', quote: 'a suit for slander must be filed within one year' }] })],
      candidates(['12-301', '16-902', '18-103']),
    );
    assert.deepEqual(fallbacks, []);
    assert.equal(result.answer, GOOD.answer);
    assert.equal(result.citations[0]?.quote, builtIn.citations[0]?.quote);
    assert.equal(result.citations[0]?.quote, SLANDER);
    assert.equal(result.confidence, 'MEDIUM');
  });

  test('a paraphrased quote of a section the built-in did not cite is dropped', async () => {
    const { result, fallbacks } = await run(
      [modelReply({ ...GOOD, citations: [...GOOD.citations, { code: 'D.C. Code § 18-103', quote: 'two people must witness a will' }] })],
      candidates(['12-301', '16-902', '18-103']),
    );
    assert.deepEqual(fallbacks, []);
    assert.deepEqual(result.citations.map((c) => c.code), ['D.C. Code § 12-301']);
  });

  test('a code not among the candidates is dropped', async () => {
    const { result, fallbacks } = await run(
      [modelReply({ ...GOOD, citations: [...GOOD.citations, { code: 'D.C. Code § 12-302', quote: 'Except as otherwise provided by law' }] })],
      candidates(['12-301', '16-902', '18-103']),
    );
    assert.deepEqual(fallbacks, []);
    assert.deepEqual(result.citations.map((c) => c.code), ['D.C. Code § 12-301']);
  });

  test('an answer citing an unretrieved section falls back', async () => {
    const { result, builtIn, fallbacks } = await run(
      [modelReply({ ...GOOD, answer: `${GOOD.answer} The period is tolled for minors under D.C. Code § 12-302.` })],
      candidates(['12-301', '16-902', '18-103']),
    );
    assert.deepEqual(fallbacks, ['guard-rejected']);
    assert.deepEqual(result, builtIn);
  });

  test('only unknown codes or unfound quotes with no built-in stand-in: falls back', async () => {
    const { result, builtIn, fallbacks } = await run(
      [modelReply({ ...GOOD, citations: [{ code: 'D.C. Code § 32-1303', quote: 'wages earned' }, { code: 'D.C. Code § 18-103', quote: 'two witnesses must sign' }] })],
      candidates(['12-301', '16-902', '18-103']),
    );
    assert.deepEqual(fallbacks, ['guard-rejected']);
    assert.deepEqual(result, builtIn);
  });

  for (const [name, script, reason, options] of [
    ['HTTP 500', [{ status: 500, body: '{"error":"overloaded"}' }], 'http-error', {}],
    ['a timeout', [{ delayMs: 3000, then: modelReply(GOOD) }], 'timeout', { timeoutMs: 150 }],
    ['a reply that is not JSON', [{ content: 'Slander claims must be brought within one year (D.C. Code § 12-301).' }], 'bad-json', {}],
    ['a gateway page', [{ status: 200, body: '<html>502</html>', contentType: 'text/html' }], 'bad-response', {}],
  ] as const) {
    test(`${name} falls back to the built-in answer`, async () => {
      const { result, builtIn, fallbacks } = await run([...script], candidates(['12-301', '16-902', '18-103']), options);
      assert.deepEqual(fallbacks, [reason]);
      assert.deepEqual(result, builtIn);
    });
  }

  test('confidence is capped at the built-in composer’s', async () => {
    const question = 'What is the tax rate on retail sales of tangible personal property?';
    const given = candidates(['12-301', '18-103', '16-902']);
    const builtIn = builtInFor(question, given);
    assert.equal(builtIn.confidence, 'LOW', 'the fixture sections do not answer this question');
    const { result, fallbacks } = await run(
      [modelReply({ answer: 'The sections given do not state a sales tax rate; D.C. Code § 12-301 only sets limitation periods.', citations: [{ code: 'D.C. Code § 12-301', quote: SLANDER }], confidence: 'HIGH' })],
      given,
      {},
      question,
    );
    assert.deepEqual(fallbacks, []);
    assert.equal(result.confidence, 'LOW');
  });

  test('no candidates: no model call, the built-in answer stands', async () => {
    const { result, builtIn, fallbacks, requests } = await run([modelReply(GOOD)], []);
    assert.equal(requests.length, 0);
    assert.deepEqual(fallbacks, ['no-candidates']);
    assert.deepEqual(result, builtIn);
  });
});
