/** Shapes of the statute citation parser's public API and of its code table. */

/** One recognized citation to a code section. */
export interface ParsedCitation {
  /** 'US' | 'DC' | 'VA' | 'CO' | 'CA' | 'NY' | 'TX' | ... */
  jurisdiction: string;
  /** The code's canonical short name: 'U.S.C.', 'D.C. Code', 'Va. Code Ann.', 'Cal. Civ. Code', ... */
  codeName: string;
  /** The title for title-first codes ('42' in 42 U.S.C. § 1983), else null. */
  title: string | null;
  /** The section number, normalized: '1983', '2-1402.11', '62.1-44.15:20'. */
  section: string;
  /** The subdivision cited inside the section, normalized without spaces: '(a)(1)', or null. */
  pinpoint: string | null;
  /** The canonical citation of the section; never includes the pinpoint. */
  canonical: string;
}

/** A citation found in free text; start/end are UTF-16 offsets into the scanned text and raw === text.slice(start, end). */
export interface FoundCitation extends ParsedCitation {
  start: number;
  end: number;
  raw: string;
}

/** The code that bare references ("§ 2-1933", "section 552 of this title") in a statute's own text point into. */
export interface DefaultCode {
  jurisdiction: string;
  codeName: string;
  /** For title-first codes (U.S.C.): the title the text belongs to, so "of this title" resolves. */
  title?: string;
}

export interface FindCitationsOptions {
  defaultCode?: DefaultCode;
}

/**
 * How letters inside a section number are cased in the canonical form:
 * 'lower' (U.S.C. 552a), 'upper' (Va. 8.9A-101), 'dc' (D.C.: title letters upper as in 27A-101, letters
 * after a decimal part lower as in 16-916.01a, letters after an integer kept: 11-1732A and 22-1805a both exist).
 */
export type SectionLetterCase = 'lower' | 'upper' | 'dc';

/** One code of a jurisdiction, as the table in code-table.ts declares it. */
export interface CodeEntry {
  /** The canonical short name, exactly as the canonical citation prints it. */
  codeName: string;
  /** Names written after one of the family's prefixes ('Civ. Code', 'Civil Code'). */
  names: string[];
  /** Names recognized without any prefix ('CPLR'). */
  standaloneNames?: string[];
  /** Names recognized after the section ("§ 18.2-46.2 of the Code of Virginia", "section 2-4-101, C.R.S."). */
  trailingNames?: string[];
  /** Overrides the family's section shape. */
  sectionPattern?: string;
  /** Overrides the family's sectionSign. */
  sectionSign?: boolean;
}

/** The codes of one jurisdiction that share a prefix ('Cal.', 'California') and a section-number shape. */
export interface CodeFamily {
  jurisdiction: string;
  /** Written before every name; [''] when the names are complete by themselves (U.S.C., D.C. Code). */
  prefixes: string[];
  /** Regex source (no flags, no anchors, no capture groups) matching one section number. */
  sectionPattern: string;
  letterCase: SectionLetterCase;
  /** Title-first codes put a title number before the code name: 42 U.S.C. § 1983, 735 ILCS 5/13-202. */
  titleFirst?: boolean;
  /** False for codes whose canonical form has no section sign (N.Y. C.P.L.R. 3211, 735 Ill. Comp. Stat. 5/13-202). */
  sectionSign?: boolean;
  /** For title-first codes: the highest title number that exists (U.S.C.: 54), so "1983 U.S.C." is refused. */
  maxTitle?: number;
  codes: CodeEntry[];
}

/** A code with its family's settings resolved. */
export interface CodeDefinition {
  jurisdiction: string;
  codeName: string;
  sectionPattern: string;
  letterCase: SectionLetterCase;
  titleFirst: boolean;
  sectionSign: boolean;
  maxTitle: number;
}
