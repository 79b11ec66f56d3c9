/**
 * The title a question points at that the loaded corpus does not hold: a title it cites
 * ("28 U.S.C. § 1446"), else the unloaded title whose name shares the most of the question's
 * content words ("tax" → Taxation). Pure.
 */
import { findCitations } from '../../statutes/citations/citations.js';
import { isLegalOperator, isStopword } from '../../../text/stopwords.js';
import { tokenize } from '../../../text/tokens.js';
import { TITLE_NAMES } from './title-names.js';

export interface MissingTitle {
  number: string;
  name: string | null;
}

/** Words in many title names that say nothing about a question's topic. */
const GENERIC = new Set(['general', 'provis', 'code', 'govern', 'public', 'state', 'uniform', 'relat', 'certain', 'other', 'and', 'matter', 'affair']);

function stems(text: string): Set<string> {
  return new Set(tokenize(text).filter((t) => !isStopword(t.norm, 'statutes') && !isLegalOperator(t.norm) && t.kind === 'word').map((t) => t.stem).filter((s) => !GENERIC.has(s)));
}

/** The unloaded title the question points at, or null. */
export function likelyMissingTitle(question: string, jurisdiction: string, loaded: ReadonlySet<string>): MissingTitle | null {
  const names = TITLE_NAMES[jurisdiction] ?? {};
  for (const c of findCitations(question)) {
    if (c.jurisdiction !== jurisdiction) continue;
    const title = c.title ?? c.section.split('-')[0] ?? null;
    if (title !== null && !loaded.has(title)) return { number: title, name: names[title] ?? null };
  }
  const asked = stems(question);
  let best: { number: string; name: string; shared: number } | null = null;
  for (const [number, name] of Object.entries(names)) {
    if (loaded.has(number)) continue;
    const shared = [...stems(name)].filter((s) => asked.has(s)).length;
    if (shared > 0 && (best === null || shared > best.shared)) best = { number, name, shared };
  }
  return best === null ? null : { number: best.number, name: best.name };
}

/** "title 28 (Judiciary and Judicial Procedure)", as an answer names it. */
export function describeTitle(t: MissingTitle): string {
  return t.name === null ? `title ${t.number}` : `title ${t.number} (${t.name})`;
}
