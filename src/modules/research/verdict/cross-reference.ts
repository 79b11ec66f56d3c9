// A provision cited in place of another: "indemnification ... is governed by Chapter 5 of Title 29"
// against "indemnification ... shall be governed by Chapter 3 of this title", or "has the meaning
// provided in § 48-101" against "shall have the same meaning as provided in § 3-1201.02(10A)(B)(iii)".
// A sentence cites many provisions for many ends; the one a changed reference replaces is the one of
// the same kind that the same words lead to ("governed by", "meaning ... provided in").
import { contentStems } from './topic.js';
import type { Finding } from './evaluate-candidate.js';

/** A numbered reference: its kind word and its number with any subdivisions ("3-1201.02(10A)(B)"). */
const REFERENCE = /(?:\b(chapter|subchapter|title|part|article|section)s?|(§§?))\s*(\d[\w.:-]*(?:\([\w.]+\))*)/gi;
/** Content words before a reference read as what leads to it. */
const LEAD_WORDS = 3;

interface Reference {
  kind: string;
  id: string;
  /** The reference with the words that lead to it, as written. */
  text: string;
  lead: Set<string>;
}

function references(text: string): Reference[] {
  const out: Reference[] = [];
  for (const m of text.matchAll(REFERENCE)) {
    const kind = m[2] !== undefined ? 'section' : (m[1] as string).toLowerCase();
    const id = (m[3] as string).replace(/[.:-]+$/, '').toLowerCase();
    const before = text.slice(Math.max(0, m.index - 60), m.index);
    // The lead stops at a clause boundary or another reference: "under § 2-301, as governed by".
    const clause = before.slice(before.search(/[^,;:.§]*$/));
    const lead = contentStems(clause).slice(-LEAD_WORDS);
    // Quoted from the fourth word before it: "is governed by Chapter 5", "as provided in § 48-101".
    const leadText = /(?:\S+\s+){0,4}$/.exec(clause)?.[0] ?? '';
    out.push({ kind, id, text: `${leadText}${m[0].replace(/[.:-]+$/, '')}`.trim(), lead: new Set(lead) });
  }
  return out;
}

/** Whether two numbers name the same provision, one perhaps down to a subdivision of the other. */
function sameProvision(a: string, b: string): boolean {
  return a === b || a.startsWith(`${b}(`) || b.startsWith(`${a}(`);
}

/**
 * The conflict when the assertion cites a provision of some kind where the sentence, led to it by
 * the same words, cites another of that kind and never the assertion's; else null.
 */
export function crossReferenceConflict(assertion: string, sentence: string): Finding | null {
  const theirs = references(sentence);
  if (theirs.length === 0) return null;
  for (const ours of references(assertion)) {
    if (ours.lead.size === 0) continue;
    const sameKind = theirs.filter((t) => t.kind === ours.kind);
    if (sameKind.length === 0 || sameKind.some((t) => sameProvision(t.id, ours.id))) continue;
    const replaced = sameKind.find((t) => [...t.lead].some((s) => ours.lead.has(s)));
    if (replaced !== undefined) return { kind: 'name-conflict', assertionWords: ours.text, provisionWords: replaced.text, strength: 0.6 };
  }
  return null;
}
