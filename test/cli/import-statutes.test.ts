import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { CLI_ARGS, cliEnv } from '../support/cli-process.js';
import { dropTestDatabase, testDatabaseUrl } from '../support/test-database.js';

const dataDir = mkdtempSync(join(tmpdir(), 'folio-cli-import-'));
before(() => testDatabaseUrl(dataDir));
after(async () => {
  await dropTestDatabase(dataDir);
  rmSync(dataDir, { recursive: true, force: true });
});
const fixtures = join('src', 'modules', 'statutes', 'importers', '__fixtures__');

function folio(...args: string[]) {
  const result = spawnSync(process.execPath, [...CLI_ARGS, '--data', dataDir, ...args], {
    encoding: 'utf8',
    env: cliEnv(dataDir, { FOLIO_LOG_LEVEL: 'silent' }),
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

function failsWithOneLine(result: ReturnType<typeof folio>, pattern: RegExp) {
  assert.equal(result.status, 1);
  assert.equal(result.stdout, '');
  const lines = result.stderr.trim().split('\n');
  assert.equal(lines.length, 1, `one line on stderr, got: ${result.stderr}`);
  assert.match(lines[0] ?? '', pattern);
}

describe('folio import statutes', () => {
  before(() => assert.equal(folio('init').status, 0));
  test('--json prints exactly one JSON object: the summary', () => {
    const result = folio('--json', 'import', 'statutes', '--jurisdiction', 'DC', '--format', 'dc', '--published', '2024-10-20', join(fixtures, 'dc', '2024-10-20'));
    assert.equal(result.status, 0, result.stderr);
    const lines = result.stdout.trim().split('\n');
    assert.equal(lines.length, 1, result.stdout);
    const summary = JSON.parse(lines[0] ?? '') as Record<string, unknown>;
    assert.equal(summary.sections_seen, 6);
    assert.equal(summary.versions_new, 6);
    assert.deepEqual(summary.jurisdictions, ['DC']);
    for (const field of ['elapsed_ms', 'sections_per_second', 'repealed_by_absence', 'sections_unchanged']) assert.equal(typeof summary[field], 'number', field);
  });

  test('without --json and without a terminal: one summary line', () => {
    const result = folio('import', 'statutes', '--format', 'jsonl', '--published', '2025-01-01', join(fixtures, 'jsonl', 'va-sections.jsonl'));
    assert.equal(result.status, 0, result.stderr);
    assert.match(result.stdout, /^imported Va\. Code Ann\. 2025-01-01: 3 sections .* sections\/s\)\n$/);
    assert.equal(result.stderr, '');
  });

  test('errors are one line on stderr and exit 1', () => {
    const path = join(fixtures, 'dc', '2024-10-20');
    failsWithOneLine(folio('--json', 'import', 'statutes', '--jurisdiction', 'VA', '--format', 'dc', '--published', '2024-10-20', path), /format dc holds jurisdiction DC, not VA/);
    failsWithOneLine(folio('--json', 'import', 'statutes', '--format', 'dc', '--published', '2024-02-30', path), /--published must be a date/);
    failsWithOneLine(folio('--json', 'import', 'statutes', '--format', 'dc', '--published', '2024-10-20', join(dataDir, 'missing')), /no such file or folder/);
  });
});
