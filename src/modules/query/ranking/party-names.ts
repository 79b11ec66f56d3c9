/**
 * Party names from a contract's opening: "This Agreement is made ... by and between Acme Corp., a
 * Delaware corporation ("Acme"), and Beta LLC ("Beta")" → ["Acme Corp.", "Acme", "Beta LLC", "Beta"].
 * Heuristic and English-only; it helps when file names are opaque ("contract-final.pdf").
 */

/** How far into the text the "between" clause is looked for, and how long it may be. */
const OPENING_CHARS = 4000;
const CLAUSE_CHARS = 900;
const MAX_NAME_WORDS = 8;

/** Corporate suffixes a name ends with: reading stops after them. */
const SUFFIX = /^(?:inc|incorporated|corp|corporation|co|company|llc|l\.l\.c|ltd|limited|plc|lp|l\.p|llp|sa|s\.a|ag|gmbh|nv|n\.v|bv|b\.v|aktiengesellschaft|pty|pte)\.?,?$/i;

/** Defined short names that are roles, not names. */
const ROLE_NAMES = new Set([
  'agreement', 'company', 'distributor', 'consultant', 'customer', 'manufacturer', 'supplier', 'licensee',
  'licensor', 'party', 'parties', 'effective date', 'promoter', 'recipient', 'discloser', 'vendor', 'buyer',
  'seller', 'purchaser', 'client', 'contractor', 'provider', 'service provider', 'reseller', 'franchisee',
  'franchisor', 'agent', 'sponsor', 'owner', 'operator', 'lender', 'borrower', 'employer', 'employee',
  'executive', 'landlord', 'tenant', 'partner', 'member', 'shipper', 'carrier', 'developer', 'publisher',
  'affiliate', 'investor', 'contract', 'term', 'territory', 'products', 'services', 'we', 'us', 'you',
]);

/** Regex sources of the two enumerator forms: "(1)", "(a)", "(ii)", and "2.". */
const PARENTHESIZED = String.raw`\(\s*(?:\d{1,2}|[a-z]|[ivx]{1,4})\s*\)`;
const NUMBERED = String.raw`\d{1,2}\.`;
/** An enumerator before a party in an enumerated list of parties ("BETWEEN: (1) BICYCLETX LIMITED ... and (2) ..."). */
const ENUMERATOR = new RegExp(String.raw`^[\s:]*(?:${PARENTHESIZED}|${NUMBERED})\s+`, 'i');
/** An optional enumerator, as a regex source, for the lookaheads that decide where a party starts. */
const ENUMERATED = String.raw`(?:${PARENTHESIZED}\s*|${NUMBERED}\s+)?`;

/** A defined short name that names a role ("Company", "Party A"), not a party. */
function isRole(name: string): boolean {
  const lower = name.toLowerCase();
  return ROLE_NAMES.has(lower) || /^party\s+(?:[a-z]|\d{1,2})$/.test(lower);
}

/** Connectors allowed inside a name when a capitalized word follows: "Institute of Grassland". */
const CONNECTORS = new Set(['of', 'for', 'the', '&', 'de', 'du', 'la', 'von']);

function startsName(word: string, first: boolean): boolean {
  if (/^[\p{Lu}]/u.test(word)) return true;
  // "2THEMART.COM", "i-Escrow": a digit or a lowercase-prefixed brand may open a name, not continue one.
  return first && /^(?:\d|\p{Ll}[-\p{Lu}])/u.test(word);
}

/** The name at the start of a party's segment, or null. */
function leadingName(segment: string): string | null {
  let text = segment.replace(ENUMERATOR, '').replace(/^[\s:,"“”'(]+/, '').replace(/^the\s+/i, '');
  // "between professional golfer, TOM WATSON, ...": a lowercase description before the name.
  if (/^\p{Ll}/u.test(text) && !/^\p{Ll}[-\p{Lu}]/u.test(text)) {
    const comma = text.indexOf(',');
    if (comma < 0 || comma > 60) return null;
    text = text.slice(comma + 1).trimStart();
  }
  const words = text.split(/\s+/);
  const kept: string[] = [];
  for (let i = 0; i < words.length && kept.length < MAX_NAME_WORDS; i++) {
    const word = words[i] ?? '';
    const next = words[i + 1] ?? '';
    if (word === '' || /^[("“]/.test(word)) break;
    if (CONNECTORS.has(word.toLowerCase()) && kept.length > 0 && startsName(next, false)) {
      kept.push(word);
      continue;
    }
    if (!startsName(word, kept.length === 0)) break;
    // "DETTO TECHNOLOGIES This Reseller Agreement": the next sentence, not more of the name.
    if (kept.length > 0 && /^(?:this|these)$/i.test(word)) break;
    // Addresses follow names: "ORGANIC PREPARATIONS INC. 2nd Floor".
    if (kept.length > 0 && /^\d/.test(word)) break;
    // "Beijing. This Agreement ...": the sentence ends, and the name with it.
    if (endsSentence(word)) {
      kept.push(word.slice(0, -1));
      break;
    }
    kept.push(word);
    if (SUFFIX.test(word) && !SUFFIX.test(next)) break;
    // "Antares Pharma, Inc., a Delaware corporation": a comma ends the name unless a suffix follows.
    if (word.endsWith(',') && !SUFFIX.test(next)) break;
  }
  const name = kept.join(' ').replace(/[,;:]+$/, '').trim();
  return name.length >= 2 && /\p{L}/u.test(name) ? name : null;
}

/** "between", then a name (or an enumerator and a name), or a lower-case description and a comma. */
const BETWEEN = new RegExp(String.raw`\bbetween\b\s*:?\s*(?=${ENUMERATED}(?:the\s+)?[\p{Lu}\d]|\p{Ll}[\p{Ll} ]{0,40},)`, 'iu');
/** Text that starts with a name, after an optional enumerator and "the". */
const STARTS_WITH_NAME = new RegExp(String.raw`^${ENUMERATED}(?:the\s+)?[\p{Lu}\d]`, 'u');

/** Parties named in the opening of a contract, long names and their defined short names, each once. */
export function partyNamesFromText(firstPageText: string): string[] {
  const opening = firstPageText.slice(0, OPENING_CHARS).replace(/\s+/g, ' ');
  const between = BETWEEN.exec(opening);
  if (!between) return organizationNames(opening);
  const clauseStart = between.index + between[0].length;
  const clause = opening.slice(clauseStart, clauseStart + CLAUSE_CHARS);
  const names: string[] = [];
  const add = (name: string | null) => {
    if (!name || isRole(name)) return;
    if (!names.some((n) => n.toLowerCase() === name.toLowerCase())) names.push(name);
  };

  const first = leadingName(clause);
  add(first);
  // The clause ends at the recitals; the second party follows the first "and" that is followed by
  // a name. Only two: later "and"s are mostly headings and recitals, and most contracts have two.
  const end = /\b(?:WITNESSETH|RECITALS|WHEREAS|NOW,? THEREFORE|BACKGROUND)\b/i.exec(clause)?.index ?? clause.length;
  const body = clause.slice(0, end);
  const from = first ? clause.indexOf(first) + first.length : 0;
  // Enumerated parties ("(1) BICYCLETX LIMITED, a company incorporated under the laws of England and
  // Wales ...; and (2) NIGEL CROCKETT"): the second is the next enumerator, not the next "and".
  const enumerated = ENUMERATOR.test(clause) ? /\(\s*(?:2|b|ii)\s*\)\s*/i.exec(body.slice(from)) : null;
  // Where the second party's name starts, once found.
  let secondAt = -1;
  if (enumerated) {
    secondAt = from + enumerated.index + enumerated[0].length;
    add(leadingName(body.slice(secondAt)));
  } else {
    for (const m of body.slice(from).matchAll(/\b(?:and|AND)\b\s*:?\s*/g)) {
      const at = from + (m.index ?? 0) + m[0].length;
      const after = body.slice(at);
      if (!STARTS_WITH_NAME.test(after)) continue;
      const second = leadingName(after);
      if (second && !isRole(second)) {
        add(second);
        secondAt = at;
        break;
      }
    }
  }
  // Short names are defined beside the parties, in the sentence that names them: one defined later
  // ("... a purchase order ... ("Purchase Order")") is a term of the contract, not a party.
  const sentenceEnd = secondAt < 0 ? -1 : body.slice(secondAt).search(/[\p{Ll})\]"”]\.\s+[\p{Lu}"“]/u);
  const defining = sentenceEnd < 0 ? body : body.slice(0, secondAt + sentenceEnd + 2);
  // ("EDGE"), (the "Company"), (hereinafter referred to as "FTE" or "Subcontractor"): the first name given.
  for (const m of defining.matchAll(/\(\s*(?:the\s+|hereinafter\s+(?:referred\s+to\s+as\s+|called\s+)?)?["“']([^"”']{2,40})["”'](?:\s*,?\s*(?:or|and)\s+(?:the\s+)?["“'][^"”']{2,40}["”'])*\s*\)/gi)) {
    add((m[1] ?? '').trim());
  }
  // A "between" clause that yields fewer than two names (a letter agreement's addressee, a recital
  // that says "between the parties") is completed from the organizations the opening names.
  if (names.length < 2) for (const name of organizationNames(opening)) add(name);
  return names.slice(0, 6);
}

/** Words that end an organization's name in running text: a corporate suffix or a kind of institution. */
const ORGANIZATION_WORDS = ['Inc', 'Incorporated', 'Corp', 'Corporation', 'Co', 'Company', 'LLC', 'L.L.C', 'Ltd', 'Limited', 'PLC', 'plc', 'LP', 'L.P', 'LLP', 'S.A', 'SA', 'AG', 'GmbH', 'N.V', 'B.V', 'Bank', 'Association', 'Trust', 'Partnership'];
// Written as in the text or in capitals ("AFSALA BANCORP, INC."); the regex has no case-insensitive flag
// because a name is told from the words around it by its capitals.
const ORGANIZATION_END = String.raw`(?:${[...new Set(ORGANIZATION_WORDS.flatMap((w) => [w, w.toUpperCase()]))].map((w) => w.replace(/\./g, '\\.')).join('|')})\b\.?`;
/** Capitalized words (with "of", "and", "&" between them) that end in ORGANIZATION_END: "Amsterdam Federal Savings and Loan Association". */
const ORGANIZATION = new RegExp(
  // The first word starts with a capital, or digits and a letter ("2TheMart"), never a bare number ("1996").
  String.raw`(?<![\p{L}\d])(?:\p{Lu}|\d+\p{L})[\p{L}\d'’.\-/]*,?\s+(?:(?:(?:of|and|&|for|de)\s+)?[\p{Lu}\d][\p{L}\d'’.\-/]*,?\s+){0,${MAX_NAME_WORDS - 2}}${ORGANIZATION_END}`,
  'gu',
);
/** How much of the opening is searched for organization names when no "between" clause names the parties. */
const ORGANIZATION_CHARS = 2000;

/**
 * Organizations the opening names, in order, each once: the parties of a contract without a
 * "between" clause (an agency letter addressed to an underwriter, "Party A: ..." headings) are
 * nearly always the first organizations it names.
 */
function organizationNames(opening: string): string[] {
  const out: string[] = [];
  const text = opening.slice(0, ORGANIZATION_CHARS);
  for (const m of text.matchAll(ORGANIZATION)) {
    // "a Florida Corporation", "an Investment Company": a description of a party, not its name.
    if (/\ban?\s+$/i.test(text.slice(Math.max(0, (m.index ?? 0) - 4), m.index))) continue;
    for (const name of splitJoinedNames(nameOfRun(m[0]))) {
      if (name.split(/\s+/).length < 2 || isRole(name) || REFERENCE.test(name)) continue;
      // "Savings Association" after "Amsterdam Federal Savings and Loan Association": the same party again.
      if (!out.some((n) => n.toLowerCase().includes(name.toLowerCase()))) out.push(name);
    }
    if (out.length >= 4) break;
  }
  return out.slice(0, 4);
}

/**
 * True for a word that ends a sentence: three letters or more and a period ("Customers. The
 * Company"), not an initial ("J."), an abbreviation with inner periods ("U.S.") or a corporate
 * suffix ("Inc.").
 */
function endsSentence(word: string): boolean {
  return /^[\p{L}\d]{3,}\.$/u.test(word) && !SUFFIX.test(word);
}

/** A document type, which a heading puts before the parties' names: "CONSULTING AGREEMENT Aduro Biotech, Inc.". */
const DOCUMENT_TYPE_WORD = /^(?:agreement|contract|amendment|addendum|license|licence|lease|memorandum|recitals|witnesseth|between)[.,:]?$/i;
/**
 * A year, a day of a date or a section number ("2016", "21,", "1.1"): what ends a heading or a date
 * before a name. A bare small number may be part of the name ("Kes 7 Capital Inc.").
 */
const NUMBER_WORD = /^(?:\d{4}|\d+[.,:\-/][\d.,:\-/]*)$/;
/** A letter or roman numeral enumerating a heading ("A. The Partnership", "IV. Background"); only first in a run, where it is no initial ("James W. Nantz"). */
const ENUMERATOR_WORD = /^(?:[IVX]{1,4}|[A-Z])\.$/;
/** "of the Company" closing a run: a reference to a defined party ("COVENANTS OF THE COMPANY"), not a name. */
const REFERENCE = /\bof\s+the\s+\S+$/i;

/**
 * The name at the end of a run of capitalized words. The run regex reads through whatever capitals
 * stand before a name; a name starts after the last heading word, number, date or sentence end in
 * the run: "AGREEMENT May 21, 2015 Tribute Pharmaceuticals Canada Inc." → "Tribute Pharmaceuticals
 * Canada Inc.", "Beijing. This Agreement ..." ends a sentence at "Beijing.".
 */
function nameOfRun(run: string): string {
  // A colon ends a heading ("Ladies and Gentlemen: AFSALA Bancorp").
  const words = run.replace(/^.*:\s*/, '').replace(/,\s*$/, '').trim().split(/\s+/);
  let start = 0;
  words.forEach((word, i) => {
    if (i === words.length - 1) return;
    const sentenceEnd = endsSentence(word);
    // A filing's exhibit heading runs into the name under it: "Exhibit 1.2 ATHENS BANCSHARES CORPORATION".
    const exhibit = /^(?:exhibit|schedule|annex|appendix)$/i.test(words[i - 1] ?? '');
    const enumerator = i === 0 && ENUMERATOR_WORD.test(word);
    if (DOCUMENT_TYPE_WORD.test(word) || NUMBER_WORD.test(word) || sentenceEnd || exhibit || enumerator) start = i + 1;
  });
  // A page number left above the heading ("2 BIOPURE CORPORATION") does not open a name.
  while (start < words.length - 1 && /^\d+$/.test(words[start] ?? '')) start++;
  return words.slice(start).join(' ').replace(/^(?:the|this)\s+/i, '').replace(/,\s*$/, '');
}

/**
 * Two parties the run reads as one: "TWIN CITIES POWER HOLDINGS, LLC and REDWATER LLC", "Clarus
 * IV-A, L.P., Clarus IV-B, L.P.". They split after a corporate suffix followed by "and" or a comma;
 * "Amsterdam Federal Savings and Loan Association" has no suffix before its "and" and stays one.
 */
function splitJoinedNames(name: string): string[] {
  const words = name.split(/\s+/);
  const names: string[] = [];
  let from = 0;
  for (let i = 0; i < words.length - 1; i++) {
    const word = words[i] ?? '';
    if (!SUFFIX.test(word)) continue;
    const next = words[i + 1] ?? '';
    if (/^(?:and|AND|&)$/.test(next) && i + 2 < words.length) {
      names.push(words.slice(from, i + 1).join(' '));
      from = i + 2;
    } else if (word.endsWith(',') && !SUFFIX.test(next)) {
      names.push(words.slice(from, i + 1).join(' '));
      from = i + 1;
    }
  }
  names.push(words.slice(from).join(' '));
  return names.map((n) => n.replace(/,\s*$/, '').trim()).filter((n) => n !== '');
}
