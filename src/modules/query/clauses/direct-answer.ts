/**
 * The value a clause states, read from its own words, for the lead of an answer: the governing
 * state or country, a notice period. Pure; null when the clause does not state it plainly.
 */

const PLACE = /\blaws?\s+of\s+(?:the\s+)?(?:(?:State|Commonwealth|Province|Republic|Kingdom|People's Republic)\s+of\s+)?([A-Z][A-Za-z.]+(?:\s+(?:of\s+)?[A-Z][A-Za-z.]+){0,3})/;
/** Words after "the laws of" that are not a place ("the laws of such State", "the United States" is one). */
const NOT_PLACE = /^(?:Such|Any|Each|This|That|The|Its|Their|Applicable|Said)\b/;

/** "New York" from "... governed by the laws of the State of New York, without regard to ...". */
export function governingPlace(clause: string): string | null {
  for (const m of clause.matchAll(new RegExp(PLACE, 'g'))) {
    const place = (m[1] ?? '').replace(/\s+(?:without|excluding|applicable|and|as|in|to)\b.*$/i, '').replace(/[.,]+$/, '').trim();
    if (place && !NOT_PLACE.test(place)) return place;
  }
  return null;
}

const NUMBER_WORDS = 'one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|forty-five|sixty|ninety|one hundred twenty|one hundred eighty';
const PERIOD = new RegExp(`\\b(?:(?:${NUMBER_WORDS})\\s*\\((\\d+)\\)|(\\d+))[\\s-]*(?:calendar\\s+|business\\s+)?(day|month|year|week)s?\\b`, 'i');

/** "90 days" from "... unless either party gives ninety (90) days' written notice of non-renewal". */
export function noticePeriod(clause: string): string | null {
  const all = [...clause.matchAll(new RegExp(PERIOD, 'gi'))];
  // A clause may state the renewal term too ("three (3) year period"): the notice period is the
  // one said before an end ("prior to", "before") or right after "notice".
  const m =
    all.find((x) => /^[^.;]{0,40}?\b(?:prior|before|in advance|preceding)\b/i.test(clause.slice((x.index ?? 0) + x[0].length))) ??
    all.find((x) => /\bnotice\b[^.;]{0,30}$/i.test(clause.slice(Math.max(0, (x.index ?? 0) - 40), x.index))) ??
    all[0];
  if (!m) return null;
  const n = m[1] ?? m[2] ?? '';
  const unit = (m[3] ?? '').toLowerCase();
  return `${n} ${unit}${n === '1' ? '' : 's'}`;
}
