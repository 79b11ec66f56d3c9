// Dates as figures: "no later than October 1, 1990" against a provision's "October 1, 1988".
import { findDates, type DateMention } from '../../../text/dates.js';
import type { Finding } from './evaluate-candidate.js';

/**
 * Findings on the dates the assertion states (`findDates` of it, read once with its other facts),
 * against the sentence's dates
 * of the same precision: the same date is a match; only other dates, a conflict. Nothing when either
 * side states no such date (a year alone, or no date, says nothing to compare).
 */
export function dateFindings(asserted: DateMention[], sentence: string): Finding[] {
  const theirs = findDates(sentence);
  const out: Finding[] = [];
  for (const d of asserted) {
    const comparable = theirs.filter((p) => p.iso.length === d.iso.length);
    if (comparable.length === 0) continue;
    const same = comparable.find((p) => p.iso === d.iso);
    if (same !== undefined) out.push({ kind: 'quantity-match', assertionWords: d.text, provisionWords: same.text, strength: 0.9 });
    // With several dates in the sentence, the one the assertion changed is less certainly the one it meant.
    else out.push({ kind: 'quantity-conflict', assertionWords: d.text, provisionWords: comparable[0]!.text, strength: comparable.length === 1 ? 0.9 : 0.6 });
  }
  return out;
}
