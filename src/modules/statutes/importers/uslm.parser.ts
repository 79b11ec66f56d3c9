/**
 * The United States Code in USLM 1.0 XML (the OLRC's `uscNN.xml` release point files): a
 * folder of them or a single file, streamed with saxes one section at a time.
 *
 * Choices:
 * - Sections are the `<section identifier="/us/usc/…">` elements below `<main>`, at any depth
 *   under title/subtitle/chapter/subchapter/part; `<section>`s inside `<note>`, `<notes>`,
 *   `<quotedContent>` or `<toc>` quote other laws and are skipped.
 * - Text: num + heading of subsections, paragraphs, …, then chapeau, content, continuation;
 *   each level, `<p>` and table row is a paragraph. Notes and footnotes are not text.
 * - A grouped entry ("§§ 143 to 146. Repealed.") keeps its printed range as its number:
 *   '13 U.S.C. § 143 to 146'.
 * - A number printed twice in one title (14 U.S.C. § 548 in 119-36) keeps the first section;
 *   the later ones are reported through onWarning, since a citation is a unique key.
 */
import { readdir, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { HierarchyLevel, ParsedSection } from '../statutes.types.js';
import { findUsDates, sortedUniqueDates } from './history-dates.js';
import { ReferenceList } from './reference-list.js';
import type { ImportWarning, StatuteFormat } from './statute-format.js';
import { collapseWhitespace, ParagraphBuilder } from './text-normalize.js';
import { streamXmlFile, type XmlHandler, type XmlTag } from './xml-stream.js';

export const USC_CODE_NAME = 'U.S.C.';

export interface UslmParseOptions {
  onWarning?: (warning: ImportWarning) => void;
}

const HIERARCHY = new Set(['title', 'subtitle', 'division', 'subdivision', 'chapter', 'subchapter', 'part', 'subpart']);
const LEVELS = new Set(['subsection', 'paragraph', 'subparagraph', 'clause', 'subclause', 'item', 'subitem', 'subsubitem', 'level']);
const BLOCKS = new Set(['p', 'table', 'tr']);
// Quoted or editorial material: never the section's own text, and sections inside are not the Code's.
const OUTSIDE = new Set(['note', 'notes', 'quotedContent', 'toc', 'meta']);
const REPEALED_STATUS = new Set(['repealed', 'transferred', 'omitted', 'renumbered']);
const REPEALED_HEADING = /^\[?\s*(Repealed|Transferred|Omitted|Renumbered|Reserved|Vacant)\b/i;

/** U.S.C. numbers print an en dash ('1320a–7b'); the canonical form uses a hyphen. */
export function normalizeUscNumber(value: string): string {
  return collapseWhitespace(value.replace(/[\u2013\u2014]/g, '-').replace(/\.\.\./g, ' to '));
}

export function uscCitation(titleNumber: string, sectionNumber: string): string {
  return `${titleNumber} ${USC_CODE_NAME} § ${sectionNumber}`;
}

/** `/us/usc/t42/s1983/a/1` → '42 U.S.C. § 1983'; null for other hrefs (chapters, public laws). */
export function uslmHrefToCitation(href: string): string | null {
  const m = /^\/us\/usc\/t([0-9A-Za-z]+)\/s([^/]+)/.exec(href);
  if (!m) return null;
  return uscCitation(m[1] ?? '', normalizeUscNumber(decodeURIComponent(m[2] ?? '')));
}

interface SectionState {
  depth: number;
  status: string | undefined;
  identifierNumber: string;
  number: string;
  heading: string;
  credit: string;
  body: ParagraphBuilder;
  refs: ReferenceList;
  paragraphHasText: boolean;
  /** The paragraph so far is only designations ('(e)'): a nested level continues it, '(e)(1) …'. */
  onlyDesignations: boolean;
  cells: number[];
}

function makeHandler(file: string, emit: (s: ParsedSection) => void, warn: (message: string) => void): XmlHandler {
  const names: string[] = [];
  let outside = 0; // depth inside notes/toc/quoted content
  let titleNumber = '';
  const levels: { depth: number; level: HierarchyLevel }[] = [];
  let levelField: { kind: 'num' | 'heading'; depth: number; buf: string } | null = null;
  let sec: SectionState | null = null;
  let secField: 'num' | 'heading' | 'credit' | null = null;
  let secFieldDepth = 0;
  let skip = 0; // footnote markers inside a section

  const finishSection = (s: SectionState) => {
    const sectionNumber = normalizeUscNumber(s.number || s.identifierNumber);
    const heading = collapseWhitespace(s.heading).replace(/^([^[]*)\]$/, '$1').trim();
    const citation = uscCitation(titleNumber, sectionNumber);
    s.refs.setSelf(citation);
    const repealed = REPEALED_STATUS.has(s.status ?? '') || REPEALED_HEADING.test(heading);
    const history = collapseWhitespace(s.credit).replace(/^\((.*)\)$/, '$1');
    // A repealed entry has no source credit: its heading names the repealing law and date.
    const dated = findUsDates(history || (repealed ? heading : ''));
    if (dated.unparsed.length > 0) warn(`${citation}: unreadable dates ${JSON.stringify(dated.unparsed)}`);
    emit({
      jurisdiction: 'US',
      codeName: USC_CODE_NAME,
      citation,
      sectionNumber,
      titleNumber,
      heading,
      text: s.body.toText(),
      history,
      crossReferences: s.refs.values(),
      hierarchy: levels.map((l) => ({ ...l.level })),
      repealed,
      amendmentDates: sortedUniqueDates(dated.dates),
    });
  };

  const bodyBreak = (s: SectionState) => {
    s.body.break();
    s.paragraphHasText = false;
    s.onlyDesignations = false;
  };

  return {
    open(tag: XmlTag) {
      names.push(tag.name);
      const depth = names.length;
      const a = tag.attributes;
      if (tag.name === 'uscDoc') titleNumber = /\/us\/usc\/t([^/]+)/.exec(a.identifier ?? '')?.[1] ?? '';
      if (outside > 0 || OUTSIDE.has(tag.name)) {
        outside++;
        return;
      }
      if (!sec) {
        if (tag.name === 'section' && (a.identifier ?? '').startsWith('/us/usc/')) {
          sec = {
            depth, status: a.status, identifierNumber: /\/s([^/]+)$/.exec(a.identifier ?? '')?.[1] ?? '',
            number: '', heading: '', credit: '', body: new ParagraphBuilder(), refs: new ReferenceList(),
            paragraphHasText: false, onlyDesignations: false, cells: [],
          };
        } else if (HIERARCHY.has(tag.name)) {
          levels.push({ depth, level: { label: tag.name, number: a.value ?? null, heading: null } });
        } else if ((tag.name === 'num' || tag.name === 'heading') && levels.at(-1)?.depth === depth - 1) {
          levelField = { kind: tag.name, depth, buf: '' };
          const level = levels.at(-1)?.level;
          if (tag.name === 'num' && level && a.value) level.number = normalizeUscNumber(a.value);
        }
        return;
      }
      const s: SectionState = sec;
      if (skip > 0 || (tag.name === 'ref' && a.class === 'footnoteRef')) {
        skip++;
        return;
      }
      if (depth === s.depth + 1 && (tag.name === 'num' || tag.name === 'heading' || tag.name === 'sourceCredit')) {
        secField = tag.name === 'sourceCredit' ? 'credit' : tag.name;
        secFieldDepth = depth;
        if (tag.name === 'num' && a.value) s.number = a.value;
      }
      if (tag.name === 'ref' && a.href && secField !== 'credit') {
        const citation = uslmHrefToCitation(a.href);
        if (citation) s.refs.add(citation);
      }
      if (secField !== null) return;
      if (LEVELS.has(tag.name) && s.onlyDesignations) s.body.trimEnd();
      else if (tag.name === 'num' && s.body.currentIsBlank) s.onlyDesignations = true;
      else if (tag.name !== 'num' && s.onlyDesignations) {
        s.body.space();
        s.onlyDesignations = false;
      }
      if (LEVELS.has(tag.name) && s.onlyDesignations) return;
      if (LEVELS.has(tag.name) || BLOCKS.has(tag.name) || tag.name === 'continuation') {
        bodyBreak(s);
        if (tag.name === 'tr') s.cells.push(0);
      } else if (tag.name === 'chapeau' || tag.name === 'content') {
        if (s.paragraphHasText) bodyBreak(s);
        else s.body.space();
      } else if (tag.name === 'td' || tag.name === 'th') {
        const i = s.cells.length - 1;
        if (i >= 0 && (s.cells[i] ?? 0) > 0) s.body.append(' | ');
        if (i >= 0) s.cells[i] = (s.cells[i] ?? 0) + 1;
      } else if (tag.name === 'br') s.body.space();
    },
    close(name: string) {
      const depth = names.length;
      names.pop();
      if (outside > 0) {
        outside--;
        return;
      }
      if (!sec) {
        if (levelField && depth === levelField.depth) {
          const level = levels.at(-1)?.level;
          const value = collapseWhitespace(levelField.buf);
          if (level && levelField.kind === 'heading') level.heading = value || null;
          else if (level && level.number === null) level.number = value.replace(/^\S+\s+/, '').replace(/\W+$/, '') || null;
          levelField = null;
        } else if (HIERARCHY.has(name) && levels.at(-1)?.depth === depth) levels.pop();
        return;
      }
      const s: SectionState = sec;
      if (skip > 0) {
        skip--;
        return;
      }
      if (depth === s.depth) {
        sec = null;
        finishSection(s);
        return;
      }
      if (secField !== null) {
        if (depth === secFieldDepth) secField = null;
        return;
      }
      if (LEVELS.has(name) || BLOCKS.has(name) || name === 'continuation') {
        bodyBreak(s);
        if (name === 'tr') s.cells.pop();
      } else if (name === 'chapeau' || name === 'content') s.paragraphHasText = true;
      else if ((name === 'num' && !s.onlyDesignations) || name === 'heading') s.body.space();
    },
    text(t: string) {
      if (outside > 0 || skip > 0) return;
      if (!sec) {
        if (levelField) levelField.buf += t;
        return;
      }
      if (secField === 'heading') sec.heading += t;
      else if (secField === 'credit') sec.credit += t;
      else if (secField === null && !(sec.onlyDesignations && !t.trim())) sec.body.append(t);
    },
  };
}

async function listFiles(path: string): Promise<string[]> {
  if (!(await stat(path)).isDirectory()) return [path];
  const names = (await readdir(path)).filter((n) => /^usc\w*\.xml$/i.test(n));
  const titleOf = (n: string) => Number(/\d+/.exec(n)?.[0] ?? Number.MAX_SAFE_INTEGER);
  return names.sort((x, y) => titleOf(x) - titleOf(y) || x.localeCompare(y)).map((n) => join(path, n));
}

/** Streams every section of a USLM title file, or of every `usc*.xml` in a folder (by title number). */
export async function* parseUslm(path: string, options: UslmParseOptions = {}): AsyncGenerator<ParsedSection> {
  for (const file of await listFiles(path)) {
    const seen = new Set<string>();
    const warn = (message: string) => options.onWarning?.({ source: basename(file), message });
    for await (const section of streamXmlFile<ParsedSection>(file, (emit) => makeHandler(file, emit, warn))) {
      if (seen.has(section.citation)) {
        warn(`${section.citation} appears again ("${section.heading}"): later copy skipped`);
        continue;
      }
      seen.add(section.citation);
      yield section;
    }
  }
}

export const uslmFormat: StatuteFormat = { id: 'uslm', jurisdiction: 'US', codeName: USC_CODE_NAME, parse: parseUslm };
