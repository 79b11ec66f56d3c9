/**
 * The writes of a statute import up to the observations: codes, sections, observations and
 * publications (versions: version-store.repository.ts). Every method takes the Kysely handle it
 * runs on, so the import decides the transactions. Plain Kysely: the same code runs on SQLite
 * and PostgreSQL.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { NewObservation } from '../import/observation.js';

export type Db = Kysely<Database>;

/** IN-lists are cut to this size: well under SQLite's variable limit, and one SQL text per size. */
export const IN_CHUNK = 500;

export function chunks<T>(items: readonly T[], size = IN_CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export interface SectionKey {
  citation: string;
  sectionNumber: string;
  titleNumber: string;
}

export function createCorpusWriter() {
  return {
    async ensureCode(db: Db, jurisdiction: string, name: string, now: string): Promise<number> {
      const found = await db.selectFrom('statute_codes').select('id').where('jurisdiction', '=', jurisdiction).where('name', '=', name).executeTakeFirst();
      if (found) return found.id;
      await db.insertInto('statute_codes').values({ jurisdiction, name, section_count: 0, repealed_count: 0, version_count: 0, updated_at: now }).execute();
      return (await db.selectFrom('statute_codes').select('id').where('jurisdiction', '=', jurisdiction).where('name', '=', name).executeTakeFirstOrThrow()).id;
    },

    /** Ids of these sections by citation, creating the missing ones (and fixing a changed number or title). */
    async ensureSections(db: Db, codeId: number, jurisdiction: string, keys: SectionKey[]): Promise<Map<string, number>> {
      const ids = new Map<string, number>();
      const load = async (citations: string[]) => {
        const rows = await db
          .selectFrom('statute_sections')
          .select(['id', 'citation', 'section_number', 'title_number', 'code_id'])
          .where('jurisdiction', '=', jurisdiction)
          .where('citation', 'in', citations)
          .execute();
        return rows;
      };
      const byCitation = new Map(keys.map((k) => [k.citation, k]));
      for (const part of chunks([...byCitation.keys()])) {
        for (const row of await load(part)) {
          ids.set(row.citation, row.id);
          const key = byCitation.get(row.citation)!;
          if (row.section_number !== key.sectionNumber || row.title_number !== key.titleNumber || row.code_id !== codeId) {
            await db
              .updateTable('statute_sections')
              .set({ section_number: key.sectionNumber, title_number: key.titleNumber, code_id: codeId })
              .where('id', '=', row.id)
              .execute();
          }
        }
      }
      const missing = [...byCitation.values()].filter((k) => !ids.has(k.citation));
      for (const part of chunks(missing, 200)) {
        await db
          .insertInto('statute_sections')
          .values(part.map((k) => ({ code_id: codeId, jurisdiction, citation: k.citation, section_number: k.sectionNumber, title_number: k.titleNumber })))
          .execute();
        for (const row of await load(part.map((k) => k.citation))) ids.set(row.citation, row.id);
      }
      return ids;
    },

    /** The observations one publication already holds for these sections: id and fingerprint by key. */
    async observationsOf(db: Db, sectionIds: number[], published: string) {
      const out: Array<{ id: number; section_id: number; version_key: string; fingerprint: string }> = [];
      for (const part of chunks(sectionIds)) {
        out.push(
          ...(await db
            .selectFrom('statute_observations')
            .select(['id', 'section_id', 'version_key', 'fingerprint'])
            .where('published', '=', published)
            .where('section_id', 'in', part)
            .execute()),
        );
      }
      return out;
    },

    async insertObservations(db: Db, rows: Array<{ sectionId: number; observation: NewObservation }>): Promise<void> {
      // 15 columns a row: 100 rows stay far below any parameter limit.
      for (const part of chunks(rows, 100)) {
        await db
          .insertInto('statute_observations')
          .values(
            part.map(({ sectionId, observation: o }) => ({
              section_id: sectionId,
              published: o.published,
              version_key: o.versionKey,
              effective_from: o.effectiveFrom,
              effective_to: o.effectiveTo,
              content_hash: o.contentHash,
              fingerprint: o.fingerprint,
              repealed: o.repealed ? 1 : 0,
              heading: o.heading,
              text: o.text,
              history: o.history,
              cross_references: JSON.stringify(o.crossReferences),
              hierarchy: JSON.stringify(o.hierarchy),
              amendment_dates: JSON.stringify(o.amendmentDates),
            })),
          )
          .execute();
      }
    },

    async deleteObservations(db: Db, ids: number[]): Promise<void> {
      for (const part of chunks(ids)) await db.deleteFrom('statute_observations').where('id', 'in', part).execute();
    },

    /** Records the publication, its titles being the union with what an earlier import of it saw. */
    async upsertPublication(
      db: Db,
      p: { jurisdiction: string; codeId: number; published: string; titles: string[]; snapshot: boolean; sectionsSeen: number; importedAt: string },
    ): Promise<void> {
      const held = await db.selectFrom('statute_publications').select(['id', 'titles']).where('code_id', '=', p.codeId).where('published', '=', p.published).executeTakeFirst();
      if (!held) {
        await db
          .insertInto('statute_publications')
          .values({ jurisdiction: p.jurisdiction, code_id: p.codeId, published: p.published, titles: JSON.stringify([...p.titles].sort()), snapshot: p.snapshot ? 1 : 0, sections_seen: p.sectionsSeen, imported_at: p.importedAt })
          .execute();
        return;
      }
      const titles = [...new Set([...(JSON.parse(held.titles) as string[]), ...p.titles])].sort();
      await db
        .updateTable('statute_publications')
        .set({ titles: JSON.stringify(titles), snapshot: p.snapshot ? 1 : 0, sections_seen: p.sectionsSeen, imported_at: p.importedAt })
        .where('id', '=', held.id)
        .execute();
    },

    /** For each title of the code: the dates of the snapshot publications that contain it. */
    async snapshotDatesByTitle(db: Db, codeId: number): Promise<Map<string, string[]>> {
      const rows = await db.selectFrom('statute_publications').select(['published', 'titles']).where('code_id', '=', codeId).where('snapshot', '=', 1).execute();
      const out = new Map<string, string[]>();
      for (const row of rows) {
        for (const title of JSON.parse(row.titles) as string[]) out.set(title, [...(out.get(title) ?? []), row.published]);
      }
      return out;
    },

    async sectionsOfTitles(db: Db, codeId: number, titles: string[]): Promise<Array<{ id: number; title_number: string }>> {
      const out: Array<{ id: number; title_number: string }> = [];
      for (const part of chunks(titles)) {
        out.push(...(await db.selectFrom('statute_sections').select(['id', 'title_number']).where('code_id', '=', codeId).where('title_number', 'in', part).orderBy('id').execute()));
      }
      return out;
    },
  };
}

export type CorpusWriter = ReturnType<typeof createCorpusWriter>;
