import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { CLI_ARGS, cliEnv, initTestFolder, openFolderStore } from '../support/cli-process.js';
import { dropTestDatabase } from '../support/test-database.js';

const fixture = join('src', 'modules', 'statutes', 'importers', '__fixtures__', 'dc', '2024-10-20');

/**
 * The fixture publication with two bad files added to title 29: an include that climbs out of the
 * publication folder to a well-formed section file holding a secret, and a malformed section file.
 */
function tamperedPublication(root: string): string {
  const publication = join(root, 'publication', '2024-10-20');
  cpSync(fixture, publication, { recursive: true });
  const section = readFileSync(join(fixture, 'titles', '29', 'sections', '29-104.03.xml'), 'utf8');
  mkdirSync(join(root, 'outside'), { recursive: true });
  writeFileSync(join(root, 'outside', 'secret.xml'), section.replace('<num>29-104.03</num>', '<num>29-999.99</num>').replace(/<text>/, '<text>TOPSECRET '));
  writeFileSync(join(publication, 'titles', '29', 'sections', '29-104.04.xml'), '<section><num>29-104.04</num><text>cut short');
  const index = join(publication, 'titles', '29', 'index.xml');
  writeFileSync(
    index,
    readFileSync(index, 'utf8').replace(
      '<xi:include href="./sections/29-104.03.xml"/>',
      '<xi:include href="./sections/29-104.03.xml"/>\n      <xi:include href="../../../../outside/secret.xml"/>\n      <xi:include href="./sections/29-104.04.xml"/>',
    ),
  );
  return publication;
}

test('the D.C. importer refuses includes that leave the folder; a bad file fails that file, reported, not the import', { timeout: 300_000 }, async () => {
  const root = mkdtempSync(join(tmpdir(), 'folio-import-unsafe-'));
  try {
    const publication = tamperedPublication(root);
    const dataDir = join(root, 'data');
    await initTestFolder(dataDir);
    const result = spawnSync(
      process.execPath,
      [...CLI_ARGS, '--data', dataDir, '--json', 'import', 'statutes', '--jurisdiction', 'DC', '--format', 'dc', '--published', '2024-10-20', publication],
      { encoding: 'utf8', env: cliEnv(dataDir) },
    );
    assert.equal(result.status, 0, result.stderr);
    const summary = JSON.parse(result.stdout) as { sections_seen: number; failed_files: Array<{ file: string; reason: string }> };
    assert.equal(summary.sections_seen, 6, 'every good section was imported');
    assert.equal(summary.failed_files.length, 2, JSON.stringify(summary.failed_files));
    const outside = summary.failed_files.find((f) => f.file.includes('secret.xml'));
    assert.match(outside?.reason ?? '', /outside the publication folder/);
    const malformed = summary.failed_files.find((f) => f.file.includes('29-104.04.xml'));
    assert.ok(malformed && malformed.reason.length > 0, 'the malformed file is named with a reason');
    const warnings = result.stderr.trim().split('\n');
    assert.equal(warnings.length, 2, result.stderr);
    for (const line of warnings) assert.match(line, /^folio: warning: skipped /);

    const opened = await openFolderStore(dataDir);
    const count = async (query: Promise<{ n: number | string | bigint }>) => Number((await query).n);
    const leaked = await count(opened.store.db.selectFrom('statute_versions').select((eb) => eb.fn.countAll().as('n')).where('text', 'like', '%TOPSECRET%').executeTakeFirstOrThrow());
    const kept = await count(opened.store.db.selectFrom('statute_sections').select((eb) => eb.fn.countAll().as('n')).where('citation', 'like', '%29-104.03%').executeTakeFirstOrThrow());
    await opened.close();
    assert.equal(leaked, 0, 'nothing outside the folder was read into the corpus');
    assert.equal(kept, 1, 'the good section of the same title was imported');
  } finally {
    await dropTestDatabase(join(root, 'data'));
    rmSync(root, { recursive: true, force: true });
  }
});
