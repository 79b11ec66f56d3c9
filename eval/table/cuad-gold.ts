/**
 * The table evaluation's contracts and gold answers from CUAD's master_clauses.csv: the first 100
 * contracts by file name (the dev contracts eval:workspace also starts from), split into a tuning
 * half and a reporting half by a stable hash of the contract name.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';

export interface TableColumnSpec {
  title: string;
  query: string;
  structure: string;
  /** The CUAD category whose answer column is the gold. */
  category: string;
}

/** The eight columns, asked as a lawyer would ask them. */
export const COLUMNS: TableColumnSpec[] = [
  { title: 'Governing law', query: "Which state's or country's laws govern this agreement?", structure: 'jurisdiction', category: 'Governing Law' },
  { title: 'Expiration date', query: 'When does the initial term of this agreement expire?', structure: 'date', category: 'Expiration Date' },
  { title: 'Renewal term', query: 'For how long does the agreement renew or extend after its term?', structure: 'duration', category: 'Renewal Term' },
  { title: 'Notice to terminate renewal', query: 'How much notice must a party give to terminate or not renew the agreement before the term renews?', structure: 'duration', category: 'Notice Period To Terminate Renewal' },
  { title: 'Cap on liability', query: "Is either party's liability limited or capped to an amount?", structure: 'text', category: 'Cap On Liability' },
  { title: 'Exclusivity', query: 'Does the agreement grant exclusive rights or require exclusive dealing?', structure: 'yes_no', category: 'Exclusivity' },
  { title: 'Anti-assignment', query: "Does assigning the agreement require the other party's consent?", structure: 'yes_no', category: 'Anti-Assignment' },
  { title: 'Audit rights', query: "Does a party have the right to audit or inspect the other party's books and records?", structure: 'yes_no', category: 'Audit Rights' },
];

export interface GoldContract {
  contract: string;
  txtFile: string;
  half: 'tune' | 'report';
  /** Gold answer per column title (CUAD's `-Answer` value, '' when the contract has none). */
  answers: Record<string, string>;
}

/** Stable: the first byte of the SHA-1 of the contract name decides its half. */
export function halfOf(contract: string): 'tune' | 'report' {
  return (createHash('sha1').update(contract).digest()[0] ?? 0) % 2 === 0 ? 'tune' : 'report';
}

export function loadGold(cuadDir: string, count: number): GoldContract[] {
  const manifest = parse(readFileSync(join(cuadDir, 'manifest.csv')), { columns: true }) as Array<Record<string, string>>;
  const rows = parse(readFileSync(join(cuadDir, 'master_clauses.csv')), { columns: true, relax_quotes: true }) as Array<Record<string, string>>;
  const byCsvName = new Map(rows.map((r) => [r.Filename ?? '', r]));
  const answerKey = (category: string) => Object.keys(rows[0] ?? {}).find((k) => k.replace(/\s/g, '').toLowerCase() === `${category}-Answer`.replace(/\s/g, '').toLowerCase()) ?? '';
  return manifest
    .map((m): Record<string, string> & { txt: string } => ({ ...m, txt: (m.txt_file ?? '').replace(/^txt\//, '') }))
    .sort((a, b) => (a.txt < b.txt ? -1 : a.txt > b.txt ? 1 : 0))
    .slice(0, count)
    .map((m) => {
      const row = byCsvName.get(m.csv_filename ?? '') ?? {};
      const answers: Record<string, string> = {};
      for (const c of COLUMNS) answers[c.title] = (row[answerKey(c.category)] ?? '').trim();
      return { contract: m.contract ?? '', txtFile: m.txt, half: halfOf(m.contract ?? ''), answers };
    });
}
