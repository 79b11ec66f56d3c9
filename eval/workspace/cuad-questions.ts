/**
 * Questions for the workspace evaluation, generated from CUAD's master_clauses.csv: per contract,
 * one question per clause category, naming the contract as a lawyer would ("the Distributor
 * Agreement between Accuray Inc. and ..."). A category whose clause the contract lacks gives a
 * question the workspace should decline to answer.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { halfOf, type Half } from './split.js';

export interface CuadQuestion {
  contract: string;
  txtFile: string;
  category: string;
  question: string;
  /** The clause text CUAD marks for this category; empty when the contract lacks it. */
  gold: string[];
  /** CUAD's normalised answer for the category ("New York", "30 days", "Yes"), '' when none. */
  goldAnswer: string;
  half: Half;
}

export const TEMPLATES: Record<string, (doc: string) => string> = {
  'Governing Law': (d) => `Which state's law governs ${d}?`,
  Parties: (d) => `Who are the parties to ${d}?`,
  'Agreement Date': (d) => `On what date was ${d} entered into?`,
  'Expiration Date': (d) => `When does ${d} expire?`,
  'Renewal Term': (d) => `Does ${d} renew automatically, and for how long?`,
  'Notice Period To Terminate Renewal': (d) => `How much notice must be given to prevent renewal of ${d}?`,
  'Non-Compete': (d) => `Does ${d} restrict a party from competing?`,
  Exclusivity: (d) => `Does ${d} grant exclusive rights?`,
  'Change Of Control': (d) => `What happens under ${d} if a party undergoes a change of control?`,
  'Anti-Assignment': (d) => `Can a party assign ${d} without the other party's consent?`,
  'Cap On Liability': (d) => `Is liability capped under ${d}?`,
  'Termination For Convenience': (d) => `Can ${d} be terminated for convenience?`,
  'Audit Rights': (d) => `Does ${d} give a party the right to audit the other's books?`,
  Insurance: (d) => `What insurance must be maintained under ${d}?`,
  'Minimum Commitment': (d) => `Is there a minimum purchase commitment under ${d}?`,
  'Warranty Duration': (d) => `How long is the warranty period under ${d}?`,
};

/** Reads a Python list literal of strings, as CUAD writes its clause columns. */
export function parsePythonList(literal: string): string[] {
  const items: string[] = [];
  let i = literal.indexOf('[') + 1;
  while (i > 0 && i < literal.length) {
    const quote = literal[i];
    if (quote === "'" || quote === '"') {
      let value = '';
      i++;
      while (i < literal.length && literal[i] !== quote) {
        if (literal[i] === '\\' && i + 1 < literal.length) {
          const next = literal[i + 1] ?? '';
          value += next === 'n' ? '\n' : next === 't' ? '\t' : next;
          i += 2;
        } else value += literal[i++];
      }
      items.push(value);
    }
    i++;
  }
  return items;
}

const CORPORATE = /\b(inc|corp|corporation|company|co|llc|l\.l\.c|ltd|limited|plc|lp|l\.p|gmbh|ag|sa|nv|bv|holdings|group|trust|bank|university)\b\.?/i;

function titleCase(text: string): string {
  if (text !== text.toUpperCase()) return text.trim();
  return text.toLowerCase().replace(/\b([a-z])/g, (c) => c.toUpperCase()).trim();
}

/** The first two party names that look like names, not defined-term aliases ("MA", "Company"). */
function partyNames(parties: string[]): string[] {
  const names = parties.filter((p) => p.length > 6 && (CORPORATE.test(p) || p.trim().split(/\s+/).length >= 2) && !/^(the )?(company|licensee|licensor|distributor|supplier|customer)$/i.test(p.trim()));
  return [...new Set(names.map(titleCase))].slice(0, 2);
}

function describeContract(documentName: string, parties: string[], fallbackName: string): string {
  const title = titleCase(documentName || fallbackName).replace(/^(this|the)\s+/i, '');
  const names = partyNames(parties);
  if (names.length >= 2) return `the ${title} between ${names[0]} and ${names[1]}`;
  if (names.length === 1) return `the ${title} with ${names[0]}`;
  return `the ${title}`;
}

export function loadCuadQuestions(cuadDir: string): CuadQuestion[] {
  const manifest = parse(readFileSync(join(cuadDir, 'manifest.csv')), { columns: true }) as Array<Record<string, string>>;
  const rows = parse(readFileSync(join(cuadDir, 'master_clauses.csv')), { columns: true, relax_quotes: true }) as Array<Record<string, string>>;
  const byCsvName = new Map(rows.map((r) => [r.Filename ?? '', r]));
  const questions: CuadQuestion[] = [];
  for (const entry of manifest) {
    const row = byCsvName.get(entry.csv_filename ?? '');
    if (!row) continue;
    const doc = describeContract(parsePythonList(row['Document Name'] ?? '')[0] ?? '', parsePythonList(row.Parties ?? ''), entry.contract ?? '');
    for (const [category, template] of Object.entries(TEMPLATES)) {
      questions.push({
        contract: entry.contract ?? '',
        txtFile: (entry.txt_file ?? '').replace(/^txt\//, ''),
        category,
        question: template(doc),
        gold: parsePythonList(row[category] ?? '').filter((s) => s.trim() !== ''),
        goldAnswer: (row[`${category}-Answer`] ?? row[`${category}- Answer`] ?? '').trim(),
        half: halfOf(entry.contract ?? ''),
      });
    }
  }
  return questions;
}
