/**
 * Re-derives the versions of every section in some titles of a code and writes only the
 * difference: unchanged versions keep their row and id (the search index and any cached id stay
 * valid), so re-importing a publication writes nothing.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { CorpusWriter } from '../storage/corpus-writer.repository.js';
import type { NewVersion, VersionMeta, VersionStore } from '../storage/version-store.repository.js';
import { searchDocumentOf, type SearchDocument, type StatuteSearchIndex } from '../storage/search-index.js';
import { deriveVersions, type DerivedVersion } from '../versioning.js';

export interface RecomputeCounts {
  sections_recomputed: number;
  sections_unchanged: number;
  versions_new: number;
  versions_updated: number;
  versions_deleted: number;
  /** New repeals inferred from a section's absence from a snapshot. */
  repealed_by_absence: number;
}

interface Deps {
  db: Kysely<Database>;
  search: StatuteSearchIndex;
  writer: CorpusWriter;
  versions: VersionStore;
}

/** What a version row must say, before its fields are fetched from the observations. */
function sameVersion(stored: VersionMeta, derived: DerivedVersion): boolean {
  return (
    stored.effectiveTo === derived.effectiveTo &&
    stored.repealed === derived.repealed &&
    stored.absent === derived.absent &&
    stored.contentHash === derived.contentHash &&
    stored.observationId === derived.observationId &&
    stored.textObservationId === derived.textObservationId
  );
}

/** The plan for one section: which versions to insert, update (with the stored id) and delete. */
export function diffVersions(sectionId: number, stored: VersionMeta[], derived: DerivedVersion[]) {
  const byFrom = new Map(stored.map((v) => [v.effectiveFrom, v]));
  const insert: Array<DerivedVersion & { sectionId: number }> = [];
  const update: Array<{ id: number; version: DerivedVersion & { sectionId: number }; contentChanged: boolean; textChanged: boolean }> = [];
  for (const d of derived) {
    const held = byFrom.get(d.effectiveFrom);
    byFrom.delete(d.effectiveFrom);
    if (!held) insert.push({ ...d, sectionId });
    else if (!sameVersion(held, d)) {
      const contentChanged = held.observationId !== d.observationId || held.textObservationId !== d.textObservationId;
      // The content hash covers the text: a later publication restating a section moves its
      // observations but not its words, and the stored sentence splits still hold.
      update.push({ id: held.id, version: { ...d, sectionId }, contentChanged, textChanged: held.contentHash !== d.contentHash });
    }
  }
  return { insert, update, remove: [...byFrom.values()].map((v) => v.id) };
}

/**
 * Re-derives the versions of the given titles' sections, in batches of `batchSize` sections (to
 * bound memory). `deps.db` must be a transaction: the caller commits the whole recompute at once,
 * so a killed import never leaves some titles' versions rewritten and others not.
 */
export async function recomputeVersions(
  deps: Deps,
  codeId: number,
  titles: string[],
  options: { batchSize?: number; onProgress?: (done: number, total: number) => void } = {},
): Promise<RecomputeCounts> {
  const { writer, versions } = deps;
  const counts: RecomputeCounts = { sections_recomputed: 0, sections_unchanged: 0, versions_new: 0, versions_updated: 0, versions_deleted: 0, repealed_by_absence: 0 };
  const snapshots = await writer.snapshotDatesByTitle(deps.db, codeId);
  const sections = await writer.sectionsOfTitles(deps.db, codeId, titles);
  const batchSize = options.batchSize ?? 1000;
  for (let i = 0; i < sections.length; i += batchSize) {
    const part = sections.slice(i, i + batchSize);
    {
      const trx = deps.db;
      const ids = part.map((s) => s.id);
      const observations = await versions.observationMeta(trx, ids);
      const stored = await versions.versionMeta(trx, ids);
      const inserts: Array<DerivedVersion & { sectionId: number }> = [];
      const updates: ReturnType<typeof diffVersions>['update'] = [];
      const removals: number[] = [];
      for (const s of part) {
        const derived = deriveVersions(observations.get(s.id) ?? [], snapshots.get(s.title_number) ?? []);
        const plan = diffVersions(s.id, stored.get(s.id) ?? [], derived);
        counts.sections_recomputed++;
        if (plan.insert.length + plan.update.length + plan.remove.length === 0) counts.sections_unchanged++;
        inserts.push(...plan.insert);
        updates.push(...plan.update);
        removals.push(...plan.remove);
      }
      const needed = new Set([...inserts, ...updates.map((u) => u.version)].flatMap((v) => [v.observationId, v.textObservationId]));
      const fields = await versions.observationFields(trx, [...needed]);
      const row = (v: DerivedVersion & { sectionId: number }): NewVersion => {
        const f = fields.get(v.observationId)!;
        const t = fields.get(v.textObservationId)!;
        return { ...v, heading: f.heading, text: t.text, history: f.history, crossReferences: f.crossReferences, hierarchy: f.hierarchy };
      };
      const document = (id: number, v: NewVersion): SearchDocument => searchDocumentOf(id, v);

      await versions.deleteVersions(trx, removals);
      await deps.search.remove(trx, removals);
      const reindex: SearchDocument[] = [];
      for (const u of updates) {
        const r = row(u.version);
        await versions.updateVersion(trx, u.id, r, u.textChanged);
        if (u.contentChanged) reindex.push(document(u.id, r));
      }
      const newRows = inserts.map(row);
      const newIds = await versions.insertVersions(trx, newRows);
      for (const r of newRows) reindex.push(document(newIds.get(`${r.sectionId}|${r.effectiveFrom}`)!, r));
      await deps.search.upsert(trx, reindex);

      counts.versions_new += inserts.length;
      counts.versions_updated += updates.length;
      counts.versions_deleted += removals.length;
      counts.repealed_by_absence += inserts.filter((v) => v.absent).length;
    }
    options.onProgress?.(Math.min(i + batchSize, sections.length), sections.length);
  }
  return counts;
}
