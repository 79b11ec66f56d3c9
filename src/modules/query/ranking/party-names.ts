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

/** Connectors allowed inside a name when a capitalized word follows: "Institute of Grassland". */
const CONNECTORS = new Set(['of', 'for', 'the', '&', 'de', 'du', 'la', 'von']);

function startsName(word: string, first: boolean): boolean {
  if (/^[\p{Lu}]/u.test(word)) return true;
  // "2THEMART.COM", "i-Escrow": a digit or a lowercase-prefixed brand may open a name, not continue one.
  return first && /^(?:\d|\p{Ll}[-\p{Lu}])/u.test(word);
}

/** The name at the start of a party's segment, or null. */
function leadingName(segment: string): string | null {
  let text = segment.replace(/^[\s:,"“”'(]+/, '').replace(/^the\s+/i, '');
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
    // Addresses follow names: "ORGANIC PREPARATIONS INC. 2nd Floor".
    if (kept.length > 0 && /^\d/.test(word)) break;
    kept.push(word);
    if (SUFFIX.test(word) && !SUFFIX.test(next)) break;
    // "Antares Pharma, Inc., a Delaware corporation": a comma ends the name unless a suffix follows.
    if (word.endsWith(',') && !SUFFIX.test(next)) break;
  }
  const name = kept.join(' ').replace(/[,;:]+$/, '').trim();
  return name.length >= 2 && /\p{L}/u.test(name) ? name : null;
}

/** Parties named in the opening of a contract, long names and their defined short names, each once. */
export function partyNamesFromText(firstPageText: string): string[] {
  const opening = firstPageText.slice(0, OPENING_CHARS).replace(/\s+/g, ' ');
  const between = /\bbetween\b\s*:?\s*(?=(?:the\s+)?[\p{Lu}\d]|\p{Ll}[\p{Ll} ]{0,40},)/iu.exec(opening);
  if (!between) return [];
  const clauseStart = between.index + between[0].length;
  const clause = opening.slice(clauseStart, clauseStart + CLAUSE_CHARS);
  const names: string[] = [];
  const add = (name: string | null) => {
    if (!name || ROLE_NAMES.has(name.toLowerCase())) return;
    if (!names.some((n) => n.toLowerCase() === name.toLowerCase())) names.push(name);
  };

  const first = leadingName(clause);
  add(first);
  // The clause ends at the recitals; the second party follows the first "and" that is followed by
  // a name. Only two: later "and"s are mostly headings and recitals, and most contracts have two.
  const end = /\b(?:WITNESSETH|RECITALS|WHEREAS|NOW,? THEREFORE|BACKGROUND)\b/i.exec(clause)?.index ?? clause.length;
  const body = clause.slice(0, end);
  const from = first ? clause.indexOf(first) + first.length : 0;
  for (const m of body.slice(from).matchAll(/\b(?:and|AND)\b\s*:?\s*/g)) {
    const after = body.slice(from + (m.index ?? 0) + m[0].length);
    if (!/^(?:the\s+)?[\p{Lu}\d]/u.test(after)) continue;
    const second = leadingName(after);
    if (second && !ROLE_NAMES.has(second.toLowerCase())) {
      add(second);
      break;
    }
  }
  for (const m of body.matchAll(/\(\s*(?:the\s+|hereinafter\s+(?:referred\s+to\s+as\s+|called\s+)?)?["“']([^"”']{2,40})["”']\s*\)/gi)) {
    add((m[1] ?? '').trim());
  }
  return names.slice(0, 6);
}
