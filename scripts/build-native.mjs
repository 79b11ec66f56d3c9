#!/usr/bin/env node
// Builds the project's two native libraries into build/native/, each skipped when it is newer than
// its source. Run by `npm install` (prepare), `npm run build` and `npm start`, with the C compiler
// that built better-sqlite3 itself (`CC`, else `cc`). Without a compiler or headers it warns and
// exits 0: both have a JavaScript path that gives the same results, slower.
// - src/db/fts/folio-bm25.c -> folio_bm25.so (.dylib on macOS): FTS5's bm25 with row lengths and
//   phrase counts kept in memory, a SQLite extension src/db/fts/folio-bm25.ts loads; compiled against
//   the SQLite headers better-sqlite3 ships. Without it the server ranks with FTS5's own bm25()
//   (same scores; statute totals drift after re-imports: folio-bm25.c).
// - src/text/clauses/clause-sum.c -> folio_clause_sum.node: the clause tagger's feature sum, a
//   Node-API addon src/text/clauses/native-clause-sum.ts loads; compiled against Node's own headers
//   (`npm_config_nodedir`, else beside the running node). Node-API is stable across Node versions,
//   so one build serves Node 20 and 22.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const compiler = process.env.CC || 'cc';
const shared = process.platform === 'darwin' ? ['-dynamiclib'] : ['-shared', '-fPIC'];
const suffix = process.platform === 'darwin' ? '.dylib' : process.platform === 'win32' ? '.dll' : '.so';

/** Compiles `source` into `output` unless it is current; warns with `fallback` when it cannot. */
function build(source, output, flags, fallback) {
  if (existsSync(output) && statSync(output).mtimeMs >= statSync(source).mtimeMs) return;
  mkdirSync(dirname(output), { recursive: true });
  const result = spawnSync(compiler, ['-O2', '-Wall', ...flags, source, '-o', output, '-lm'], { stdio: 'inherit' });
  if (result.status !== 0) {
    const why = result.error ? result.error.message : `${compiler} exited ${result.status}`;
    console.warn(`warning: ${output} was not built (${why}); ${fallback}`);
  }
}

const sqliteHeaders = join(dirname(createRequire(import.meta.url).resolve('better-sqlite3/package.json')), 'deps', 'sqlite3');
build(
  join(root, 'src', 'db', 'fts', 'folio-bm25.c'),
  join(root, 'build', 'native', `folio_bm25${suffix}`),
  [...shared, '-I', sqliteHeaders],
  "searches rank with FTS5's bm25(), slower, and statute scores drift after re-imports",
);

const nodeHeaders = [process.env.npm_config_nodedir, join(dirname(process.execPath), '..')]
  .filter(Boolean)
  .map((dir) => join(dir, 'include', 'node'))
  .find((dir) => existsSync(join(dir, 'node_api.h')));
const clauseSum = join(root, 'build', 'native', 'folio_clause_sum.node');
const clauseFallback = 'clause tagging runs in JavaScript (the same tags, slower)';
if (nodeHeaders === undefined) {
  if (!existsSync(clauseSum)) console.warn(`warning: ${clauseSum} was not built (Node's node_api.h was not found); ${clauseFallback}`);
} else {
  // -ffp-contract=off: no fused multiply-add, so the sums equal JavaScript's to the last bit.
  const undefinedNodeSymbols = process.platform === 'darwin' ? ['-undefined', 'dynamic_lookup'] : [];
  build(join(root, 'src', 'text', 'clauses', 'clause-sum.c'), clauseSum, [...shared, ...undefinedNodeSymbols, '-ffp-contract=off', '-I', nodeHeaders], clauseFallback);
}
