import { partyNamesFromText } from './party-names.js';

/** How far into the opening the heading is looked for. */
const HEADING_CHARS = 1500;
const TYPE = '(?:AGREEMENT|CONTRACT|LICENSE|LICENCE|LEASE|AMENDMENT|ADDENDUM|ARRANGEMENT|MEMORANDUM OF UNDERSTANDING)';
/** An all-caps heading ending in a document type: "MULTIPLE LINAC AND MULTI-MODALITY DISTRIBUTOR AGREEMENT", "LICENSE, DEVELOPMENT AND COMMERCIALIZATION AGREEMENT". */
const CAPS_HEADING = new RegExp(`(?:^|[^A-Za-z])((?:[A-Z][A-Z&'-]*,?[ \\t]+){0,5}${TYPE})(?![A-Za-z])`);
/** A heading in title case on its own line: "Manufacturing Agreement". */
const LINE_HEADING = /(?:^|\n)[ \t]*((?:[A-Z][\w&'-]*[ \t]+){0,5}(?:Agreement|Contract|License|Licence|Lease|Amendment|Addendum))[ \t]*(?:\n|$)/;
const SUFFIX = /,?\s+(?:inc|incorporated|corp|corporation|co|company|llc|l\.l\.c|ltd|limited|plc|lp|l\.p|llp|s\.a|sa|ag|gmbh|n\.v|nv|b\.v|bv)\.?$/i;
const GENERIC = /^(?:this|the|such|an?)\s+/i;

/** Ends a heading: the first sentence starts ("DISTRIBUTOR AGREEMENT This Agreement is made ..."). */
const SENTENCE_START = /\s+(?:This|THIS|These|THESE)\b[\s\S]*$/;
/** Stamps and labels printed above a heading: "EXECUTION COPY", "Exhibit A", a company's name ending in a suffix. */
const STAMP = /^(?:(?:execution|conformed|final)\s+(?:copy|version)|(?:exhibit|schedule|annex|appendix)\s+[\w.()-]+|(?:[\w&'.-]+\s+){1,4}(?:inc|corp|corporation|llc|ltd|limited|plc)\.?|of|and|to|the)\s+/i;
const TYPE_AT_END = new RegExp(`${TYPE}$`, 'i');

/**
 * The document's heading, readable: the first heading line, else the first capitals, that still ends
 * in a document type once what is not the heading is cut away (a stamp above it, the first sentence
 * run into it, the heading printed twice). A heading cut to nothing of the kind ("To Certain Portions
 * Of This Agreement", from a confidentiality legend) gives way to the next.
 */
function headingOf(head: string): string | null {
  const candidates = [...head.matchAll(new RegExp(LINE_HEADING, 'g')), ...head.matchAll(new RegExp(CAPS_HEADING, 'g'))];
  for (const m of candidates) {
    let heading = (m[1] ?? '').replace(/\s+/g, ' ').trim().replace(SENTENCE_START, '');
    for (let i = 0; i < 3 && STAMP.test(heading); i++) heading = heading.replace(STAMP, '');
    // "MAINTENANCE AGREEMENT MAINTENANCE AGREEMENT": a heading printed twice is one heading.
    const words = heading.split(' ');
    const half = words.length / 2;
    if (Number.isInteger(half) && words.slice(0, half).join(' ').toLowerCase() === words.slice(half).join(' ').toLowerCase()) heading = words.slice(0, half).join(' ');
    if (!TYPE_AT_END.test(heading)) continue;
    const title = readable(heading).replace(GENERIC, '');
    if (title.split(' ').length >= 2) return title;
  }
  return null;
}

function readable(text: string): string {
  const collapsed = text.replace(/\s+/g, ' ').trim();
  if (/\p{Ll}/u.test(collapsed)) return collapsed;
  return collapsed.toLowerCase().replace(/(^|[\s\-/(])(\p{L})/gu, (_m, pre: string, c: string) => pre + c.toUpperCase());
}

/** A party name as a title shows it: title case, corporate suffix dropped ("Bellicum Pharmaceuticals, Inc." → "Bellicum Pharmaceuticals"). */
function partyForTitle(name: string): string {
  let n = name.trim();
  for (let i = 0; i < 2 && SUFFIX.test(n); i++) n = n.replace(SUFFIX, '');
  return readable(n.replace(/[,;]+$/, ''));
}

/** The document's own heading, readable ("Amendment No. 3 To The Distributor Agreement"), or null when its opening has none naming a document type. */
export function documentHeading(opening: string): string | null {
  return headingOf(opening.slice(0, HEADING_CHARS));
}

/**
 * A readable title from the document's own heading and parties, for answers and lists: "Supply
 * Agreement between Bellicum Pharmaceuticals and Miltenyi Biotec". Null when the opening has no
 * heading naming a document type; the caller falls back to the file name. `partyNames` are the
 * opening's (partyNamesFromText), and `title` its documentHeading, when the caller has read them already.
 */
export function documentTitle(opening: string, partyNames?: string[], title = documentHeading(opening)): string | null {
  if (title === null) return null;
  // The full names come first; defined short names ("Company", "Bellicum") follow them.
  const names = (partyNames ?? partyNamesFromText(opening)).filter((n) => /\s/.test(n.trim()) || SUFFIX.test(n));
  const parties = [...new Set(names.slice(0, 2).map(partyForTitle))].filter((p) => p.length >= 2);
  if (parties.length === 2) return `${title} between ${parties[0]} and ${parties[1]}`;
  if (parties.length === 1) return `${title} with ${parties[0]}`;
  return title;
}
