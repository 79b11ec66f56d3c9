/**
 * The D.C. Code's tables of contents: the root `index.xml` (divisions, `xi:include`s of titles)
 * and each `titles/<T>/index.xml` (nested `<container>`s, `<subheading>`s, `xi:include`s of
 * section files). Walking them gives every section file in Code order with its hierarchy.
 */
import { readFile } from 'node:fs/promises';
import { existsSync, realpathSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import type { HierarchyLevel } from '../statutes.types.js';
import { collapseWhitespace } from './text-normalize.js';
import { parseXmlString, type XmlHandler, type XmlTag } from './xml-stream.js';

/** One `xi:include` of an index, with the hierarchy around it (outermost first). */
export interface DcIncludeEntry {
  href: string;
  hierarchy: HierarchyLevel[];
}

/** A section file to parse, in Code order. */
export interface DcSectionEntry {
  file: string;
  titleNumber: string;
  hierarchy: HierarchyLevel[];
}

/** A file of the publication that is not imported, and why (reported, never fatal). */
export interface DcFileFailure {
  /** Relative to the publication folder. */
  file: string;
  reason: string;
  /** The title it belongs to, when known: that title is then not read as a complete snapshot. */
  titleNumber?: string;
}

export interface DcIndexResult {
  sections: DcSectionEntry[];
  /** Includes refused because they lead out of the publication folder. */
  refused: DcFileFailure[];
  /** Title indexes and section files the indexes include but the folder lacks (older publications hold 2 titles). */
  missingFiles: string[];
  /** Title 99's `*(Perm).xml` files, deliberately not parsed (see dc.parser.ts). */
  skippedPermanentVersions: string[];
}

interface Frame {
  label: string | null;
  number: string | null;
  heading: string | null;
  /** The level a `<subheading>` opened for the following siblings, until the next one. */
  sub: HierarchyLevel | null;
}

/**
 * "Subtitle I. General." → { subtitle, I, General. }; "Division VI. Education…" likewise.
 * Subheadings are the only carrier of these levels, so their text is split by hand.
 */
export function parseSubheading(text: string): HierarchyLevel {
  const m = /^([A-Za-z]+)\s+([^\s.]+)\.\s*(.*)$/.exec(text);
  if (!m) return { label: 'subheading', number: null, heading: text || null };
  return { label: (m[1] ?? '').toLowerCase(), number: m[2] ?? null, heading: m[3] || null };
}

function flatten(frames: Frame[]): HierarchyLevel[] {
  const out: HierarchyLevel[] = [];
  for (const f of frames) {
    if (f.label !== null) out.push({ label: f.label, number: f.number, heading: f.heading });
    if (f.sub) out.push(f.sub);
  }
  return out;
}

/** Reads the `xi:include`s of one index document (root or title) with their hierarchy. */
export function readIndexIncludes(xml: string, source: string, outer: HierarchyLevel[] = []): DcIncludeEntry[] {
  const entries: DcIncludeEntry[] = [];
  const frames: Frame[] = [];
  const names: string[] = [];
  let field: 'prefix' | 'num' | 'heading' | 'subheading' | null = null;
  let fieldDepth = 0;
  let buf = '';
  let skipDepth = 0; // inside <annotation> within a heading: no text

  const handler: XmlHandler = {
    open(tag: XmlTag) {
      names.push(tag.name);
      if (skipDepth > 0 || tag.name === 'annotation') {
        skipDepth++;
        return;
      }
      const parent = names[names.length - 2];
      if (tag.name === 'container' || tag.name === 'document') {
        frames.push({ label: null, number: null, heading: null, sub: null });
      } else if (
        field === null &&
        (parent === 'container' || parent === 'document') &&
        (tag.name === 'prefix' || tag.name === 'num' || tag.name === 'heading' || tag.name === 'subheading')
      ) {
        field = tag.name;
        fieldDepth = names.length;
        buf = '';
      } else if (tag.name === 'xi:include') {
        const href = tag.attributes.href;
        if (href) entries.push({ href, hierarchy: [...outer, ...flatten(frames)] });
      }
    },
    close(name: string) {
      names.pop();
      if (skipDepth > 0) {
        skipDepth--;
        return;
      }
      if (field !== null && names.length === fieldDepth - 1) {
        const frame = frames[frames.length - 1];
        const value = collapseWhitespace(buf);
        if (frame && field === 'prefix') frame.label = value.toLowerCase();
        else if (frame && field === 'num') frame.number = value || null;
        else if (frame && field === 'heading' && name === 'heading') frame.heading = value || null;
        else if (frame && field === 'subheading') frame.sub = parseSubheading(value);
        field = null;
      } else if (name === 'container' || name === 'document') {
        frames.pop();
      }
    },
    text(t: string) {
      if (field !== null && skipDepth === 0) buf += t;
    },
  };
  parseXmlString(xml, handler, source);
  // The root document's own heading ("Code of the District of Columbia") is not a level; a
  // container without a <prefix> gets none either, so flatten() skips both (label null).
  return entries;
}

const PERMANENT_VERSION = /\(Perm\)\.xml$/;

/**
 * Whether `file` lies inside `folder`, after resolving `..` and symbolic links: an index is data
 * from outside, and an include such as `../../outside/secret.xml` must not read the rest of the disk.
 */
export function isInsideFolder(folder: string, file: string): boolean {
  const real = (p: string) => (existsSync(p) ? realpathSync(p) : resolve(p));
  const root = real(folder);
  const target = real(file);
  return target.startsWith(root + sep);
}

const leavesFolder = 'the include leads outside the publication folder';

/** Walks a publication folder's indexes: every section file in Code order, with what is missing or refused. */
export async function readDcIndex(folder: string): Promise<DcIndexResult> {
  const rootFile = join(folder, 'index.xml');
  const titles = readIndexIncludes(await readFile(rootFile, 'utf8'), rootFile);
  const result: DcIndexResult = { sections: [], refused: [], missingFiles: [], skippedPermanentVersions: [] };
  for (const title of titles) {
    const titleFile = join(folder, title.href);
    const titleNumber = title.hierarchy.find((h) => h.label === 'title')?.number ?? undefined;
    if (!isInsideFolder(folder, titleFile)) {
      result.refused.push({ file: title.href, reason: leavesFolder, ...(titleNumber ? { titleNumber } : {}) });
      continue;
    }
    if (!existsSync(titleFile)) {
      result.missingFiles.push(titleFile);
      continue;
    }
    const includes = readIndexIncludes(await readFile(titleFile, 'utf8'), titleFile, title.hierarchy);
    const folderName = dirname(title.href).split('/').pop() ?? '';
    for (const inc of includes) {
      const file = join(dirname(titleFile), inc.href);
      const titleLevel = inc.hierarchy.find((h) => h.label === 'title');
      if (!isInsideFolder(folder, file)) {
        result.refused.push({ file: relative(folder, titleFile) + ` -> ${inc.href}`, reason: leavesFolder, titleNumber: titleLevel?.number ?? folderName });
        continue;
      }
      if (PERMANENT_VERSION.test(inc.href)) {
        result.skippedPermanentVersions.push(file);
        continue;
      }
      if (!existsSync(file)) {
        result.missingFiles.push(file);
        continue;
      }
      result.sections.push({ file, titleNumber: titleLevel?.number ?? folderName, hierarchy: inc.hierarchy });
    }
  }
  return result;
}
