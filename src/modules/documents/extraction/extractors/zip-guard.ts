import { ExtractionFailure } from '../extraction-failure.js';
import { readZipDirectory, zipBombReason } from '../zip-directory.js';

/** Refuses a zip-based document whose declared sizes look like a bomb, before any library inflates it. */
export async function assertSafeZip(path: string, kind: string): Promise<void> {
  const entries = await readZipDirectory(path);
  if (!entries) throw new ExtractionFailure(`the ${kind} file is corrupt: its zip directory cannot be read`);
  const reason = zipBombReason(entries);
  if (reason) throw new ExtractionFailure(reason);
}
