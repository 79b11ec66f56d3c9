/** The source formats `folio import statutes --format` accepts, each opened with the import's options. */
import { coloradoFormat, parseColorado } from '../importers/colorado.parser.js';
import { dcFormat, parseDcCode } from '../importers/dc.parser.js';
import { jsonlFormat, parseJsonl } from '../importers/jsonl.parser.js';
import { parseStateDecoded, stateDecodedFormat } from '../importers/statedecoded.parser.js';
import { parseUslm, uslmFormat } from '../importers/uslm.parser.js';
import type { ImportedSection } from './observation.js';

export interface OpenOptions {
  /** Only these titles; a format that can skip the others' files does. */
  titles?: ReadonlySet<string>;
  onWarning?: (message: string) => void;
  /** A file of the publication skipped as unusable (the format reports it instead of failing the import). */
  onFileError?: (failure: { file: string; reason: string; titleNumber?: string }) => void;
}

export interface ImportFormat {
  id: string;
  /** The jurisdiction every section belongs to; null when each record names its own (jsonl). */
  jurisdiction: string | null;
  codeName: string | null;
  /** A snapshot restates whole titles, so a section it lacks is gone; a JSONL file is a list of versions. */
  snapshot: boolean;
  open(path: string, options: OpenOptions): AsyncGenerator<ImportedSection>;
}

export const IMPORT_FORMATS: readonly ImportFormat[] = [
  { ...pick(dcFormat), snapshot: true, open: (path, o) => parseDcCode(path, { ...(o.titles ? { titles: o.titles } : {}), ...(o.onFileError ? { onFileError: o.onFileError } : {}) }) },
  { ...pick(uslmFormat), snapshot: true, open: (path, o) => parseUslm(path, { onWarning: (w) => o.onWarning?.(`${w.source}: ${w.message}`) }) },
  { ...pick(stateDecodedFormat), snapshot: true, open: (path) => parseStateDecoded(path) },
  { ...pick(coloradoFormat), snapshot: true, open: (path, o) => parseColorado(path, { onWarning: (m) => o.onWarning?.(m) }) },
  { ...pick(jsonlFormat), snapshot: false, open: (path) => parseJsonl(path) },
];

function pick(f: { id: string; jurisdiction: string | null; codeName: string | null }) {
  return { id: f.id, jurisdiction: f.jurisdiction, codeName: f.codeName };
}

export function findImportFormat(id: string): ImportFormat | undefined {
  return IMPORT_FORMATS.find((f) => f.id === id);
}
