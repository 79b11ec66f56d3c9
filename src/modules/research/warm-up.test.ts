import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openTestStore } from '../../../test/support/test-store.js';
import { findImportFormat } from '../statutes/import/formats.js';
import { importStatutes } from '../statutes/import/import-statutes.js';
import { createStatutesRepository } from '../statutes/storage/statutes.repository.js';
import { warmResearch, warmResearchOn } from './warm-up.js';

// The warm-up is worth its start-up time only if it runs the paths a real answer runs: a quoted
// answer and a verdict read from a figure, not the abstention path.
test('the warm-up answers from its section and supports its assertion', () => {
  const { answer, verdict } = warmResearch();
  assert.equal(answer.confidence, 'HIGH');
  assert.equal(answer.citations[0]?.code, 'D.C. Code § 12-302');
  assert.match(answer.citations[0]?.quote ?? '', /within 5 years after the disability is removed/);
  assert.equal(verdict.verdict, 'SUPPORTED');
  assert.match(verdict.explanation, /within 5 years/);
});

// At start each thread also asks the loaded corpus once per jurisdiction: it must read it (a cited
// section of each jurisdiction) and never reach a configured model.
test('the corpus warm-up answers from each loaded jurisdiction without calling a model', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'folio-warm-'));
  const opened = await openTestStore(dir);
  try {
    const fixtures = join(dirname(fileURLToPath(import.meta.url)), '..', 'statutes', 'importers', '__fixtures__');
    await importStatutes({ db: opened.store.db, search: opened.statuteSearch }, { format: findImportFormat('dc')!, path: join(fixtures, 'dc', '2024-10-20'), published: '2024-10-20' });
    const refuse = async (): Promise<never> => {
      throw new Error('the warm-up called the model');
    };
    const clock = { now: () => new Date('2026-01-15T00:00:00Z') };
    const deps = { statutes: createStatutesRepository({ db: opened.store.db }), search: opened.statuteSearch, clock, model: { ask: refuse, check: refuse } };
    const answers = await warmResearchOn(deps);
    assert.deepEqual(answers.map((a) => a.jurisdiction), ['DC']);
    assert.match(answers[0]?.citations[0]?.code ?? '', /^D\.C\. Code § /);
  } finally {
    await opened.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
