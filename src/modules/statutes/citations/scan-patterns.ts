/**
 * The compiled regexes of the scanner. All quantifiers on whitespace are bounded and the alternations are
 * literal names, so matching is linear in the text (no nested unbounded repetition).
 */
import { REGISTRY } from './code-registry.js';

const SIGN = String.raw`(?:§{1,2}|sec(?:tions?|s)?\.?)`;
const TITLE = String.raw`\d{1,3}[a-z]?`;
const ANNOTATED = String.raw`(?:\s{0,2},?\s{0,2}(?:Ann\.?|Annotated)(?![a-z]))?`;

/**
 * A code named before its section: "42 U.S.C. §", "Cal. Civ. Code", "title 42, United States Code, section",
 * up to the first digit of the section. Groups: tfTitle+tfAlias, alias, tTitle+tAlias, sign.
 */
const NAMED_HEAD = String.raw`(?<![\w.$§/:-])(?:(?<tfTitle>${TITLE})\s{0,3}(?<tfAlias>${REGISTRY.titleFirstSource})|(?<alias>${REGISTRY.namedSource})|title\s{1,3}(?<tTitle>${TITLE})(?:\s{0,3},\s{0,3}|\s{1,3}of\s{1,3}the\s{1,3}|\s{1,3})(?<tAlias>${REGISTRY.usCodeSource}))${ANNOTATED}\s{0,3},?\s{0,3}(?<sign>${SIGN})?\s{0,3}(?=\d)`;

/** A section sign or word with no code before it: "§ 2-1933", "sections 8, 16". */
const BARE_HEAD = String.raw`(?<![\w§])(?<bareSign>${SIGN})\s{0,3}(?=\d)`;

/** The scanner: the leftmost named or bare head. */
export const SCAN = new RegExp(`${NAMED_HEAD}|${BARE_HEAD}`, 'gi');

/** A named head starting exactly at lastIndex (to stop a list before "28 U.S.C."). */
export const NAMED_HEAD_STICKY = new RegExp(NAMED_HEAD, 'iy');

/** A code named after the sections: ", C.R.S.", " of the Code of Virginia", ", D.C. Official Code". */
export const TRAILING_NAME = new RegExp(
  String.raw`(?:\s{0,3},\s{0,3}|\s{1,3}of\s{1,3}(?:the\s{1,3})?)(?<name>${REGISTRY.trailingSource})${ANNOTATED}(?![a-z])`,
  'iy',
);

/**
 * The U.S. Code named after the sections: " of this title", " of title 42", " of title 5, United States Code".
 * A bare "of title 5" followed by another "of" ("of title 5 of Pub. L. ...") is some other law's title.
 */
export const TRAILING_US_TITLE = new RegExp(
  String.raw`\s{1,3}of\s{1,3}(?:(?<thisTitle>this\s{1,3}title)|title\s{1,3}(?<title>${TITLE})(?![\w])(?:(?<usc>(?:\s{0,3},\s{0,3}|\s{1,3}of\s{1,3}the\s{1,3})${REGISTRY.usCodeSource}(?![a-z]))|(?!\s{1,3}of\s)))`,
  'iy',
);

/**
 * After a bare reference: "of the Agreement", "of the federal Clean Water Act", "of D.C. Law 6-10" — the
 * number belongs to some other instrument. Case-sensitive on purpose: the capital marks a proper name.
 */
export const OF_OTHER_INSTRUMENT = /\s{1,3}of\s{1,3}(?!this\b)(?:the\s{1,3})?(?:federal\s{1,3})?["\u201c]?[A-Z]/y;

/** Words before a bare sign that mean the number is not in force in this code ("former § 6-4-104"). */
export const FORMER_BEFORE = /(?:former|prior|repealed)\s{1,3}$/i;
