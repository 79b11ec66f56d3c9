#!/usr/bin/env node
// Runs every *.test.ts under src/ and test/ with node's own test runner.
// Node 20's --test does not expand globs, so the files are collected here.
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, normalize } from 'node:path';
import { spawnSync } from 'node:child_process';

function collect(dir, out) {
  let entries;
  try {
    entries = readdirSync(dir);
  } catch {
    return out;
  }
  for (const name of entries) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) collect(path, out);
    else if (name.endsWith('.test.ts')) out.push(path);
  }
  return out;
}

const importsOf = (path) =>
  [...readFileSync(path, 'utf8').matchAll(/from '(\.{1,2}\/[^']+)'/g)].map((m) => normalize(join(dirname(path), m[1].replace(/\.js$/, '.ts'))));

/**
 * A file says it has nothing to test on PostgreSQL + Redis with a line comment starting with this,
 * followed by the reason: its tests run on the folder's SQLite whatever backend the suite is given
 * (they never ask test-database.ts for a schema), or their subject (extraction, the app in a
 * browser) works the same on every backend and other files cover its storage there.
 */
const NOT_IN_BACKEND_PASS = /^\/\/ Not in the PostgreSQL pass: \S/m;

/**
 * Test files that reach the storage backends: those that read the FOLIO_TEST_* variables or import,
 * directly or through other helpers, test/support/test-database.ts (which gives each test folder its
 * own PostgreSQL schema), unless they opt out (NOT_IN_BACKEND_PASS). The rest (parsers, ranking,
 * text, extraction) run the same on every backend, so the PostgreSQL pass skips them rather than
 * run them twice.
 */
function reachesBackends(file) {
  const seen = new Set();
  const visit = (path) => {
    if (seen.has(path)) return false;
    seen.add(path);
    if (path === join('test', 'support', 'test-database.ts')) return true;
    let imports;
    try {
      imports = importsOf(path);
    } catch {
      return false;
    }
    // Only the test helpers are followed: the server's own modules never pick the test backend.
    return imports.some((next) => next.startsWith(join('test', 'support')) && visit(next));
  };
  const text = readFileSync(file, 'utf8');
  if (NOT_IN_BACKEND_PASS.test(text)) return false;
  return text.includes('FOLIO_TEST_') || visit(file);
}

// Arguments are path substrings: a file runs when it matches any plain one (all when there are
// none) and no `!`-prefixed one. `--backends` keeps only the files that reach the storage backends;
// `--list` prints the chosen files instead of running them.
const argv = process.argv.slice(2);
const backendsOnly = argv.includes('--backends');
const listOnly = argv.includes('--list');
const args = argv.filter((a) => a !== '--backends' && a !== '--list');
const filters = args.filter((a) => !a.startsWith('!'));
const excluded = args.filter((a) => a.startsWith('!')).map((a) => a.slice(1));
let files = [...collect('src', []), ...collect('test', [])].sort();
if (filters.length > 0) files = files.filter((f) => filters.some((x) => f.includes(x)));
files = files.filter((f) => !excluded.some((x) => f.includes(x)));
if (backendsOnly) files = files.filter(reachesBackends);
if (files.length === 0) {
  console.error('no test files matched');
  process.exit(1);
}
if (listOnly) {
  console.log(files.join('\n'));
  process.exit(0);
}
// TAP on stdout as before, and the spec reporter into a file whose "failing tests" summary (each
// failure with its error, a failed hook's too) is printed last: a CI log is read from its tail, and
// TAP puts a failed `before` hook's error far above it, under its suite.
const specDir = mkdtempSync(join(tmpdir(), 'folio-test-report-'));
const specFile = join(specDir, 'spec.txt');
const result = spawnSync(
  process.execPath,
  [
    '--import',
    'tsx',
    '--test',
    `--test-concurrency=${process.env.TEST_CONCURRENCY ?? 2}`,
    '--test-reporter=tap',
    '--test-reporter-destination=stdout',
    '--test-reporter=spec',
    `--test-reporter-destination=${specFile}`,
    ...files,
  ],
  { stdio: 'inherit' },
);
if (result.status !== 0) {
  let spec = '';
  try {
    spec = readFileSync(specFile, 'utf8');
  } catch {
    // The runner died before writing its report; its own output above is all there is.
  }
  const summary = spec.lastIndexOf('failing tests:');
  if (summary >= 0) console.log(`\n# ${spec.slice(summary).replace(/\n/g, '\n# ')}`);
}
rmSync(specDir, { recursive: true, force: true });
process.exit(result.status ?? 1);
