// An office named in full once and by its short title after: "(a) The Secretary of Transportation …
// shall issue regulations …; (c) … the Secretary shall publish proposed regulations". A reader takes
// "the Secretary" in (c) for the Secretary of Transportation, so a claim that the Secretary of
// Defense publishes them is about another office. Only a full title that opens a sentence or a
// subsection (where the holder of what follows is named) counts, and only when the provision gives
// that title one full form: "the Secretary, in consultation with the Secretary of Defense" says
// nothing about which Secretary "the Secretary" is.

/** A title and what it is "of": "Secretary of Transportation", "Director of the Office of Personnel Management". */
const FULL_TITLE = /\b([A-Z][a-z]+)\s+of\s+((?:the\s+)?[A-Z][\w.'’-]*(?:\s+(?:and\s+|of\s+|for\s+)?(?:the\s+)?[A-Z][\w.'’-]*)*)/g;
/** Where a holder is named: the start of the text, of a sentence or of a subsection ("(a) In General.— The …"). */
const OPENS = /(?:^|[.;:—–)]\s*)\s*(?:The|the)\s+$/;
/** Title words that are places or the law itself, never an office. */
const NOT_OFFICES = new Set(['District', 'State', 'States', 'Commonwealth', 'Title', 'Chapter', 'Section', 'Act', 'Code', 'Laws', 'Law']);

/**
 * The full forms of the titles `before` (the provision's text before a sentence) names in a holder's
 * place, by title word: "Secretary" → "Secretary of Transportation". A title whose full forms differ
 * anywhere in `before` has none.
 */
export function fullTitles(before: string): Map<string, string> {
  const forms = new Map<string, Set<string>>();
  const opening = new Map<string, string>();
  for (const m of before.matchAll(FULL_TITLE)) {
    const title = m[1] as string;
    if (NOT_OFFICES.has(title)) continue;
    const full = `${title} of ${(m[2] as string).replace(/\s+/g, ' ')}`;
    forms.set(title, (forms.get(title) ?? new Set()).add(full));
    if (OPENS.test(before.slice(Math.max(0, m.index - 40), m.index))) opening.set(title, full);
  }
  const out = new Map<string, string>();
  for (const [title, full] of opening) if (forms.get(title)?.size === 1) out.set(title, full);
  return out;
}

/**
 * `sentence` with each short title ("the Secretary", not followed by "of") written as its full form
 * from `titles`; unchanged where the sentence names a title in full itself.
 */
export function writeTitlesInFull(sentence: string, titles: Map<string, string>): string {
  let out = sentence;
  for (const [title, full] of titles) {
    if (new RegExp(`\\b${title}\\s+of\\b`).test(sentence)) continue;
    out = out.replace(new RegExp(`\\b([Tt]he\\s+)${title}\\b(?!['’]s)`, 'g'), `$1${full}`);
  }
  return out;
}
