import assert from 'node:assert/strict';
import { test } from 'node:test';
import Fastify from 'fastify';
import { registerErrorHandler } from './error-handler.js';
import { registerLoadShedding } from './load-shedding.js';

test('past the in-flight bound, requests are shed with 503 and Retry-After, and admitted again after', async () => {
  const app = Fastify();
  registerErrorHandler(app);
  registerLoadShedding(app, 2);
  let open: () => void = () => {};
  const gate = new Promise<void>((resolve) => (open = resolve));
  let arrived = 0;
  let bothArrived: () => void = () => {};
  const arrival = new Promise<void>((resolve) => (bothArrived = resolve));
  app.get('/slow', async () => {
    if (++arrived === 2) bothArrived();
    await gate;
    return { ok: true };
  });
  app.get('/fast', async () => ({ ok: true }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  assert.ok(address && typeof address === 'object');
  const base = `http://127.0.0.1:${address.port}`;
  try {
    const held = [fetch(`${base}/slow`), fetch(`${base}/slow`)];
    await arrival; // both are in flight: a state, not a guess at how long that takes
    const shed = await fetch(`${base}/fast`);
    assert.equal(shed.status, 503);
    assert.deepEqual(await shed.json(), { detail: 'Temporarily unavailable' });
    assert.equal(shed.headers.get('retry-after'), '1');
    const health = await fetch(`${base}/healthz`);
    assert.notEqual(health.status, 503, 'the health check is never shed');
    open();
    for (const response of await Promise.all(held)) assert.equal(response.status, 200);
    assert.equal((await fetch(`${base}/fast`)).status, 200);
  } finally {
    await app.close();
  }
});
