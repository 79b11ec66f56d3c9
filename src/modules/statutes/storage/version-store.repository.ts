/**
 * The version side of a statute import: what versioning reads (observation metadata, stored
 * versions) and what it writes (version rows, the code summary). Plain Kysely, like the writer.
 */
import type { ObservationMeta } from '../versioning.js';
import { statuteSentenceMemo } from '../../../text/sentence-memo.js';
import { chunks, type Db } from './corpus-writer.repository.js';

/** A stored version's identity, enough to tell whether a derived version changes it. */
export interface VersionMeta {
  id: number;
  sectionId: number;
  effectiveFrom: string;
  effectiveTo: string | null;
  repealed: boolean;
  absent: boolean;
  contentHash: string;
  observationId: number;
  textObservationId: number;
}

export interface NewVersion extends Omit<VersionMeta, 'id'> {
  heading: string;
  text: string;
  history: string;
  crossReferences: string;
  hierarchy: string;
}

export interface ObservationFields {
  id: number;
  heading: string;
  text: string;
  history: string;
  crossReferences: string;
  hierarchy: string;
}

export function createVersionStore() {
  return {
    /** What versioning needs of every observation of these sections (no text). */
    async observationMeta(db: Db, sectionIds: number[]): Promise<Map<number, ObservationMeta[]>> {
      const out = new Map<number, ObservationMeta[]>();
      for (const part of chunks(sectionIds)) {
        const rows = await db
          .selectFrom('statute_observations')
          .select(['id', 'section_id', 'published', 'content_hash', 'repealed', 'amendment_dates', 'effective_from', 'effective_to'])
          .where('section_id', 'in', part)
          .execute();
        for (const r of rows) {
          const list = out.get(r.section_id) ?? [];
          list.push({
            id: r.id,
            published: r.published,
            contentHash: r.content_hash,
            repealed: r.repealed === 1,
            amendmentDates: JSON.parse(r.amendment_dates) as string[],
            effectiveFrom: r.effective_from,
            effectiveTo: r.effective_to,
          });
          out.set(r.section_id, list);
        }
      }
      return out;
    },

    async versionMeta(db: Db, sectionIds: number[]): Promise<Map<number, VersionMeta[]>> {
      const out = new Map<number, VersionMeta[]>();
      for (const part of chunks(sectionIds)) {
        const rows = await db
          .selectFrom('statute_versions')
          .select(['id', 'section_id', 'effective_from', 'effective_to', 'repealed', 'absent', 'content_hash', 'observation_id', 'text_observation_id'])
          .where('section_id', 'in', part)
          .execute();
        for (const r of rows) {
          const list = out.get(r.section_id) ?? [];
          list.push({
            id: r.id,
            sectionId: r.section_id,
            effectiveFrom: r.effective_from,
            effectiveTo: r.effective_to,
            repealed: r.repealed === 1,
            absent: r.absent === 1,
            contentHash: r.content_hash,
            observationId: r.observation_id,
            textObservationId: r.text_observation_id,
          });
          out.set(r.section_id, list);
        }
      }
      return out;
    },

    async observationFields(db: Db, ids: number[]): Promise<Map<number, ObservationFields>> {
      const out = new Map<number, ObservationFields>();
      for (const part of chunks(ids)) {
        const rows = await db.selectFrom('statute_observations').select(['id', 'heading', 'text', 'history', 'cross_references', 'hierarchy']).where('id', 'in', part).execute();
        for (const r of rows) out.set(r.id, { id: r.id, heading: r.heading, text: r.text, history: r.history, crossReferences: r.cross_references, hierarchy: r.hierarchy });
      }
      return out;
    },

    /** Inserts versions and returns their ids by "sectionId|effectiveFrom" (the unique key). */
    async insertVersions(db: Db, rows: NewVersion[]): Promise<Map<string, number>> {
      for (const part of chunks(rows, 100)) {
        // Split here, once per version written, rather than at every question that reads it.
        await db.insertInto('statute_versions').values(part.map((row) => ({ ...toVersionRow(row), sentence_memo: statuteSentenceMemo(row.text) }))).execute();
      }
      const ids = new Map<string, number>();
      const wanted = new Set(rows.map((r) => `${r.sectionId}|${r.effectiveFrom}`));
      for (const part of chunks([...new Set(rows.map((r) => r.sectionId))])) {
        const found = await db.selectFrom('statute_versions').select(['id', 'section_id', 'effective_from']).where('section_id', 'in', part).execute();
        for (const f of found) {
          const key = `${f.section_id}|${f.effective_from}`;
          if (wanted.has(key)) ids.set(key, f.id);
        }
      }
      return ids;
    },

    /** Rewrites a version; its sentence memo only when its text changed (splitting is most of the cost of writing one). */
    async updateVersion(db: Db, id: number, row: NewVersion, textChanged: boolean): Promise<void> {
      const fields = toVersionRow(row);
      await db.updateTable('statute_versions').set(textChanged ? { ...fields, sentence_memo: statuteSentenceMemo(row.text) } : fields).where('id', '=', id).execute();
    },

    async deleteVersions(db: Db, ids: number[]): Promise<void> {
      for (const part of chunks(ids)) await db.deleteFrom('statute_versions').where('id', 'in', part).execute();
    },

    /** Recounts the code's summary that GET /v1/jurisdictions shows. */
    async refreshCodeSummary(db: Db, codeId: number, now: string): Promise<void> {
      const sections = await db
        .selectFrom('statute_sections')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('code_id', '=', codeId)
        .executeTakeFirstOrThrow();
      const versions = await db
        .selectFrom('statute_versions')
        .innerJoin('statute_sections', 'statute_sections.id', 'statute_versions.section_id')
        .select((eb) => [
          eb.fn.countAll<number>().as('n'),
          eb.fn.min('statute_versions.effective_from').as('earliest'),
          eb.fn.max('statute_versions.effective_from').as('latest'),
        ])
        .where('statute_sections.code_id', '=', codeId)
        .executeTakeFirstOrThrow();
      // A section is repealed when its latest version is a repeal.
      const repealed = await db
        .selectFrom('statute_versions as v')
        .innerJoin('statute_sections as s', 's.id', 'v.section_id')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('s.code_id', '=', codeId)
        .where('v.repealed', '=', 1)
        .where('v.effective_to', 'is', null)
        .executeTakeFirstOrThrow();
      const published = await db
        .selectFrom('statute_publications')
        .select((eb) => eb.fn.max('published').as('latest'))
        .where('code_id', '=', codeId)
        .executeTakeFirstOrThrow();
      await db
        .updateTable('statute_codes')
        .set({
          section_count: Number(sections.n),
          version_count: Number(versions.n),
          repealed_count: Number(repealed.n),
          earliest_effective: versions.earliest ?? null,
          latest_effective: versions.latest ?? null,
          latest_published: published.latest ?? null,
          updated_at: now,
        })
        .where('id', '=', codeId)
        .execute();
    },
  };
}

function toVersionRow(v: NewVersion) {
  return {
    section_id: v.sectionId,
    effective_from: v.effectiveFrom,
    effective_to: v.effectiveTo,
    repealed: v.repealed ? 1 : 0,
    absent: v.absent ? 1 : 0,
    content_hash: v.contentHash,
    observation_id: v.observationId,
    text_observation_id: v.textObservationId,
    heading: v.heading,
    text: v.text,
    history: v.history,
    cross_references: v.crossReferences,
    hierarchy: v.hierarchy,
  };
}

export type VersionStore = ReturnType<typeof createVersionStore>;
