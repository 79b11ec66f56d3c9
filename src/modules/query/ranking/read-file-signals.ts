import type { DescribeFile } from '../../documents/signals/describe-file.js';
import { documentHeading, documentTitle } from './document-title.js';
import { fileNameSignals, withHeadingTypes, withParties, type FileSignals } from './file-signals.js';
import { partyNamesFromText } from './party-names.js';

/**
 * The version of the reading below, stored with each file's signals. Change it whenever what this
 * reading returns changes (read-file-signals.test.ts fails until you do): stored rows of another
 * version are then read again from the files' openings instead of being trusted.
 */
export const FILE_SIGNALS_VERSION = 3;

/** What a file's name and opening (its first passages) say about it: parties, type, dates and a readable title. */
export function readFileSignals(fileName: string, opening: string): FileSignals {
  // Read once for both: the party names were half of a file's signal time.
  const parties = partyNamesFromText(opening);
  const heading = documentHeading(opening);
  const named = withParties(heading === null ? fileNameSignals(fileName) : withHeadingTypes(fileNameSignals(fileName), heading), parties);
  // The document's own heading and parties make a better title than its file name.
  return { ...named, title: documentTitle(opening, parties, heading) ?? named.title };
}

/** The reading as ingestion stores it. */
export const describeFile: DescribeFile = (fileName, opening) => ({ version: FILE_SIGNALS_VERSION, json: JSON.stringify(readFileSignals(fileName, opening)) });
