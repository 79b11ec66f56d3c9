#!/usr/bin/env node
// Runs every *.test.ts under src/ and test/ with node's own test runner.
// Node 20's --test does not expand globs, so the files are collected here.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
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

// Arguments are path substrings: a file runs when it matches any plain one (all when there are
// none) and no `!`-prefixed one.
const args = process.argv.slice(2);
const filters = args.filter((a) => !a.startsWith('!'));
const excluded = args.filter((a) => a.startsWith('!')).map((a) => a.slice(1));
let files = [...collect('src', []), ...collect('test', [])].sort();
if (filters.length > 0) files = files.filter((f) => filters.some((x) => f.includes(x)));
files = files.filter((f) => !excluded.some((x) => f.includes(x)));
if (files.length === 0) {
  console.error('no test files matched');
  process.exit(1);
}
const result = spawnSync(
  process.execPath,
  ['--import', 'tsx', '--test', `--test-concurrency=${process.env.TEST_CONCURRENCY ?? 2}`, ...files],
  { stdio: 'inherit' },
);
process.exit(result.status ?? 1);
