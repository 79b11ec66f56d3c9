import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Parser } from 'htmlparser2';
import type { HierarchyLevel, ParsedSection } from '../statutes.types.js';
import {
  collapseWhitespace,
  coloradoAmendmentDates,
  coloradoCitation,
  futureVersionNote,
  isRepealedText,
  listItemDesignation,
  sectionFromCite,
  splitLevelHeading,
  splitSectionHeading,
  startsWithDesignation,
  stripEditorsNotes,
  type ListType,
} from './colorado-rules.js';

/** Options for {@link parseColorado}. */
export interface ColoradoParseOptions {
  /** Told about sections that were skipped (duplicate numbers, future versions, unreadable headings). */
  onWarning?: (message: string) => void;
}

interface Frame {
  name: string;
  /** Paragraphs inside this element are a not-yet-effective version: drop them. */
  dropping: boolean;
  /** This element opened a skipped region (navigation, head). */
  skip: boolean;
  /** For <ol>: its type and the ordinal of its last item. */
  list?: { type: ListType; last: number; topLevel: boolean };
  /** For <li>: the designation still waiting for its first paragraph. */
  pending?: string;
}

interface Draft {
  number: string;
  heading: string;
  /** The heading says "(Repealed)". */
  repealedMark: boolean;
  hierarchy: HierarchyLevel[];
  paragraphs: string[];
  history: string;
  crossReferences: string[];
  /** 'body' until the "Source:" note or the annotations begin. */
  phase: 'body' | 'after';
  futureVersion: boolean;
}

const BLOCKS = new Set(['p', 'li', 'ol', 'ul', 'div', 'table', 'tr', 'td', 'th', 'br']);
const LEVEL_BY_CLASS: Record<string, string> = { oneh2: 'article', twoh2: 'part', threeh2: 'subpart' };
const LEVEL_ORDER = ['title', 'division', 'article', 'part', 'subpart'];
const LIST_TYPES = new Set<string>(['', 'a', 'A', 'I', 'i']);

/**
 * Streams one title file's sections. htmlparser2's callback parser keeps only the open-element
 * stack and the section being read, so memory stays flat whatever the file size.
 */
class ColoradoTitleReader {
  readonly done: ParsedSection[] = [];
  private readonly stack: Frame[] = [];
  private skipDepth = 0;
  private capture: { tag: string; cls: string; text: string } | null = null;
  private cite: { text: string; href: string | undefined } | null = null;
  private levels = new Map<string, HierarchyLevel>();
  private draft: Draft | null = null;
  private held: ParsedSection | null = null;
  private buffer = '';

  constructor(private readonly warn: (message: string) => void) {}

  open(name: string, attribs: Record<string, string>): void {
    const frame: Frame = { name, dropping: this.stack.at(-1)?.dropping ?? false, skip: false };
    // The title's <h1> sits inside the table-of-contents <nav>, the rest of which is skipped.
    if (name === 'h1') {
      this.stack.push(frame);
      this.capture = { tag: name, cls: attribs.class ?? '', text: '' };
      return;
    }
    if (this.skipDepth > 0 || name === 'nav' || name === 'head' || (name === 'ul' && attribs.class === 'leaders')) {
      frame.skip = true;
      this.stack.push(frame);
      this.skipDepth++;
      return;
    }
    if (name === 'h2' || name === 'h3') {
      this.finishSection();
      this.stack.push(frame);
      this.capture = { tag: name, cls: attribs.class ?? '', text: '' };
      return;
    }
    const draft = this.draft;
    const inBody = draft?.phase === 'body';
    if (inBody && (name === 'h4' || name === 'h5')) draft.phase = 'after';
    else if (inBody && BLOCKS.has(name)) this.flush();
    this.stack.push(frame);
    if (draft?.phase !== 'body') return;
    if (name === 'ol') {
      const type = attribs.type ?? '';
      const topLevel = !this.stack.slice(0, -1).some((f) => f.name === 'ol');
      frame.list = { type: (LIST_TYPES.has(type) ? type : '') as ListType, last: 0, topLevel };
    } else if (name === 'li') {
      const list = this.stack.slice(0, -1).findLast((f) => f.list)?.list;
      if (list) {
        const { designation, ordinal } = listItemDesignation(attribs.id, list.type, list.last + 1, list.topLevel);
        list.last = ordinal;
        frame.pending = `(${designation})`;
      }
    } else if (name === 'cite' && attribs.class === 'occo') {
      this.cite = { text: '', href: undefined };
    } else if (name === 'a' && this.cite) {
      this.cite.href = attribs.href;
    }
  }

  text(data: string): void {
    if (this.capture) {
      this.capture.text += data;
      return;
    }
    if (this.skipDepth > 0) return;
    if (this.draft?.phase !== 'body') return;
    this.buffer += data;
    if (this.cite) this.cite.text += data;
  }

  close(name: string): void {
    const frame = this.stack.pop();
    if (frame?.skip) this.skipDepth--;
    if (this.capture && this.capture.tag === name) {
      this.endHeading(this.capture);
      this.capture = null;
      return;
    }
    if (this.skipDepth > 0) return;
    const draft = this.draft;
    if (!draft || draft.phase !== 'body') return;
    if (name === 'cite' && this.cite) {
      const section = sectionFromCite(this.cite.text, this.cite.href);
      this.cite = null;
      if (section && !(frame?.dropping ?? false)) this.addReference(draft, section);
    }
    if (name === 'p' && /^Source:/.test(collapseWhitespace(this.buffer))) {
      draft.history = collapseWhitespace(this.buffer).replace(/^Source:\s*/, '');
      this.buffer = '';
      draft.phase = 'after';
      return;
    }
    if (BLOCKS.has(name)) this.flush(frame);
  }

  /** Ends the file: the last section has no following heading to close it. */
  end(): void {
    this.finishSection();
    if (this.held) this.done.push(this.held);
    this.held = null;
  }

  private endHeading(capture: { tag: string; cls: string; text: string }): void {
    if (capture.tag === 'h3') {
      this.startSection(capture.text);
      return;
    }
    const label = capture.tag === 'h1' ? 'title' : LEVEL_BY_CLASS[capture.cls] ?? 'division';
    const word = label === 'division' ? '' : label;
    const { number, heading } = word ? splitLevelHeading(capture.text, word) : { number: null, heading: collapseWhitespace(capture.text) };
    // A level replaces itself and every level below it.
    const rank = LEVEL_ORDER.indexOf(label);
    for (const key of [...this.levels.keys()]) if (LEVEL_ORDER.indexOf(key) >= rank) this.levels.delete(key);
    this.levels.set(label, { label, number, heading });
  }

  private startSection(rawHeading: string): void {
    const split = splitSectionHeading(rawHeading);
    if (!split) {
      this.warn(`skipped a heading that names no section: "${collapseWhitespace(rawHeading)}"`);
      return;
    }
    const hierarchy = LEVEL_ORDER.flatMap((label) => {
      const level = this.levels.get(label);
      return level ? [level] : [];
    });
    this.draft = {
      number: split.number,
      heading: split.heading,
      repealedMark: split.repealed,
      hierarchy,
      paragraphs: [],
      history: '',
      crossReferences: [],
      phase: 'body',
      futureVersion: false,
    };
  }

  /** Emits the text gathered since the last block boundary as one paragraph. */
  private flush(closing?: Frame): void {
    const raw = this.buffer;
    this.buffer = '';
    const draft = this.draft;
    if (!draft) return;
    const note = futureVersionNote(raw);
    const owner = closing ?? this.stack.findLast((f) => f.name === 'p' || f.name === 'li');
    if (note === 'whole-section-future') draft.futureVersion = true;
    else if (note === 'future' && owner) {
      // Everything inside the element that carries the note belongs to the future version.
      owner.dropping = true;
      const at = this.stack.indexOf(owner);
      if (at >= 0) for (const f of this.stack.slice(at + 1)) f.dropping = true;
    }
    const text = stripEditorsNotes(raw);
    const dropped = note !== null || (closing?.dropping ?? false) || (this.stack.at(-1)?.dropping ?? false);
    const waiting = [...this.stack, ...(closing ? [closing] : [])].filter((f) => f.pending !== undefined);
    if (!text) {
      // An item with no words of its own ("(2)" directly followed by its "(a)") keeps waiting.
      if (closing?.pending !== undefined) closing.pending = undefined;
      return;
    }
    const designation = waiting.map((f) => f.pending).join('');
    for (const f of waiting) f.pending = undefined;
    if (dropped) return;
    draft.paragraphs.push(designation && !startsWithDesignation(text) ? `${designation} ${text}` : text);
  }

  private addReference(draft: Draft, section: string): void {
    const citation = coloradoCitation(section);
    if (section !== draft.number && !draft.crossReferences.includes(citation)) draft.crossReferences.push(citation);
  }

  private finishSection(): void {
    const draft = this.draft;
    if (!draft) return;
    this.flush();
    this.draft = null;
    if (draft.futureVersion) {
      this.warn(`skipped the not-yet-effective version of ${draft.number} printed beside the current one`);
      // The one "Source:" note of a section printed twice follows the second (future) version.
      const held = this.held;
      if (held && held.sectionNumber === draft.number && !held.history) {
        held.history = draft.history;
        held.amendmentDates = coloradoAmendmentDates(draft.history);
      }
      return;
    }
    const text = draft.paragraphs.join('\n');
    if (this.held) this.done.push(this.held);
    // Held back one heading, in case the next is this section's future version carrying the history.
    this.held = {
      jurisdiction: 'CO',
      codeName: 'Colo. Rev. Stat.',
      citation: coloradoCitation(draft.number),
      sectionNumber: draft.number,
      titleNumber: draft.number.split('-')[0] ?? '',
      heading: draft.heading,
      text,
      history: draft.history,
      crossReferences: draft.crossReferences,
      hierarchy: draft.hierarchy,
      repealed: draft.repealedMark || text === '' || isRepealedText(text),
      amendmentDates: coloradoAmendmentDates(draft.history),
    };
  }
}

async function titleFiles(path: string): Promise<string[]> {
  if (!(await stat(path)).isDirectory()) return [path];
  const names = (await readdir(path)).filter((n) => /\.html?$/i.test(n)).sort();
  return names.map((n) => join(path, n));
}

/**
 * Parses a Colorado Revised Statutes release (a folder of `gov.co.crs.title.NN.html` files, or one
 * file) into sections, streaming each file. Where a release prints a section twice (the version in
 * force and one effective later), only the version in force at the release is kept.
 */
export async function* parseColorado(path: string, options: ColoradoParseOptions = {}): AsyncGenerator<ParsedSection> {
  const warn = options.onWarning ?? (() => {});
  const seen = new Set<string>();
  for (const file of await titleFiles(path)) {
    const reader = new ColoradoTitleReader(warn);
    const parser = new Parser(
      {
        onopentag: (name, attribs) => reader.open(name, attribs),
        ontext: (data) => reader.text(data),
        onclosetag: (name) => reader.close(name),
      },
      { decodeEntities: true, lowerCaseTags: true },
    );
    const drain = function* (): Generator<ParsedSection> {
      for (const section of reader.done.splice(0)) {
        if (seen.has(section.citation)) {
          warn(`skipped a second section numbered ${section.sectionNumber} in ${file}`);
          continue;
        }
        seen.add(section.citation);
        yield section;
      }
    };
    for await (const chunk of createReadStream(file, { encoding: 'utf8', highWaterMark: 256 * 1024 })) {
      parser.write(chunk as string);
      yield* drain();
    }
    parser.end();
    reader.end();
    yield* drain();
  }
}

/** The Colorado format as the import CLI lists it. */
export const coloradoFormat = {
  id: 'colorado',
  jurisdiction: 'CO',
  codeName: 'Colo. Rev. Stat.',
  parse: parseColorado,
} as const;
