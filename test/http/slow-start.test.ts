import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { test } from 'node:test';
import type { AnswerWork } from '../../src/answering/answer-work.js';
import { startTestServer } from '../support/test-server.js';

/** Fastify's default bound on a plugin or onReady hook, which the answering threads' start-up once ran into. */
const FASTIFY_DEFAULT_PLUGIN_TIMEOUT_MS = 10_000;

test('a server whose answering starts slower than Fastify\'s default hook bound still starts (a busy machine)', async () => {
  // Answering threads start in onReady and load the statute titles first: on 2 cores under full
  // load (`npm test` beside `stress --cpu 2`) that took over 10 s, and the server failed to start.
  let started = false;
  const unused = () => Promise.reject(new Error('not asked in this test'));
  const answering: AnswerWork = {
    concurrency: 1,
    query: unused,
    ask: unused,
    check: unused,
    compare: unused,
    start: async () => {
      await sleep(FASTIFY_DEFAULT_PLUGIN_TIMEOUT_MS + 500);
      started = true;
    },
    close: async () => {},
  };
  const server = await startTestServer({ extraDeps: { answering } });
  try {
    assert.ok(started, 'listening only once answering has started');
    assert.equal((await server.request('/healthz')).status, 200);
  } finally {
    await server.close();
  }
});
