import { test, describe, after } from 'node:test';
import assert from 'node:assert/strict';
import { createOpenAiEngine, type FallbackReason } from './openai-engine.js';
import type { AnswerEngine, AnswerRequest } from './answer-engine.js';
import { analyzeQuestion } from '../../text/query-analysis.js';
import { startFakeOpenAi, type FakeReply, type RecordedRequest } from '../../../test/support/fake-openai.js';
import { ADAMS_LAW, ICORE_NOTICES } from './__fixtures__/cuad-passages.js';

const QUESTION = 'Which law governs the agreement?';
const REQUEST: AnswerRequest = {
  question: QUESTION,
  analysis: analyzeQuestion(QUESTION),
  passages: [ADAMS_LAW, ICORE_NOTICES],
  files: [
    { fileId: ADAMS_LAW.fileId, fileName: ADAMS_LAW.fileName },
    { fileId: ICORE_NOTICES.fileId, fileName: ICORE_NOTICES.fileName },
    { fileId: 50, fileName: 'not-retrieved.pdf' },
  ],
};
const FALLBACK_RESULT = { answer: 'Fallback answer. <<file_id = 4>>', citations: [4] };

/** A fallback that records being called, standing in for the extractive engine. */
function fakeFallback(): AnswerEngine & { calls: number } {
  const engine = {
    name: 'fallback',
    calls: 0,
    async answer() {
      engine.calls++;
      return FALLBACK_RESULT;
    },
  };
  return engine;
}

const servers: Array<{ close(): Promise<void> }> = [];
after(async () => {
  for (const s of servers) await s.close();
});

// A ceiling for a hang, not a speed bound: a loaded machine answers the fake model slowly.
async function run(script: FakeReply[], timeoutMs = 30_000) {
  const server = await startFakeOpenAi(script);
  servers.push(server);
  const fallback = fakeFallback();
  const reasons: FallbackReason[] = [];
  const engine = createOpenAiEngine({
    baseUrl: server.baseUrl,
    model: 'test-model',
    apiKey: 'sk-test-123',
    timeoutMs,
    fallback,
    onFallback: (reason) => reasons.push(reason),
  });
  const result = await engine.answer(REQUEST);
  return { result, fallback, reasons, requests: server.requests };
}

describe('createOpenAiEngine', () => {
  test('a good answer passes through', async () => {
    const content = 'The Agreement is governed by the laws of the State of Kansas. <<file_id = 4>> The strategic alliance is governed by New York law. <<file_id = 9>>';
    const { result, fallback } = await run([{ content }]);
    assert.deepEqual(result, { answer: content, citations: [4, 9] });
    assert.equal(fallback.calls, 0);
  });

  test('the request carries the model, the key, temperature 0 and the labelled passages', async () => {
    const { requests } = await run([{ content: 'Kansas law governs. <<file_id = 4>>' }]);
    assert.equal(requests.length, 1);
    const req = requests[0] as RecordedRequest;
    assert.equal(req.method, 'POST');
    assert.equal(req.path, '/v1/chat/completions');
    assert.equal(req.headers.authorization, 'Bearer sk-test-123');
    const body = req.body as { model: string; temperature: number; messages: Array<{ role: string; content: string }> };
    assert.equal(body.model, 'test-model');
    assert.equal(body.temperature, 0);
    assert.equal(body.messages[0]?.role, 'system');
    assert.match(body.messages[0]?.content ?? '', /<<file_id = N>>/);
    const user = body.messages[1]?.content ?? '';
    assert.match(user, /file_id 4 — "ADAMSGOLFINC_03_21_2005-EX-10.17-ENDORSEMENT AGREEMENT.txt"/);
    assert.match(user, /file_id 9 — "ICORECONNECTINC/);
    assert.ok(user.includes('laws of the State of Kansas'));
    assert.ok(user.includes(QUESTION));
  });

  test('a tag naming a non-retrieved file is stripped and its sentence dropped', async () => {
    const { result, fallback } = await run([{ content: 'Kansas law governs. <<file_id = 4>> Delaware law governs the side letter. <<file_id = 50>>' }]);
    assert.deepEqual(result, { answer: 'Kansas law governs. <<file_id = 4>>', citations: [4] });
    assert.equal(fallback.calls, 0);
  });

  test('malformed tag spellings are normalized', async () => {
    const { result } = await run([{ content: 'Kansas law governs. <<file_id=4>> New York law governs the alliance. <<File_ID = 9>>' }]);
    assert.deepEqual(result, { answer: 'Kansas law governs. <<file_id = 4>> New York law governs the alliance. <<file_id = 9>>', citations: [4, 9] });
  });

  test('an answer with no supported sentence → fallback', async () => {
    const { result, reasons } = await run([{ content: 'Delaware law, most likely.' }]);
    assert.deepEqual(result, FALLBACK_RESULT);
    assert.deepEqual(reasons, ['guard-rejected']);
  });

  test('HTTP 500 → fallback', async () => {
    const { result, reasons } = await run([{ status: 500, body: '{"error":"boom"}' }]);
    assert.deepEqual(result, FALLBACK_RESULT);
    assert.deepEqual(reasons, ['http-error']);
  });

  test('timeout → fallback', async () => {
    const { result, reasons } = await run([{ delayMs: 3000, then: { content: 'Late. <<file_id = 4>>' } }], 150);
    assert.deepEqual(result, FALLBACK_RESULT);
    assert.deepEqual(reasons, ['timeout']);
    // The reason 'timeout' is what shows the call was cut short (the late reply would have given another).
  });

  test('non-JSON body → fallback', async () => {
    const { result, reasons } = await run([{ status: 200, body: '<html>gateway</html>', contentType: 'text/html' }]);
    assert.deepEqual(result, FALLBACK_RESULT);
    assert.deepEqual(reasons, ['bad-response']);
  });

  test('JSON without choices → fallback', async () => {
    const { result, reasons } = await run([{ status: 200, body: '{"object":"chat.completion","choices":[]}' }]);
    assert.deepEqual(result, FALLBACK_RESULT);
    assert.deepEqual(reasons, ['bad-response']);
  });

  test('connection refused → fallback', async () => {
    const server = await startFakeOpenAi([{ content: 'x' }]);
    const baseUrl = server.baseUrl;
    await server.close();
    const fallback = fakeFallback();
    const engine = createOpenAiEngine({ baseUrl, model: 'm', apiKey: '', timeoutMs: 2000, fallback });
    assert.deepEqual(await engine.answer(REQUEST), FALLBACK_RESULT);
    assert.equal(fallback.calls, 1);
  });

  test('no passages → fallback without calling the model', async () => {
    const server = await startFakeOpenAi([{ content: 'Kansas. <<file_id = 4>>' }]);
    servers.push(server);
    const fallback = fakeFallback();
    const engine = createOpenAiEngine({ baseUrl: server.baseUrl, model: 'm', apiKey: 'k', timeoutMs: 2000, fallback });
    assert.deepEqual(await engine.answer({ ...REQUEST, passages: [] }), FALLBACK_RESULT);
    assert.equal(server.requests.length, 0);
  });

  test('an empty key sends no Authorization header; a trailing slash on the base URL is tolerated', async () => {
    const server = await startFakeOpenAi([{ content: 'Kansas law governs. <<file_id = 4>>' }]);
    servers.push(server);
    const engine = createOpenAiEngine({ baseUrl: `${server.baseUrl}/`, model: 'm', apiKey: '', timeoutMs: 2000, fallback: fakeFallback() });
    assert.deepEqual((await engine.answer(REQUEST)).citations, [4]);
    assert.equal(server.requests[0]?.path, '/v1/chat/completions');
    assert.equal(server.requests[0]?.headers.authorization, undefined);
  });

  test("the caller's abort is rethrown, not answered by the fallback", async () => {
    const server = await startFakeOpenAi([{ delayMs: 3000, then: { content: 'x' } }]);
    servers.push(server);
    const fallback = fakeFallback();
    const engine = createOpenAiEngine({ baseUrl: server.baseUrl, model: 'm', apiKey: 'k', timeoutMs: 5000, fallback });
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('client went away')), 50);
    await assert.rejects(engine.answer(REQUEST, controller.signal), /client went away/);
    assert.equal(fallback.calls, 0);
  });
});
