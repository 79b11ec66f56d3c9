/**
 * One D.C. Code section file (`titles/<T>/sections/<N>.xml`) → the fields of a ParsedSection.
 * The file is small (a few KB), so it is read whole and run through saxes; no DOM.
 */
import { findUsDates, isIsoDate, sortedUniqueDates, usDate } from './history-dates.js';
import { ReferenceList } from './reference-list.js';
import { collapseWhitespace, ParagraphBuilder, type ParagraphMark } from './text-normalize.js';
import { parseXmlString, type XmlTag } from './xml-stream.js';

export const DC_CODE_NAME = 'D.C. Code';

export interface DcSectionFields {
  sectionNumber: string;
  citation: string;
  heading: string;
  text: string;
  history: string;
  crossReferences: string[];
  repealed: boolean;
  amendmentDates: string[];
}

/**
 * Section numbers as the files print them → canonical: editorial brackets dropped
 * ('[2-1401.06]' → '2-1401.06', which later publications print bare), en dash → hyphen.
 */
export function normalizeDcSectionNumber(num: string): string {
  return collapseWhitespace(num).replace(/[[\]]/g, '').replace(/[\u2013\u2014]/g, '-');
}

export function dcCitation(sectionNumber: string): string {
  return `${DC_CODE_NAME} § ${sectionNumber}`;
}

// D.C. titles are 1–51 plus 27A, 28A, 29A; a "§" path outside them (e.g. '§1396r-5' inside
// "42 U.S.C. § 1396r-5") is a federal section the editors tagged without a doc.
const DC_SECTION_PATH = /^(\d{1,2})(A?)(?::[0-9A-Z]+)?-\d[0-9A-Za-z.:-]*$/;

/** `<cite path="§2-1933|(a)">` → 'D.C. Code § 2-1933'; null for paths that are not D.C. Code sections. */
export function dcCiteToCitation(path: string): string | null {
  if (!path.startsWith('§')) return null; // '1|11A|III' names a subchapter, not a section
  const first = (path.slice(1).split('|')[0] ?? '').replace(/\(Perm\)$/, '');
  const num = normalizeDcSectionNumber(first);
  const m = DC_SECTION_PATH.exec(num);
  if (!m) return null;
  const title = Number(m[1]);
  if (title < 1 || title > 51 || (m[2] === 'A' && ![27, 28, 29].includes(title))) return null;
  return dcCitation(num);
}

// Section-level <reason>s that mean the section has no operative text. Other reasons
// ('Commissioner', 'Subpoenas') are editorial bracketed insertions in live sections.
const REPEAL_REASON = /^(repealed|expired|transferred|omitted|recodified|abolished|renumbered|reserved|not fund|not applicable)/i;

// Blocks that start a new paragraph of the canonical text.
const BLOCKS = new Set(['para', 'container', 'include', 'table', 'tr', 'aftertext', 'h1', 'h2', 'h3', 'h4', 'p']);

const US_CODE_BEFORE = /U\.\s?S\.\s?C\.?\s*(§+\s*)?$/;

interface HistoryAnnotation {
  eff?: string;
  doc?: string;
  path?: string;
  prefix?: string;
  display?: string;
  text: string;
}

/** '§2|(a)|(1)' → '§ 2(a)(1)'. */
function pinpoint(path: string): string {
  const parts = path.split('|').filter(Boolean);
  return parts.length > 0 ? `${parts[0]!.replace(/^§\s*/, '§ ')}${parts.slice(1).join('')}` : '';
}

/**
 * Renders empty History annotations the way the Code prints history lines ("as added Feb. 18,
 * 2017, D.C. Law 21-210, § 2(d)"). One law often has an annotation per amended paragraph:
 * they become one line, with the pinpoint when there is one and the law's sections otherwise.
 */
function historyFromAttributes(group: HistoryAnnotation[]): string {
  const a = group[0];
  if (!a?.eff || !a.doc || !isIsoDate(a.eff)) return '';
  const paths = [...new Set(group.map((g) => g.path ?? '').filter((p) => p.startsWith('§')))];
  let pin = '';
  if (paths.length === 1) pin = `, ${pinpoint(paths[0]!)}`;
  else if (paths.length > 1) {
    const sections = [...new Set(paths.map((p) => (p.split('|')[0] ?? '').replace(/^§\s*/, '')))];
    pin = sections.length === 1 ? `, § ${sections[0]}` : `, §§ ${sections.join(', ')}`;
  }
  return collapseWhitespace(`${a.prefix ?? ''} ${usDate(a.eff)}, ${a.doc}${pin}`);
}

/** Parses the XML of one section file. `source` names it in errors. */
export function parseDcSectionXml(xml: string, source: string): DcSectionFields {
  const names: string[] = [];
  const body = new ParagraphBuilder();
  const refs = new ReferenceList();
  let num = '';
  let heading = '';
  let reason = '';
  let placeholder = false;
  let field: 'num' | 'heading' | 'reason' | null = null;
  let skip = 0; // codify instructions, images: not part of the text
  let inAnnotations = false;
  let annotation: HistoryAnnotation | null = null;
  const history: (string | HistoryAnnotation[])[] = [];
  const grouped = new Map<string, HistoryAnnotation[]>();
  const dates: string[] = [];
  let textDepth = 0; // <text> elements nest (text>text) in a few files
  let paragraphHasText = false;
  // The paragraph so far is only designations ('(1)'): a nested para continues it, '(1)(A) …'.
  let onlyDesignations = false;
  let textStart: { mark: ParagraphMark; refs: number } | null = null;
  const cellIndex: number[] = [];

  const startParagraph = () => {
    body.break();
    paragraphHasText = false;
    onlyDesignations = false;
  };

  parseXmlString(
    xml,
    {
      open(tag: XmlTag) {
        names.push(tag.name);
        const depth = names.length;
        if (depth === 1) {
          placeholder = tag.attributes.placeholder !== undefined;
          return;
        }
        if (skip > 0 || tag.name.startsWith('codify:') || tag.name === 'img') {
          skip++;
          return;
        }
        if (inAnnotations) {
          if (tag.name === 'annotation' && depth === 3 && tag.attributes.type === 'History') {
            const a = tag.attributes;
            annotation = { eff: a.eff, doc: a.doc, path: a.path, prefix: a.prefix, display: a.display, text: '' };
          }
          return;
        }
        if (tag.name === 'annotations') {
          inAnnotations = true;
          return;
        }
        if (depth === 2 && (tag.name === 'num' || tag.name === 'heading' || tag.name === 'reason')) {
          field = tag.name;
          return;
        }
        if (depth === 2 && tag.name === 'prefix') {
          skip++; // the '§' sign before the number
          return;
        }
        if (BLOCKS.has(tag.name)) {
          if (tag.name === 'para' && onlyDesignations) {
            body.trimEnd();
            return;
          }
          startParagraph();
          if (tag.name === 'tr') cellIndex.push(0);
          return;
        }
        switch (tag.name) {
          case 'text':
            if (textDepth++ === 0) {
              onlyDesignations = false;
              if (paragraphHasText) startParagraph();
              else body.space();
              textStart = { mark: body.mark(), refs: refs.length };
            }
            return;
          case 'num':
            if (tag.attributes.undesignated === 'true') skip++; // an editor's label the law does not print
            else if (body.currentIsBlank) onlyDesignations = true;
            return;
          case 'heading':
            if (onlyDesignations) body.space();
            onlyDesignations = false;
            return;
          case 'td':
          case 'th': {
            const i = cellIndex.length - 1;
            if (i >= 0 && (cellIndex[i] ?? 0) > 0) body.append(' | ');
            if (i >= 0) cellIndex[i] = (cellIndex[i] ?? 0) + 1;
            return;
          }
          case 'br':
            body.space();
            return;
          case 'cite': {
            const path = tag.attributes.path;
            const doc = tag.attributes.doc;
            if (path && (doc === undefined || doc === DC_CODE_NAME) && !US_CODE_BEFORE.test(body.tail(16))) {
              const citation = dcCiteToCitation(path);
              if (citation) refs.add(citation);
            }
            return;
          }
        }
      },
      close(name: string) {
        const depth = names.length;
        names.pop();
        if (depth === 1) return;
        if (skip > 0) {
          skip--;
          return;
        }
        if (inAnnotations) {
          if (name === 'annotations') inAnnotations = false;
          else if (annotation && name === 'annotation' && depth === 3) {
            closeHistoryAnnotation(annotation);
            annotation = null;
          }
          return;
        }
        if (field !== null && depth === 2) {
          field = null;
          return;
        }
        if (BLOCKS.has(name)) {
          startParagraph();
          if (name === 'tr') cellIndex.pop();
          return;
        }
        if (name === 'num' && onlyDesignations) return; // no space: '(1)(A)'
        if (name === 'text' && --textDepth === 0) {
          // "*NOTE: This section includes amendments by temporary legislation…*" is an editor's
          // banner, not law: drop it with the cites (to the "(Perm)" version) it carries.
          if (textStart && body.since(textStart.mark).startsWith('*NOTE:')) {
            if (body.rollback(textStart.mark)) refs.truncate(textStart.refs);
          } else paragraphHasText = true;
          textStart = null;
        } else if (name === 'num' || name === 'heading') {
          body.space();
        }
      },
      text(t: string) {
        if (skip > 0 || (onlyDesignations && !t.trim())) return;
        if (inAnnotations) {
          if (annotation) annotation.text += t;
        } else if (field === 'num') num += t;
        else if (field === 'heading') heading += t;
        else if (field === 'reason') reason += t;
        else if (names.length > 1) body.append(t);
      },
    },
    source,
  );

  function closeHistoryAnnotation(a: HistoryAnnotation): void {
    const text = collapseWhitespace(a.text);
    if (a.eff && isIsoDate(a.eff)) dates.push(a.eff);
    else if (text) dates.push(...findUsDates(text).dates.slice(0, 1)); // the law's effective date leads the line
    // display="false" marks history the Code does not print (mostly emergency acts): dates only.
    if (a.display === 'false') return;
    if (text) {
      history.push(text);
      return;
    }
    const key = `${a.prefix ?? ''}|${a.eff ?? ''}|${a.doc ?? ''}`;
    const group = grouped.get(key);
    if (group) group.push(a);
    else {
      const fresh = [a];
      grouped.set(key, fresh);
      history.push(fresh); // rendered at the end, when the group is complete
    }
  }

  const sectionNumber = normalizeDcSectionNumber(num);
  if (!sectionNumber) throw new Error(`${source}: section has no <num>`);
  const citation = dcCitation(sectionNumber);
  refs.setSelf(citation);
  return {
    sectionNumber,
    citation,
    heading: collapseWhitespace(heading),
    text: body.toText(),
    history: history
      .map((h) => (typeof h === 'string' ? h : historyFromAttributes(h)))
      .filter(Boolean)
      .join('; '),
    crossReferences: refs.values(),
    repealed: placeholder || REPEAL_REASON.test(collapseWhitespace(reason)),
    amendmentDates: sortedUniqueDates(dates),
  };
}
