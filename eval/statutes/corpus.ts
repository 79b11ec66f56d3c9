/**
 * The statute corpora the evaluation and benchmarks load: every publication in the shared data,
 * imported with the compiled CLI exactly as the README tells a user to.
 */
import { spawnSync } from 'node:child_process';
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
  return publications.map((p) => {
    const args = ['bin/folio.js', '--data', dataDir, '--json', 'import', 'statutes', '--jurisdiction', p.jurisdiction, '--format', p.format, '--published', p.published];
    if (p.titles) args.push('--titles', p.titles);
    const result = spawnSync(process.execPath, [...args, p.path], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    if (result.status !== 0) throw new Error(`import ${p.jurisdiction} ${p.published}: ${result.stderr}`);
    return JSON.parse(result.stdout) as Record<string, unknown>;
  });
}
