import type { PassageIndex } from '../../documents/passages/passage-index.js';
import { fileNameSignals, withParties, type FileSignals } from '../ranking/file-signals.js';
import { partyNamesFromText } from '../ranking/party-names.js';
import { documentTitle } from '../ranking/document-title.js';

/**
 * What each file's name and opening say about it (parties, type, dates), computed once per file:
 * a file's name and text never change after ingestion.
 */
export function createFileSignalCache(passages: PassageIndex, maxEntries = 50_000) {
  const cache = new Map<string, FileSignals>();
  // The store hands out the same file list while the room is unchanged (see store.ts): its signals
  // are then the same too, and a 20,000-file room is not walked again for every question.
  const byList = new WeakMap<object, Map<number, FileSignals>>();
  return {
    async signalsOf(workspaceId: number, files: Array<{ id: number; file_name: string }>): Promise<Map<number, FileSignals>> {
      const known = byList.get(files);
      if (known) return known;
      const result = new Map<number, FileSignals>();
      const missing: Array<{ id: number; file_name: string }> = [];
      for (const file of files) {
        const hit = cache.get(`${workspaceId}:${file.id}`);
        if (hit) result.set(file.id, hit);
        else missing.push(file);
      }
      if (missing.length > 0) {
        // Grouped by file once: filtering all openings for each file was quadratic, about 3 s for the
        // first question after a start in a room of 20,000 files.
        const openings = new Map<number, string[]>();
        for (const p of await passages.openings(workspaceId, missing.map((f) => f.id), 2)) {
          const texts = openings.get(p.fileId);
          if (texts) texts.push(p.text);
          else openings.set(p.fileId, [p.text]);
        }
        for (const file of missing) {
          const opening = (openings.get(file.id) ?? []).join('\n');
          // Read once for both: the party names were half of a file's signal time, and a room of
          // 20,000 files reads them all for its first question after a start.
          const parties = partyNamesFromText(opening);
          const named = withParties(fileNameSignals(file.file_name), parties);
          // The document's own heading and parties make a better title than its file name.
          const signals = { ...named, title: documentTitle(opening, parties) ?? named.title };
          if (cache.size >= maxEntries) cache.clear();
          cache.set(`${workspaceId}:${file.id}`, signals);
          result.set(file.id, signals);
        }
      }
      byList.set(files, result);
      return result;
    },
  };
}

export type FileSignalCache = ReturnType<typeof createFileSignalCache>;
