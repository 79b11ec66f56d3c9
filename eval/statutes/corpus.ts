/**
 * The statute corpora the evaluation and benchmarks load: every publication in the shared data,
 * imported with the compiled CLI exactly as the README tells a user to.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Publication {
  jurisdiction: string;
  format: string;
  published: string;
  path: string;
  titles?: string;
}

/** All publications of the shared data folder, oldest first within each code. */
export function sharedPublications(dataDir: string): Publication[] {
  const s = (...p: string[]) => join(dataDir, 'statutes', ...p);
  return [
    { jurisdiction: 'DC', format: 'dc', published: '2021-10-18', path: s('dc', '2021-10-18') },
    { jurisdiction: 'DC', format: 'dc', published: '2023-03-31', path: s('dc', '2023-03-31') },
    { jurisdiction: 'DC', format: 'dc', published: '2024-10-20', path: s('dc', '2024-10-20') },
    // Release point 113-31 dates from July–August 2013; 119-36's newest title file from 2025-08-26.
    { jurisdiction: 'US', format: 'uslm', published: '2013-08-14', path: s('us', '113-31') },
    { jurisdiction: 'US', format: 'uslm', published: '2025-08-26', path: s('us', '119-36') },
    // The State Decoded sample's history lines run through the 2025 session (in force July 1).
    { jurisdiction: 'VA', format: 'statedecoded', published: '2025-07-01', path: s('va') },
    { jurisdiction: 'CO', format: 'colorado', published: '2020-08-01', path: s('co', 'r71') },
    { jurisdiction: 'CO', format: 'colorado', published: '2022-09-01', path: s('co', 'r80') },
  ];
}

/** Imports through `node bin/folio.js import statutes ... --json`; returns each summary. */
export function importPublications(dataDir: string, publications: Publication[]): Array<Record<string, unknown>> {
  // Imports refuse a folder without a database (a mistyped --data): create it first, as a user would.
  const init = spawnSync(process.execPath, ['bin/folio.js', '--data', dataDir, 'init'], { encoding: 'utf8' });
  if (init.status !== 0) throw new Error(`folio init: ${init.stderr}`);
  return publications.map((p) => {
    const args = ['bin/folio.js', '--data', dataDir, '--json', 'import', 'statutes', '--jurisdiction', p.jurisdiction, '--format', p.format, '--published', p.published];
    if (p.titles) args.push('--titles', p.titles);
    const result = spawnSync(process.execPath, [...args, p.path], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    if (result.status !== 0) throw new Error(`import ${p.jurisdiction} ${p.published}: ${result.stderr}`);
    return JSON.parse(result.stdout) as Record<string, unknown>;
  });
}

/**
 * The imported corpora, kept in `.tmp/statutes-corpus/` between evaluation runs: importing every
 * publication is the CPU-heavy part of a run on a shared machine. The cache is keyed by the list of
 * publications and the importer sources, so a change to either rebuilds it.
 */
export function cachedCorpus(sharedDir: string, repoRoot: string): string {
  const publications = sharedPublications(sharedDir);
  const key = corpusKey(publications, repoRoot);
  const cache = join(repoRoot, '.tmp', 'statutes-corpus');
  const stamp = join(cache, 'cache-key');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === key) return cache;
  rmSync(cache, { recursive: true, force: true });
  const building = `${cache}-building`;
  rmSync(building, { recursive: true, force: true });
  mkdirSync(building, { recursive: true });
  importPublications(building, publications);
  writeFileSync(join(building, 'cache-key'), key);
  renameSync(building, cache);
  return cache;
}

export function corpusKey(publications: Publication[], repoRoot: string): string {
  const hash = createHash('sha256').update(JSON.stringify(publications));
  // The write side only: search ranking and research read the same database and may change freely.
  const sources = ['src/modules/statutes/import', 'src/modules/statutes/importers'].flatMap((dir) =>
    readdirSync(join(repoRoot, dir)).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts')).sort().map((f) => join(dir, f)),
  );
  sources.push('src/modules/statutes/storage/corpus-writer.repository.ts', 'src/modules/statutes/storage/version-store.repository.ts', 'src/modules/statutes/storage/statutes.migration.ts');
  // The sentence splits each version stores (a splitter change rewrites them).
  sources.push('src/text/sentence-memo.ts', 'src/text/sentences.ts', 'src/text/statute-outline.ts');
  for (const file of sources) hash.update(file).update(readFileSync(join(repoRoot, file)));
  return hash.digest('hex');
}

/** A private copy of the cached corpus, for a server that adds its own org and keys to it. */
export function copyCorpus(cache: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'folio-eval-statutes-'));
  for (const file of readdirSync(cache)) if (file.startsWith('folio.db')) copyFileSync(join(cache, file), join(dir, file));
  return dir;
}
