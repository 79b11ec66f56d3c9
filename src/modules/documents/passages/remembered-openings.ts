import type { PassageHit, PassageIndex } from './passage-index.js';

/**
 * The index with each file's openings remembered, for the one question it is made for. A question
 * that names a contract scores every passage of that contract (searchPassages within the named
 * files), then reads them all again to find the clause it asks about (the clause focus): the same
 * rows, read and parsed twice. Only `openings` is remembered; a file is read again when more of
 * its passages are asked for than were read. Not for longer than a question: ingestion replaces
 * passages.
 */
export function withRememberedOpenings(index: PassageIndex): PassageIndex {
  const read = new Map<number, { workspaceId: number; perFile: number; hits: PassageHit[] }>();
  const known = (workspaceId: number, fileId: number, perFile: number) => {
    const entry = read.get(fileId);
    return entry !== undefined && entry.workspaceId === workspaceId && entry.perFile >= perFile;
  };
  return {
    replaceFile: (workspaceId, fileId, passages) => index.replaceFile(workspaceId, fileId, passages),
    deleteFiles: (workspaceId, fileIds) => index.deleteFiles(workspaceId, fileIds),
    search: (workspaceId, ftsQuery, limit, fileIds) => index.search(workspaceId, ftsQuery, limit, fileIds),
    termFrequencies: (workspaceId, terms) => index.termFrequencies(workspaceId, terms),
    async openings(workspaceId, fileIds, perFile) {
      const missing = fileIds.filter((id) => !known(workspaceId, id, perFile));
      if (missing.length > 0) {
        const entries = new Map(missing.map((id) => [id, { workspaceId, perFile, hits: [] as PassageHit[] }]));
        for (const hit of await index.openings(workspaceId, missing, perFile)) entries.get(hit.fileId)?.hits.push(hit);
        for (const [id, entry] of entries) read.set(id, entry);
      }
      // Each file's passages in order, the files in the order asked: as the index answers.
      return fileIds.flatMap((id) => read.get(id)?.hits.slice(0, perFile) ?? []);
    },
  };
}
