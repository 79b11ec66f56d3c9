import type { PassageIndex } from '../../documents/passages/passage-index.js';
import { OPENING_PASSAGES } from '../../documents/signals/describe-file.js';
import type { FileSignalsRepository } from '../../documents/signals/file-signals.repository.js';
import type { FileSignals } from '../ranking/file-signals.js';
import { FILE_SIGNALS_VERSION, readFileSignals } from '../ranking/read-file-signals.js';

/**
 * What each file's name and opening say about it (parties, type, dates), kept once per file: a
 * file's name and text never change after ingestion. Stored at ingestion (file_signals); a file
 * without a stored row of this version (ingested before signals were stored) is read from its opening.
 */
export function createFileSignalCache(passages: PassageIndex, stored: Pick<FileSignalsRepository, 'load'>, maxEntries = 50_000) {
  const cache = new Map<string, FileSignals>();
  // The store hands out the same file list while the room is unchanged (see store.ts): its signals
  // are then the same too, and a 20,000-file room is not walked again for every question.
  const byList = new WeakMap<object, Map<number, FileSignals>>();
  const remember = (workspaceId: number, fileId: number, signals: FileSignals, result: Map<number, FileSignals>) => {
    if (cache.size >= maxEntries) cache.clear();
    cache.set(`${workspaceId}:${fileId}`, signals);
    result.set(fileId, signals);
  };
  return {
    async signalsOf(workspaceId: number, files: Array<{ id: number; file_name: string }>): Promise<Map<number, FileSignals>> {
      const known = byList.get(files);
      if (known) return known;
      const result = new Map<number, FileSignals>();
      let missing: Array<{ id: number; file_name: string }> = [];
      for (const file of files) {
        const hit = cache.get(`${workspaceId}:${file.id}`);
        if (hit) result.set(file.id, hit);
        else missing.push(file);
      }
      if (missing.length > 0) {
        const rows = await stored.load(workspaceId, missing.map((f) => f.id), FILE_SIGNALS_VERSION);
        for (const [fileId, json] of rows) remember(workspaceId, fileId, JSON.parse(json) as FileSignals, result);
        missing = missing.filter((f) => !rows.has(f.id));
      }
      if (missing.length > 0) {
        // Grouped by file once: filtering all openings for each file was quadratic, about 3 s for the
        // first question after a start in a room of 20,000 files.
        const openings = new Map<number, string[]>();
        for (const p of await passages.openings(workspaceId, missing.map((f) => f.id), OPENING_PASSAGES)) {
          const texts = openings.get(p.fileId);
          if (texts) texts.push(p.text);
          else openings.set(p.fileId, [p.text]);
        }
        for (const file of missing) remember(workspaceId, file.id, readFileSignals(file.file_name, (openings.get(file.id) ?? []).join('\n')), result);
      }
      byList.set(files, result);
      return result;
    },
  };
}

export type FileSignalCache = ReturnType<typeof createFileSignalCache>;
