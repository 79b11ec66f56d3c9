import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ConfigError, defaultQueryThreads, loadConfig } from './config.js';

test('answering threads default to one per core but one, from 1 to 4', () => {
  assert.equal(defaultQueryThreads(1), 1);
  assert.equal(defaultQueryThreads(2), 1);
  assert.equal(defaultQueryThreads(4), 3);
  assert.equal(defaultQueryThreads(32), 4);
  assert.equal(loadConfig({}).queryThreads, defaultQueryThreads());
});

test('FOLIO_QUERY_THREADS is read and validated; 0 runs answering on the event loop', () => {
  assert.equal(loadConfig({ FOLIO_QUERY_THREADS: '0' }).queryThreads, 0);
  assert.equal(loadConfig({ FOLIO_QUERY_THREADS: '3' }).queryThreads, 3);
  assert.throws(() => loadConfig({ FOLIO_QUERY_THREADS: '-1' }), (e: unknown) => e instanceof ConfigError && /FOLIO_QUERY_THREADS must be an integer from 0 to 64/.test(e.message));
  assert.throws(() => loadConfig({ FOLIO_QUERY_THREADS: 'two' }), ConfigError);
  assert.throws(() => loadConfig({ FOLIO_QUERY_THREADS: '65' }), ConfigError);
});
