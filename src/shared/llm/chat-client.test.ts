import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { startFakeOpenAi } from '../../../test/support/fake-openai.js';
import { callChatModel, ModelCallError, type ChatMessage } from './chat-client.js';

const MESSAGES: ChatMessage[] = [
  { role: 'system', content: 'rules' },
  { role: 'user', content: 'question' },
];

async function failure(promise: Promise<unknown>): Promise<ModelCallError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof ModelCallError, String(error));
    return error;
  }
  assert.fail('expected a ModelCallError');
}

describe('callChatModel against the fake model server', () => {
  test('returns the assistant text and sends the protocol body with the Bearer key', async (t) => {
    const fake = await startFakeOpenAi([{ content: '{"answer":"x"}' }]);
    t.after(() => fake.close());
    const content = await callChatModel({ baseUrl: `${fake.baseUrl}/`, model: 'm1', apiKey: 'sk-test', timeoutMs: 30_000 }, MESSAGES, { maxTokens: 321 });
    assert.equal(content, '{"answer":"x"}');
    const request = fake.requests[0];
    assert.equal(request?.path, '/v1/chat/completions');
    assert.equal(request?.headers.authorization, 'Bearer sk-test');
    assert.deepEqual(request?.body, { model: 'm1', temperature: 0, max_tokens: 321, stream: false, messages: MESSAGES });
  });

  test('no Authorization header when the key is empty', async (t) => {
    const fake = await startFakeOpenAi([{ content: 'ok' }]);
    t.after(() => fake.close());
    await callChatModel({ baseUrl: fake.baseUrl, model: 'm', apiKey: '', timeoutMs: 30_000 }, MESSAGES, { maxTokens: 10 });
    assert.equal(fake.requests[0]?.headers.authorization, undefined);
  });

  test('HTTP 500 is an http-error', async (t) => {
    const fake = await startFakeOpenAi([{ status: 500, body: '{"error":"boom"}' }]);
    t.after(() => fake.close());
    const e = await failure(callChatModel({ baseUrl: fake.baseUrl, model: 'm', apiKey: '', timeoutMs: 30_000 }, MESSAGES, { maxTokens: 10 }));
    assert.equal(e.reason, 'http-error');
    assert.match(e.message, /HTTP 500/);
  });

  test('a slow model is a timeout', async (t) => {
    const fake = await startFakeOpenAi([{ delayMs: 3000, then: { content: 'late' } }]);
    t.after(() => fake.close());
    const e = await failure(callChatModel({ baseUrl: fake.baseUrl, model: 'm', apiKey: '', timeoutMs: 150 }, MESSAGES, { maxTokens: 10 }));
    assert.equal(e.reason, 'timeout'); // the late reply would have been another outcome
  });

  test('a body that is not JSON, or has no message content, is a bad-response', async (t) => {
    const fake = await startFakeOpenAi([
      { status: 200, body: '<html>gateway</html>', contentType: 'text/html' },
      { status: 200, body: '{"choices":[]}' },
      { status: 200, body: '{"choices":[{"message":{"content":null}}]}' },
    ]);
    t.after(() => fake.close());
    const options = { baseUrl: fake.baseUrl, model: 'm', apiKey: '', timeoutMs: 30_000 };
    for (let i = 0; i < 3; i++) assert.equal((await failure(callChatModel(options, MESSAGES, { maxTokens: 10 }))).reason, 'bad-response');
  });

  test('nothing listening is a network-error', async () => {
    const fake = await startFakeOpenAi([{ content: 'x' }]);
    const baseUrl = fake.baseUrl;
    await fake.close();
    const e = await failure(callChatModel({ baseUrl, model: 'm', apiKey: '', timeoutMs: 30_000 }, MESSAGES, { maxTokens: 10 }));
    assert.equal(e.reason, 'network-error');
  });

  test('the caller’s abort is rethrown as is, not turned into a model failure', async (t) => {
    const fake = await startFakeOpenAi([{ delayMs: 3000, then: { content: 'late' } }]);
    t.after(() => fake.close());
    const controller = new AbortController();
    const reason = new Error('client went away');
    setTimeout(() => controller.abort(reason), 50);
    await assert.rejects(callChatModel({ baseUrl: fake.baseUrl, model: 'm', apiKey: '', timeoutMs: 30_000 }, MESSAGES, { maxTokens: 10, signal: controller.signal }), (e) => e === reason);
  });
});
