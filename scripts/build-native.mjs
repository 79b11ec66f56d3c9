#!/usr/bin/env node
// Builds src/db/fts/folio-bm25.c (FTS5's bm25 with row lengths and phrase counts kept in memory) into
// build/native/folio_bm25.so (.dylib on macOS), a SQLite extension src/db/fts/folio-bm25.ts loads.
// Run by `npm install` (prepare), `npm run build` and `npm start`; skipped when the library is
// newer than its source. It compiles against the SQLite headers better-sqlite3 ships, with the C
// compiler that built better-sqlite3 itself (`CC`, else `cc`). Without one it warns and exits 0:
// the server then ranks with FTS5's own bm25(), which gives the same scores, slower (except on the
// statute index after re-imports, whose FTS5 totals still count deleted rows: folio-bm25.c).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const source = join(root, 'src', 'db', 'fts', 'folio-bm25.c');
const suffix = process.platform === 'darwin' ? '.dylib' : process.platform === 'win32' ? '.dll' : '.so';
const output = join(root, 'build', 'native', `folio_bm25${suffix}`);
const headers = join(dirname(createRequire(import.meta.url).resolve('better-sqlite3/package.json')), 'deps', 'sqlite3');

if (existsSync(output) && statSync(output).mtimeMs >= statSync(source).mtimeMs) process.exit(0);
mkdirSync(dirname(output), { recursive: true });
const compiler = process.env.CC || 'cc';
const shared = process.platform === 'darwin' ? ['-dynamiclib'] : ['-shared', '-fPIC'];
const result = spawnSync(compiler, ['-O2', '-Wall', ...shared, '-I', headers, source, '-o', output, '-lm'], { stdio: 'inherit' });
if (result.status !== 0) {
  const why = result.error ? result.error.message : `${compiler} exited ${result.status}`;
  console.warn(`warning: folio_bm25 was not built (${why}); searches rank with FTS5's bm25(), slower, and statute scores drift after re-imports`);
}
