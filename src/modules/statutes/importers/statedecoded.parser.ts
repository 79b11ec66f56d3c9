import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { SaxesParser } from 'saxes';
import type { HierarchyLevel, ParsedSection } from '../statutes.types.js';
import {
  collapseWhitespace,
  isVaRepealed,
  renderVaDesignation,
  vaAmendmentDates,
  vaCitation,
  vaCrossReferences,
} from './statedecoded-rules.js';

interface LawDraft {
  hierarchy: HierarchyLevel[];
  sectionNumber: string;
  catchLine: string;
  history: string;
  paragraphs: string[];
}

/**
 * Reads one `<law>` document with saxes (no DOM). Inside `<text>`, a `<section prefix>` starts a
 * paragraph that carries its designation, and line breaks in the source separate further
 * paragraphs (tables and unnumbered follow-on paragraphs are printed one per line).
 */
function parseLaw(xml: string): LawDraft {
  const draft: LawDraft = { hierarchy: [], sectionNumber: '', catchLine: '', history: '', paragraphs: [] };
  const parser = new SaxesParser();
  const path: string[] = [];
  let field = '';
  let unit: { label: string; number: string | null } | null = null;
  let buffer = '';
  let sectionDepth = 0;
  // Designations opened but not yet printed: an item whose text starts with a sub-item prints both.
  let pending: string[] = [];

  const flush = (): void => {
    const lines = buffer.split(/\r?\n/).map(collapseWhitespace).filter((l) => l !== '');
    buffer = '';
    for (const line of lines) {
      draft.paragraphs.push(pending.length ? `${pending.join(' ')} ${line}` : line);
      pending = [];
    }
  };

  parser.on('opentag', (tag) => {
    path.push(tag.name);
    const attr = (name: string): string | undefined => {
      const value = tag.attributes[name];
      return typeof value === 'string' ? value : undefined;
    };
    if (tag.name === 'unit') {
      unit = { label: (attr('label') ?? '').toLowerCase(), number: attr('identifier') ?? null };
      field = '';
    } else if (tag.name === 'section' && path.includes('text')) {
      flush();
      sectionDepth++;
      pending.push(renderVaDesignation(attr('prefix') ?? '', sectionDepth));
    } else if (tag.name !== 'text') {
      field = '';
    }
  });
  parser.on('text', (text) => {
    if (path.includes('text')) buffer += text;
    else field += text;
  });
  parser.on('closetag', (tag) => {
    path.pop();
    switch (tag.name) {
      case 'unit':
        if (unit) draft.hierarchy.push({ label: unit.label, number: unit.number, heading: collapseWhitespace(field) || null });
        unit = null;
        break;
      case 'section_number':
        draft.sectionNumber = collapseWhitespace(field);
        break;
      case 'catch_line':
        draft.catchLine = collapseWhitespace(field);
        break;
      case 'history':
        draft.history = collapseWhitespace(field);
        break;
      case 'section':
        flush();
        sectionDepth--;
        // A designation with no words at all (an empty item) is not printed on its own.
        pending = [];
        break;
      case 'text':
        flush();
        break;
    }
  });
  parser.write(xml).close();
  return draft;
}

/** Turns one State Decoded `<law>` document into the contract's section record. */
export function parseStateDecodedXml(xml: string): ParsedSection {
  const law = parseLaw(xml);
  if (!law.sectionNumber) throw new Error('State Decoded <law> without <section_number>');
  const text = law.paragraphs.join('\n');
  const title = law.hierarchy.find((h) => h.label === 'title')?.number ?? law.sectionNumber.split('-')[0] ?? '';
  return {
    jurisdiction: 'VA',
    codeName: 'Va. Code Ann.',
    citation: vaCitation(law.sectionNumber),
    sectionNumber: law.sectionNumber,
    titleNumber: title,
    heading: law.catchLine,
    text,
    history: law.history,
    crossReferences: vaCrossReferences(text, law.sectionNumber),
    hierarchy: law.hierarchy,
    repealed: isVaRepealed(law.catchLine, text),
    amendmentDates: vaAmendmentDates(law.history, text),
  };
}

async function lawFiles(path: string): Promise<string[]> {
  if (!(await stat(path)).isDirectory()) return [path];
  const names = (await readdir(path)).filter((n) => n.toLowerCase().endsWith('.xml'));
  // Sorted so runs are reproducible; the importer does not depend on the order.
  return names.sort().map((n) => join(path, n));
}

/**
 * Parses a folder of State Decoded `<law>` files (one section each, as in the Virginia sample
 * data) or a single file. Each file is a few KB, so it is read whole and fed to saxes.
 */
export async function* parseStateDecoded(path: string): AsyncGenerator<ParsedSection> {
  for (const file of await lawFiles(path)) {
    const xml = await readFile(file, 'utf8');
    try {
      yield parseStateDecodedXml(xml);
    } catch (error) {
      throw new Error(`${file}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
  }
}

/** The State Decoded format as the import CLI lists it. */
export const stateDecodedFormat = {
  id: 'statedecoded',
  jurisdiction: 'VA',
  codeName: 'Va. Code Ann.',
  parse: parseStateDecoded,
} as const;
