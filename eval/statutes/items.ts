import { readFileSync } from 'node:fs';

export interface AskItem {
  id: string;
  task: 'ask';
  jurisdiction: string;
  question: string;
  as_of?: string;
  gold: string[];
  answer_hint?: string;
}
export interface CheckItem {
  id: string;
  task: 'check';
  jurisdiction: string;
  assertion: string;
  as_of?: string;
  verdict: 'SUPPORTED' | 'CONTRADICTED' | 'NO_MATCH';
  gold: string[];
}
export interface CompareItem {
  id: string;
  task: 'compare';
  jurisdictions: string[];
  question: string;
  as_of?: string;
  gold: Record<string, string[]>;
}
export type EvalItem = AskItem | CheckItem | CompareItem;

/** Reads a statute question file (JSON Lines, the format of questions/statute-dev.jsonl). */
export function loadItems(path: string): EvalItem[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as EvalItem);
}
