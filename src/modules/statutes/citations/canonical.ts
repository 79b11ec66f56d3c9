/** Canonical citation strings and section-number normalization. */
import { findCode } from './code-registry.js';
import type { SectionLetterCase } from './citation.types.js';

/** A section number in canonical form: plain hyphens, no spaces or leading section sign, letters cased per code. */
export function normalizeSection(section: string, letterCase: SectionLetterCase | null): string {
  const plain = section
    .replace(/^[\s§]+/, '')
    .replace(/[\u2010-\u2014\u2212]/g, '-')
    .replace(/\s+/g, '');
  switch (letterCase) {
    case 'lower':
      return plain.toLowerCase();
    case 'upper':
      return plain.toUpperCase();
    case 'dc':
      // Title letters are upper (27A-101, 28:2A-101) and letters after a decimal part lower (16-916.01a). After
      // an integer section part both occur (11-1732A and 22-1805a are different sections), so those stay as written.
      return plain
        .replace(/^(\d+)([a-z])(?=[-:])/i, (_m, n: string, l: string) => n + l.toUpperCase())
        .replace(/^(\d+[a-z]?:\d+)([a-z])(?=-)/i, (_m, n: string, l: string) => n + l.toUpperCase())
        .replace(/(\.\d+)([a-z]+)/gi, (_m, decimal: string, letters: string) => decimal + letters.toLowerCase());
    default:
      return plain;
  }
}

/** A title number in canonical form: no leading zeros, letters upper ('050a' -> '50A'). */
export function normalizeTitle(title: string): string {
  return title.trim().replace(/^0+(?=\d)/, '').toUpperCase();
}

/**
 * The canonical citation of a section: '42 U.S.C. § 1983', 'D.C. Code § 2-1402.11', 'Tex. Prop. Code Ann. § 92.0081'.
 * Any spelling of a known code name is accepted ('Tex. Prop. Code' gives 'Tex. Prop. Code Ann.'); an unknown
 * code is printed as given. Throws a RangeError when a title-first code (U.S.C.) gets no title.
 */
export function canonicalCitation(
  jurisdiction: string,
  codeName: string,
  section: string,
  title?: string | null,
): string {
  const code = findCode(jurisdiction, codeName);
  const name = code?.codeName ?? codeName.trim();
  const number = normalizeSection(section, code?.letterCase ?? null);
  const sign = code?.sectionSign === false ? '' : '§ ';
  if (code?.titleFirst) {
    if (!title || !title.trim()) throw new RangeError(`${name} citations need a title: ${section}`);
    return `${normalizeTitle(title)} ${name} ${sign}${number}`;
  }
  if (!code && title && title.trim()) return `${normalizeTitle(title)} ${name} ${sign}${number}`;
  return `${name} ${sign}${number}`;
}
