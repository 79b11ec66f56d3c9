// The second look of a check, over titles 17 and 44 of the U.S. Code (release point 119-36, from the
// shared data; skipped, saying so, without it): 44 U.S.C. § 3302 gives the Archivist a duty that the
// Librarian of Congress, whom title 17 names in hundreds of sections, does not have.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { missingDataReason, sharedDataPath } from '../../../test/support/shared-data.js';
import { openSqliteStore } from '../../db/open.js';
import { systemClock } from '../../shared/clock.js';
import { findImportFormat } from '../statutes/import/formats.js';
import { importStatutes } from '../statutes/import/import-statutes.js';
import { createStatutesRepository } from '../statutes/storage/statutes.repository.js';
import { check } from './research.usecases.js';
import { dutyQuery, otherActorsDuty } from './other-actors-duty.js';
import type { ResearchDeps } from './retrieval/retrieve-sections.js';

const release = sharedDataPath('statutes', 'us', '119-36');
const skip = release === null ? missingDataReason('statutes', 'us', '119-36') : false;
const dir = mkdtempSync(join(tmpdir(), 'folio-check-actor-'));
let opened: Awaited<ReturnType<typeof openSqliteStore>> | undefined;
let deps: ResearchDeps;

before(async () => {
  if (release === null) return;
  const titles = join(dir, 'titles');
  mkdirSync(titles);
  for (const file of ['usc17.xml', 'usc44.xml']) symlinkSync(join(release, file), join(titles, file));
  opened = await openSqliteStore(join(dir, 'data'));
  await importStatutes({ db: opened.store.db, search: opened.statuteSearch }, { format: findImportFormat('uslm')!, path: titles, published: '2025-08-26' });
  deps = { statutes: createStatutesRepository({ db: opened.store.db }), search: opened.statuteSearch, clock: systemClock };
});
after(async () => {
  await opened?.close();
  rmSync(dir, { recursive: true, force: true });
});

const asOf = '2026-03-01';
const wrongActor = 'Under federal law, the Librarian of Congress shall promulgate regulations establishing procedures for the disposal of records authorized for disposal.';
const ownActor = wrongActor.replace('the Librarian of Congress', 'the Archivist');

test('the duty without its actor: from the modal on, only when an actor comes before it', () => {
  assert.equal(dutyQuery(wrongActor), 'shall promulgate regulations establishing procedures for the disposal of records authorized for disposal.');
  assert.equal(dutyQuery('Under federal law, records authorized for disposal are destroyed.'), null);
  assert.equal(dutyQuery('The Archivist shall act.'), null);
});

test('the duty searched without its actor finds the section that gives it to another, and that decides', { skip }, async () => {
  const second = await otherActorsDuty(deps, { assertion: wrongActor, jurisdiction: 'US', asOf }, [], 0.25);
  assert.equal(second?.decision.verdict, 'CONTRADICTED', second?.decision.explanation);
  assert.equal(second?.decision.conflict, 'name-conflict');
  assert.equal(second?.decision.provisionId, '44 U.S.C. § 3302');
});

test('only another actor decides: the duty\'s own actor, or a section already read, gives nothing', { skip }, async () => {
  assert.equal(await otherActorsDuty(deps, { assertion: ownActor, jurisdiction: 'US', asOf }, [], 0.25), null);
  const first = await otherActorsDuty(deps, { assertion: wrongActor, jurisdiction: 'US', asOf }, [], 0.25);
  const seen = first?.candidates ?? [];
  assert.ok(seen.length > 0);
  assert.ok((await otherActorsDuty(deps, { assertion: wrongActor, jurisdiction: 'US', asOf }, seen, 0.25))?.decision.provisionId !== '44 U.S.C. § 3302');
});

// Here the first search already reaches § 3302; over every loaded jurisdiction it did not, and the
// second look decided (eval tuning check tchk14-us-05c). Either way the answer must be this one.
test('check: the duty given to the wrong actor is CONTRADICTED, to its own actor SUPPORTED, citing § 3302', { skip }, async () => {
  const wrong = await check(deps, { assertion: wrongActor, jurisdiction: 'US', asOf });
  assert.equal(wrong.verdict, 'CONTRADICTED', wrong.explanation);
  assert.match(wrong.explanation, /"Librarian of Congress shall" but 44 U\.S\.C\. § 3302 says "Archivist shall"/);
  assert.equal(wrong.citations[0]?.code, '44 U.S.C. § 3302');
  const own = await check(deps, { assertion: ownActor, jurisdiction: 'US', asOf });
  assert.equal(own.verdict, 'SUPPORTED', own.explanation);
  assert.equal(own.citations[0]?.code, '44 U.S.C. § 3302');
});
