import { JURISDICTION_NAMES } from './jurisdiction-names.js';

export interface JurisdictionMention {
  /** The place as the file names it, e.g. "New York", "England and Wales". */
  name: string;
  start: number;
  end: number;
  /** True when the words before it make it a law's place ("laws of the State of", "New York law"). */
  governing: boolean;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/'/g, "['’]").replace(/ /g, String.raw`\s+`);
const NAMES = new RegExp(String.raw`\b(?:${JURISDICTION_NAMES.map(escape).join('|')})\b`, 'g');
// "laws of the State of", "law of", "the laws in force in", "governed by ... the".
const LAW_BEFORE = /\blaws?\s+(?:(?:in\s+force\s+)?(?:of|in)\s+)(?:the\s+)?(?:(?:State|Commonwealth|Province|Republic|Kingdom|Federal\s+Republic)\s+of\s+)?$/i;
const LAW_AFTER = /^\s*(?:\(?[A-Z][a-z]*\)?\s+)?law\b/;

/** Canonical spelling of a matched name (case and apostrophes as the list has them). */
function canonical(text: string): string {
  const folded = text.replace(/\s+/g, ' ').replace(/’/g, "'").toLowerCase();
  return JURISDICTION_NAMES.find((n) => n.toLowerCase() === folded) ?? text;
}

/**
 * Places named in a sentence, each marked when it is the place whose law governs ("the laws of
 * the State of New York", "New York law"). Capitalized names only: "victoria" or "georgia" in
 * lower case are not places here.
 */
export function findJurisdictions(sentence: string): JurisdictionMention[] {
  const out: JurisdictionMention[] = [];
  for (const m of sentence.matchAll(NAMES)) {
    const start = m.index ?? 0;
    const end = start + m[0].length;
    const before = sentence.slice(Math.max(0, start - 60), start);
    const governing = LAW_BEFORE.test(before) || LAW_AFTER.test(sentence.slice(end, end + 20));
    out.push({ name: canonical(m[0]), start, end, governing });
  }
  return out;
}

/**
 * The governing jurisdiction a sentence names: the first place it marks as the law's; when the
 * law's place is a state or province followed by its country ("Ontario, Canada"), the former.
 */
export function governingJurisdiction(sentence: string): JurisdictionMention | null {
  return findJurisdictions(sentence).find((j) => j.governing) ?? null;
}
