import { ExtractionFailure } from '../extraction-failure.js';
import { inflatedSizeReason } from '../zip-budget.js';
import { readZipDirectory, zipBombReason } from '../zip-directory.js';

/**
 * Refuses a zip-based document that is a bomb before any library inflates it: first from its declared
 * sizes, then by inflating every entry under a byte budget, since the declared sizes may lie.
 */
export async function assertSafeZip(path: string, kind: string): Promise<void> {
  const entries = await readZipDirectory(path);
  if (!entries) throw new ExtractionFailure(`the ${kind} file is corrupt: its zip directory cannot be read`);
  const reason = zipBombReason(entries) ?? (await inflatedSizeReason(path, entries));
  if (reason) throw new ExtractionFailure(reason);
}
