import { tokenize, type Token } from './tokens.js';
import { THESAURUS_ROWS } from './legal-thesaurus-entries.js';

/** One compiled thesaurus entry: triggers as Porter-stem sequences. */
export interface ThesaurusEntry {
  topic: string;
  /** Each trigger as written, and as the stems of its words. */
  triggers: { text: string; stems: string[] }[];
  /** Statute / contract wording to add: single words or multi-word phrases, lowercase. */
  expansions: string[];
  /** Stems of which at least one must be in the question, or null when the entry is unambiguous. */
  context: ReadonlySet<string> | null;
  /** Stems any one of which in the question stops the entry from firing. */
  veto: ReadonlySet<string>;
}

/** An entry that fired on a question. */
export interface ThesaurusHit {
  topic: string;
  /** The question's own words that matched, verbatim. */
  trigger: string;
  /** Character offsets of the trigger in the question. */
  start: number;
  end: number;
  expansions: string[];
}

let compiled: { entries: ThesaurusEntry[]; byFirstStem: Map<string, { entry: number; stems: string[]; text: string }[]> } | null =
  null;

function split(list: string): string[] {
  return list
    .split('|')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

function stemsOf(words: string[]): Set<string> {
  return new Set(words.flatMap((w) => tokenize(w).map((t) => t.stem)));
}

function compile(): NonNullable<typeof compiled> {
  if (compiled) return compiled;
  const entries: ThesaurusEntry[] = [];
  const byFirstStem = new Map<string, { entry: number; stems: string[]; text: string }[]>();
  for (const [topic, triggers, expansions, context] of THESAURUS_ROWS) {
    const index = entries.length;
    const entry: ThesaurusEntry = {
      topic,
      triggers: [],
      expansions: split(expansions).map((e) => e.toLowerCase()),
      context: null,
      veto: stemsOf(split(context ?? '').filter((w) => w.startsWith('!'))),
    };
    const required = split(context ?? '').filter((w) => !w.startsWith('!'));
    if (required.length > 0) entry.context = stemsOf(required);
    for (const text of split(triggers)) {
      const stems = tokenize(text).map((t) => t.stem);
      const first = stems[0];
      if (first === undefined) continue;
      entry.triggers.push({ text, stems });
      const list = byFirstStem.get(first) ?? [];
      list.push({ entry: index, stems, text });
      byFirstStem.set(first, list);
    }
    entries.push(entry);
  }
  compiled = { entries, byFirstStem };
  return compiled;
}

/** Every compiled entry, for inspection and tests. */
export function thesaurusEntries(): readonly ThesaurusEntry[] {
  return compile().entries;
}

/**
 * The thesaurus entries a question's tokens (word view, stopwords included) trigger, matched by stem
 * so inflections match ("fired" → "fire"); each entry fires at most once, at its first match.
 */
export function lookupThesaurus(question: string, tokens: Token[] = tokenize(question)): ThesaurusHit[] {
  const { entries, byFirstStem } = compile();
  const present = new Set(tokens.map((t) => t.stem));
  const fired = new Set<number>();
  const hits: ThesaurusHit[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const first = tokens[i];
    if (first === undefined) continue;
    for (const candidate of byFirstStem.get(first.stem) ?? []) {
      if (fired.has(candidate.entry)) continue;
      if (!candidate.stems.every((stem, k) => tokens[i + k]?.stem === stem)) continue;
      const entry = entries[candidate.entry];
      if (entry === undefined) continue;
      if (entry.context && ![...entry.context].some((s) => present.has(s))) continue;
      if ([...entry.veto].some((s) => present.has(s))) continue;
      const last = tokens[i + candidate.stems.length - 1] ?? first;
      fired.add(candidate.entry);
      hits.push({
        topic: entry.topic,
        trigger: question.slice(first.start, last.end),
        start: first.start,
        end: last.end,
        expansions: entry.expansions,
      });
    }
  }
  return hits;
}
