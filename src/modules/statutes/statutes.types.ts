/**
 * Shapes shared by the statute importers, the corpus store and the research operations.
 * Sections and their versions are tenant neutral: every organization reads the same corpus.
 */

/** One level of a code's hierarchy above a section, outermost first. */
export interface HierarchyLevel {
  /** 'title' | 'subtitle' | 'chapter' | 'subchapter' | 'part' | 'article' | 'division' | ... lowercased */
  label: string;
  /** The designation as printed ('42', 'I', '35A'), or null when the level has none. */
  number: string | null;
  heading: string | null;
}

/** One section as a source publication states it; the importer turns these into versions. */
export interface ParsedSection {
  /** Two-letter jurisdiction code: 'DC', 'US', 'VA', 'CO', ... */
  jurisdiction: string;
  /** The code's short name as it appears in canonical citations: 'D.C. Code', 'U.S.C.', 'Va. Code Ann.', 'Colo. Rev. Stat.' */
  codeName: string;
  /** The canonical citation of the section, which is its unique key: 'D.C. Code § 2-1402.11', '42 U.S.C. § 1983'. */
  citation: string;
  /** The section number as printed, without the title for U.S.C. ('1983'), with it elsewhere ('2-1402.11', '18.2-46.2'). */
  sectionNumber: string;
  /** The title the section belongs to ('42', '18.2', '2'): publications are snapshots of whole titles. */
  titleNumber: string;
  /** The catch line, without the section number; '' when the source has none. */
  heading: string;
  /**
   * Canonical plain text. Paragraph designations are kept at the start of their paragraph:
   * "(a) A residential tenancy ...\n(1) ...". Paragraphs are separated by a single '\n'.
   * No markup, no annotations, no history; whitespace inside a paragraph collapsed to single spaces.
   */
  text: string;
  /** Free text on enactment and amendments ('' when none). */
  history: string;
  /** Canonical citation strings of the sections this one refers to, in first-seen order, no duplicates, not itself. */
  crossReferences: string[];
  hierarchy: HierarchyLevel[];
  /** True when the source marks the section repealed (or reserved / not funded with no operative text). */
  repealed: boolean;
  /**
   * ISO dates (YYYY-MM-DD) on which amendments named in the section's own history took effect,
   * ascending, no duplicates (DC's eff= attributes, USLM source credits' dates). [] when unknown.
   */
  amendmentDates: string[];
}
