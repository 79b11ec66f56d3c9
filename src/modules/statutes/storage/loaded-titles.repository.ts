/**
 * What is loaded, per jurisdiction: the titles the corpus holds (with their names, read from the
 * hierarchy of one of their sections) and the publications imported. Tenant neutral. The answer is
 * cached until the corpus changes (statute_codes is updated by every import).
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';

export interface LoadedTitle {
  number: string;
  /** The title's heading as the corpus gives it, or null when the corpus has none. */
  name: string | null;
  sectionCount: number;
}

export interface LoadedPublication {
  published: string;
  titles: string[];
}

export interface LoadedScope {
  jurisdiction: string;
  titles: LoadedTitle[];
  publications: LoadedPublication[];
}

/** Title numbers in reading order: "2" before "10", "2.2" before "18.2", "27A" after "27". */
export function compareTitleNumbers(a: string, b: string): number {
  return a.localeCompare(b, 'en', { numeric: true });
}

export function createLoadedTitlesReader(db: Kysely<Database>) {
  let cached: { key: string; scopes: LoadedScope[] } | null = null;

  async function read(): Promise<LoadedScope[]> {
    const stamp = await sql<{ key: string | null }>`select max(updated_at) || ':' || sum(version_count) as key from statute_codes`.execute(db);
    const key = stamp.rows[0]?.key ?? '';
    if (cached !== null && cached.key === key) return cached.scopes;
    const titles = await sql<{ jurisdiction: string; title: string; n: number; sample: number }>`
      select jurisdiction, title_number as title, count(*) as n, min(id) as sample from statute_sections group by jurisdiction, title_number`.execute(db);
    const names = new Map<number, string | null>();
    for (const t of titles.rows) {
      const row = await sql<{ hierarchy: string }>`select hierarchy from statute_versions where section_id = ${t.sample} order by effective_from desc limit 1`.execute(db);
      names.set(t.sample, titleHeading(row.rows[0]?.hierarchy ?? '[]'));
    }
    const publications = await sql<{ jurisdiction: string; published: string; titles: string }>`
      select jurisdiction, published, titles from statute_publications order by jurisdiction, published`.execute(db);
    const byJurisdiction = new Map<string, LoadedScope>();
    const scope = (j: string) => byJurisdiction.get(j) ?? byJurisdiction.set(j, { jurisdiction: j, titles: [], publications: [] }).get(j)!;
    for (const t of titles.rows) scope(t.jurisdiction).titles.push({ number: t.title, name: names.get(t.sample) ?? null, sectionCount: Number(t.n) });
    for (const p of publications.rows) {
      const list = JSON.parse(p.titles) as string[];
      scope(p.jurisdiction).publications.push({ published: p.published, titles: [...list].sort(compareTitleNumbers) });
    }
    for (const s of byJurisdiction.values()) s.titles.sort((a, b) => compareTitleNumbers(a.number, b.number));
    const scopes = [...byJurisdiction.values()].sort((a, b) => a.jurisdiction.localeCompare(b.jurisdiction));
    cached = { key, scopes };
    return scopes;
  }

  return {
    /** Every jurisdiction's loaded titles and publications, by jurisdiction. */
    all: read,
    /** One jurisdiction's, or an empty scope. */
    async of(jurisdiction: string): Promise<LoadedScope> {
      return (await read()).find((s) => s.jurisdiction === jurisdiction) ?? { jurisdiction, titles: [], publications: [] };
    },
  };
}

export type LoadedTitlesReader = ReturnType<typeof createLoadedTitlesReader>;

/** "Real Property" from a hierarchy whose title level reads "Real Property.". */
function titleHeading(hierarchyJson: string): string | null {
  try {
    const levels = JSON.parse(hierarchyJson) as Array<{ label: string; heading: string | null }>;
    const heading = levels.find((l) => l.label.toLowerCase() === 'title')?.heading ?? null;
    return heading === null ? null : heading.replace(/\s*\[Enacted title\]\s*$/i, '').replace(/\.$/, '').trim() || null;
  } catch {
    return null;
  }
}
