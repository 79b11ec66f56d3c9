/**
 * The D.C. Code as the D.C. Council publishes it (DCCouncil/law-xml-codified): a publication
 * folder holding `index.xml`, `titles/<T>/index.xml` and `titles/<T>/sections/*.xml`.
 *
 * Choices (see also dc-section.ts):
 * - Only files present on disk are parsed; includes of absent titles or sections (the older
 *   publications hold titles 2 and 42 only) are skipped silently and counted in the stats.
 * - Title 99's `*(Perm).xml` files are not parsed: they are the permanent text of sections
 *   that emergency or temporary law currently changes, and they carry the same section number,
 *   so importing them would give one citation two texts in one publication. The live section
 *   (with the temporary change) is the publication's statement of the law.
 * - Hierarchy: the root index's divisions, then the title's containers (title, subtitle,
 *   chapter, subchapter, part, …) and `<subheading>` levels (subtitle, unit, …).
 */
import { readFile } from 'node:fs/promises';
import { relative } from 'node:path';
import type { ParsedSection } from '../statutes.types.js';
import { readDcIndex, type DcFileFailure } from './dc-index.js';
import { DC_CODE_NAME, parseDcSectionXml } from './dc-section.js';
import type { StatuteFormat } from './statute-format.js';

export interface DcParseStats {
  sections: number;
  bytes: number;
  missingFiles: string[];
  skippedPermanentVersions: string[];
}

export interface DcParseOptions {
  /** Called once the whole publication has been parsed. */
  onStats?: (stats: DcParseStats) => void;
  /** Section files read ahead while one is parsed, to overlap I/O and parsing. */
  readAhead?: number;
  /** Only these titles ('2', '42'); the others' section files are not even read. */
  titles?: ReadonlySet<string>;
  /**
   * A file that cannot be imported (an include leaving the folder, an unreadable or malformed
   * section): reported here and skipped, so one bad file fails that file, not the publication.
   * Without it, such a file ends the parse with an error.
   */
  onFileError?: (failure: DcFileFailure) => void;
}

/** Streams every section of a D.C. Code publication folder, in Code order. */
export async function* parseDcCode(path: string, options: DcParseOptions = {}): AsyncGenerator<ParsedSection> {
  const index = await readDcIndex(path);
  if (options.titles) {
    const keep = options.titles;
    index.sections = index.sections.filter((s) => keep.has(s.titleNumber));
  }
  const readAhead = Math.max(1, options.readAhead ?? 32);
  const pending: Promise<string>[] = [];
  const stats: DcParseStats = {
    sections: 0,
    bytes: 0,
    missingFiles: index.missingFiles,
    skippedPermanentVersions: index.skippedPermanentVersions,
  };
  const fail = (failure: DcFileFailure, error: unknown) => {
    if (!options.onFileError) throw error;
    options.onFileError(failure);
  };
  for (const refused of index.refused) {
    if (!options.titles || (refused.titleNumber !== undefined && options.titles.has(refused.titleNumber))) {
      fail(refused, new Error(`${refused.file}: ${refused.reason}`));
    }
  }
  let next = 0;
  for (let i = 0; i < index.sections.length; i++) {
    while (next < index.sections.length && next < i + readAhead) {
      const p = readFile(index.sections[next]!.file, 'utf8');
      p.catch(() => undefined); // awaited below; avoids an unhandled rejection meanwhile
      pending.push(p);
      next++;
    }
    const entry = index.sections[i]!;
    let fields: ReturnType<typeof parseDcSectionXml>;
    try {
      const xml = await pending.shift()!;
      stats.bytes += Buffer.byteLength(xml);
      fields = parseDcSectionXml(xml, entry.file);
    } catch (error) {
      const reason = (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? 'unreadable';
      fail({ file: relative(path, entry.file), reason, titleNumber: entry.titleNumber }, error);
      continue;
    }
    stats.sections++;
    yield {
      jurisdiction: 'DC',
      codeName: DC_CODE_NAME,
      titleNumber: entry.titleNumber,
      hierarchy: entry.hierarchy,
      ...fields,
    };
  }
  options.onStats?.(stats);
}

export const dcFormat: StatuteFormat = { id: 'dc', jurisdiction: 'DC', codeName: DC_CODE_NAME, parse: parseDcCode };
