import type { BenchBackend } from './bench-database.js';

export interface BackendFigures {
  backend: BenchBackend;
  /** Headline figures by name, in the order they print. */
  figures: Record<string, number>;
}

/**
 * One table of the same figures measured on each backend in this run, with the difference from
 * SQLite (the bar: PostgreSQL's quality figures no more than 0.02 below SQLite's).
 */
export function formatSideBySide(title: string, runs: BackendFigures[], digits = 3): string[] {
  if (runs.length === 0) return [];
  const names = Object.keys(runs[0]?.figures ?? {});
  const width = Math.max(...names.map((n) => n.length), 6);
  const cell = (v: number | undefined) => (v === undefined ? '-' : v.toFixed(digits)).padStart(10);
  const lines = [`\n== ${title}: side by side`, `${'figure'.padEnd(width)} ${runs.map((r) => r.backend.padStart(10)).join(' ')}${runs.length > 1 ? '      diff' : ''}`];
  for (const name of names) {
    const values = runs.map((r) => r.figures[name]);
    const first = values[0];
    const last = values[values.length - 1];
    const diff = runs.length > 1 && first !== undefined && last !== undefined ? ` ${(last - first >= 0 ? '+' : '') + (last - first).toFixed(digits)}`.padStart(10) : '';
    lines.push(`${name.padEnd(width)} ${values.map(cell).join(' ')}${diff}`);
  }
  return lines;
}
