/**
 * `npm run eval:titles [-- --verbose]`: the titles and party names Folio reads from each CUAD
 * contract's opening, judged against CUAD's own labels ("Document Name", "Parties"), per half
 * (eval/workspace/split.ts: tune on one, report the other). The opening is what ingestion reads: the
 * contract's first OPENING_PASSAGES passages, as chunked at upload. Prints, per half: the share of
 * titles whose heading (before "between" or "with") is the labelled document name, compared in lower
 * case on letters only; the share of names read that match a labelled party; and the share of titles
 * naming parties ("... between A and B") whose every named party is labelled. `--verbose` lists the
 * tune half's wrong headings and unmatched names.
 *
 * A name matches a label when, compared in lower case without punctuation or corporate suffixes,
 * the label holds it ("Redwater" in "Redwater LLC"), or it holds the label with at most one word more
 * ("Nantz Communications" for "Nantz Communications, Inc."); a heading or a sentence run into a name
 * ("CONSULTING AGREEMENT Aduro Biotech, Inc.") does not.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { chunkText } from '../src/modules/documents/passages/chunking.js';
import { OPENING_PASSAGES } from '../src/modules/documents/signals/describe-file.js';
import { partyNamesFromText } from '../src/modules/query/ranking/party-names.js';
import { readFileSignals } from '../src/modules/query/ranking/read-file-signals.js';
import { missingDataReason, sharedDataPath } from '../test/support/shared-data.js';
import { parsePythonList } from './workspace/cuad-questions.js';
import { halfOf, type Half } from './workspace/split.js';

const cuadDir = sharedDataPath('documents', 'cuad');
if (!cuadDir) {
  console.log(`eval:titles ${missingDataReason('documents', 'cuad')}`);
  process.exit(0);
}
const verbose = process.argv.includes('--verbose');

const SUFFIXES = /\b(?:inc|incorporated|corp|corporation|co|company|llc|l l c|ltd|limited|plc|lp|l p|llp|s a|sa|ag|gmbh|n v|nv|b v|bv)\b/g;
const comparable = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, ' ').replace(SUFFIXES, ' ').replace(/\s+/g, ' ').trim();

const manifest = parse(readFileSync(join(cuadDir, 'manifest.csv')), { columns: true }) as Array<Record<string, string>>;
const rows = parse(readFileSync(join(cuadDir, 'master_clauses.csv')), { columns: true, relax_quotes: true }) as Array<Record<string, string>>;
const byCsvName = new Map(rows.map((r) => [r.Filename ?? '', r]));

interface Tally {
  contracts: number;
  names: number;
  matching: number;
  headings: number;
  headingsRight: number;
  wrongHeadings: string[];
  titledWithParties: number;
  titlesRight: number;
  unmatched: string[];
}
const tallies: Record<Half, Tally> = {
  tune: { contracts: 0, names: 0, matching: 0, headings: 0, headingsRight: 0, wrongHeadings: [], titledWithParties: 0, titlesRight: 0, unmatched: [] },
  report: { contracts: 0, names: 0, matching: 0, headings: 0, headingsRight: 0, wrongHeadings: [], titledWithParties: 0, titlesRight: 0, unmatched: [] },
};

for (const entry of manifest) {
  const row = byCsvName.get(entry.csv_filename ?? '');
  if (!row) continue;
  const t = tallies[halfOf(entry.contract ?? '')];
  const text = readFileSync(join(cuadDir, entry.txt_file ?? ''), 'utf8');
  const opening = chunkText(text).slice(0, OPENING_PASSAGES).map(([start, end]) => text.slice(start, end)).join('\n');
  const labels = parsePythonList(row.Parties ?? '').map(comparable).filter((l) => l.length > 1);
  const labelled = (name: string) => {
    const n = comparable(name);
    const words = n.split(' ').length;
    return n.length > 1 && labels.some((l) => l.includes(n) || (n.includes(l) && words <= l.split(' ').length + 1));
  };
  t.contracts++;
  for (const name of partyNamesFromText(opening)) {
    t.names++;
    if (labelled(name)) t.matching++;
    else t.unmatched.push(`${entry.contract}: ${name}`);
  }
  const title = readFileSignals((entry.txt_file ?? '').replace(/^txt\//, ''), opening).title;
  const parties = / (?:between|with) (.+?)(?: and (.+))?$/.exec(title);
  const documentName = parsePythonList(row['Document Name'] ?? '')[0];
  if (documentName) {
    const letters = (x: string) => x.toLowerCase().replace(/[^a-z]+/g, '');
    const heading = parties ? title.slice(0, parties.index) : title;
    t.headings++;
    if (letters(heading) === letters(documentName)) t.headingsRight++;
    else t.wrongHeadings.push(`${entry.contract}: "${heading}" for "${documentName}"`);
  }
  if (parties) {
    t.titledWithParties++;
    if ([parties[1], parties[2]].every((p) => p === undefined || labelled(p))) t.titlesRight++;
  }
}

const pct = (a: number, b: number) => `${((100 * a) / Math.max(1, b)).toFixed(1)}%`;
for (const half of ['tune', 'report'] as const) {
  const t = tallies[half];
  console.log(`${half} half: ${t.contracts} contracts; ${pct(t.headingsRight, t.headings)} of ${t.headings} titles head with the labelled document name; ${t.names} names read, ${pct(t.matching, t.names)} match a labelled party; ${t.titledWithParties} titles name parties, ${pct(t.titlesRight, t.titledWithParties)} name only labelled ones`);
}
if (verbose) {
  for (const line of tallies.tune.wrongHeadings) console.log(`  heading (tune): ${line}`);
  for (const line of tallies.tune.unmatched) console.log(`  unmatched (tune): ${line}`);
}
