import assert from 'node:assert/strict';
import { test } from 'node:test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { clauseModelFiles } from '../text/clauses/clause-model-files.js';
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

test('FOLIO_CLAUSE_MODEL names a trained model whose columns file lies beside it; a missing file stops the start', () => {
  const dir = mkdtempSync(join(tmpdir(), 'folio-clause-model-'));
  try {
    assert.equal(loadConfig({}).clauseModel, null);
    const model = join(dir, 'mine.json');
    writeFileSync(model, '{}');
    assert.throws(() => loadConfig({ FOLIO_CLAUSE_MODEL: model }), (e: unknown) => e instanceof ConfigError && /mine\.columns\.json does not exist/.test(e.message));
    writeFileSync(join(dir, 'mine.columns.json'), '{}');
    assert.equal(loadConfig({ FOLIO_CLAUSE_MODEL: model }).clauseModel, model);
    const files = clauseModelFiles({ FOLIO_CLAUSE_MODEL: model });
    assert.deepEqual([fileURLToPath(files.model), fileURLToPath(files.columns)], [model, join(dir, 'mine.columns.json')]);
    assert.match(clauseModelFiles({}).columns.pathname, /src\/text\/clauses\/clause-model\.columns\.json$|dist\/text\/clauses\/clause-model\.columns\.json$/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
