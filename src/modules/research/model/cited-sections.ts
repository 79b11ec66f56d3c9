// Which sections a model's prose cites, so that prose naming a section nobody verified can be refused.
// Pure: no I/O.
import { findCitations, parseCitation, type DefaultCode } from '../../statutes/citations/citations.js';
import type { CandidateSection } from '../ask/ask.types.js';

// A bare section sign and the number after it ("§ 12-301", "§12-301(a)(4)"). findCitations reads
// these only for codes that are not title-first (a bare "§ 1983" has no title to resolve), so this
// catches the rest: a model must not slip in a section by leaving out the code's name.
const BARE_SIGN = /§§?\s*(\d[0-9A-Za-z.:\u2010-\u2014-]*)/g;
const TRAILING_PUNCTUATION = /[.:\u2010-\u2014-]+$/;

/** The code that bare references in prose about these sections point into (the first section's code). */
function defaultCodeOf(sections: readonly Pick<CandidateSection, 'citation'>[]): DefaultCode | undefined {
  for (const s of sections) {
    const parsed = parseCitation(s.citation);
    if (parsed !== null) return { jurisdiction: parsed.jurisdiction, codeName: parsed.codeName, ...(parsed.title === null ? {} : { title: parsed.title }) };
  }
  return undefined;
}

/**
 * The citations written in `text` that are not among `allowed`, as written (e.g. 'D.C. Code § 1-204.22',
 * '§ 7-1201.01'); empty when the text cites only allowed sections. Named citations are compared by
 * canonical form; a bare "§ number" by section number. `context` (the sections the prose is about,
 * allowed or not) decides which code a bare reference belongs to.
 */
export function unallowedCitations(
  text: string,
  allowed: readonly Pick<CandidateSection, 'citation' | 'sectionNumber'>[],
  context: readonly Pick<CandidateSection, 'citation'>[] = allowed,
): string[] {
  const allowedCodes = new Set(allowed.map((s) => s.citation));
  const allowedNumbers = new Set(allowed.map((s) => s.sectionNumber.toLowerCase()));
  const defaultCode = defaultCodeOf([...allowed, ...context]);
  const found = findCitations(text, defaultCode === undefined ? {} : { defaultCode });
  const out: string[] = [];
  for (const c of found) if (!allowedCodes.has(c.canonical)) out.push(c.raw);
  for (const m of text.matchAll(BARE_SIGN)) {
    const at = m.index;
    if (found.some((c) => at >= c.start && at < c.end)) continue;
    const number = (m[1] ?? '').replace(TRAILING_PUNCTUATION, '').replace(/[\u2010-\u2014]/g, '-').toLowerCase();
    if (!allowedNumbers.has(number)) out.push(m[0].replace(TRAILING_PUNCTUATION, ''));
  }
  return out;
}
