/**
 * Imports one publication of a statute source: parses it, stores what it says about each section
 * as observations (batched transactions), then re-derives the versions of every section in the
 * titles it contains and keeps the search index in step.
 *
 * Snapshot semantics: the titles a publication contains are the title numbers seen in it, and a
 * section of those titles that the publication lacks is read as repealed on its date (versioning.ts).
 * Re-deriving whole titles (not only the sections seen) is what catches those absences, and it is
 * also what makes an import of an older publication after a newer one come out right.
 */
import { existsSync } from 'node:fs';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { retryOnBusy } from '../../../db/write-retry.js';
import { isIsoDate } from '../importers/history-dates.js';
import { statuteImportError } from '../statutes.errors.js';
import { createCorpusWriter } from '../storage/corpus-writer.repository.js';
import { createVersionStore } from '../storage/version-store.repository.js';
import type { StatuteSearchIndex } from '../storage/search-index.js';
import type { ImportFormat } from './formats.js';
import { toObservation, type ImportedSection } from './observation.js';
import { recomputeVersions, type RecomputeCounts } from './recompute-versions.js';

export interface ImportStatutesDeps {
  db: Kysely<Database>;
  search: StatuteSearchIndex;
  /** Wall time for the summary and imported_at; tests pass fixed ones. */
  now?: () => Date;
}

export interface ImportStatutesInput {
  format: ImportFormat;
  path: string;
  /** The publication date, YYYY-MM-DD. */
  published: string;
  /** Must equal the format's jurisdiction; with jsonl, every line must carry it. */
  jurisdiction?: string;
  /** Only these titles of the publication (the rest is neither read, when the format allows, nor stored). */
  titles?: string[];
  /** Sections per write transaction. */
  batchSize?: number;
  onProgress?: (progress: ImportProgress) => void;
  /** Each warning's text as it happens (the summary only counts them). */
  onWarning?: (message: string) => void;
}

export interface ImportProgress {
  phase: 'parse' | 'versions';
  done: number;
  /** Known in the versions phase only. */
  total: number | null;
}

export interface ImportSummary extends RecomputeCounts {
  format: string;
  jurisdictions: string[];
  codes: string[];
  published: string;
  titles: string[];
  sections_seen: number;
  observations_new: number;
  observations_unchanged: number;
  warnings: number;
  /** Files of the publication that were skipped as unusable, with why; the rest was imported. */
  failed_files: Array<{ file: string; reason: string }>;
  elapsed_ms: number;
  sections_per_second: number;
}

interface CodeState {
  jurisdiction: string;
  name: string;
  id: number;
  titles: Set<string>;
  seen: number;
}

/** Checks the command's arguments before anything is read, with messages an operator can act on. */
export function validateImportInput(input: ImportStatutesInput): void {
  if (!isIsoDate(input.published)) throw statuteImportError(`--published must be a date YYYY-MM-DD, got "${input.published}"`);
  if (!existsSync(input.path)) throw statuteImportError(`no such file or folder: ${input.path}`);
  const j = input.jurisdiction;
  if (j !== undefined && !/^[A-Z]{2}$/.test(j)) throw statuteImportError(`--jurisdiction must be two capital letters, got "${j}"`);
  if (j !== undefined && input.format.jurisdiction !== null && j !== input.format.jurisdiction) {
    throw statuteImportError(`format ${input.format.id} holds jurisdiction ${input.format.jurisdiction}, not ${j}`);
  }
}

/** Runs one import; see the file comment. */
export async function importStatutes(deps: ImportStatutesDeps, input: ImportStatutesInput): Promise<ImportSummary> {
  validateImportInput(input);
  const now = deps.now ?? (() => new Date());
  const started = now().getTime();
  const writer = createCorpusWriter();
  const versions = createVersionStore();
  const batchSize = input.batchSize ?? 1000;
  const titleFilter = input.titles && input.titles.length > 0 ? new Set(input.titles) : undefined;
  const codes = new Map<string, CodeState>();
  const counts = { seen: 0, observationsNew: 0, observationsUnchanged: 0, warnings: 0 };
  const seenKeys = new Set<string>();
  const failedFiles: ImportSummary['failed_files'] = [];
  // A title with a skipped file is not a complete statement of that title: its sections are
  // stored, but the title is left out of the snapshot, so the skipped sections are not read as repealed.
  const incompleteTitles = new Set<string>();

  // Observations are not served: storing them in batches leaves nothing half-visible if the
  // import dies, and a re-run finds the ones already stored unchanged.
  const storeBatch = async (batch: ImportedSection[]) => {
    await retryOnBusy(() => deps.db.transaction().execute(async (trx) => {
      const byCode = new Map<CodeState, ImportedSection[]>();
      for (const s of batch) {
        const key = `${s.jurisdiction}|${s.codeName}`;
        let code = codes.get(key);
        if (!code) {
          code = { jurisdiction: s.jurisdiction, name: s.codeName, id: await writer.ensureCode(trx, s.jurisdiction, s.codeName, now().toISOString()), titles: new Set(), seen: 0 };
          codes.set(key, code);
        }
        code.titles.add(s.titleNumber);
        code.seen++;
        byCode.set(code, [...(byCode.get(code) ?? []), s]);
      }
      for (const [code, sections] of byCode) {
        const ids = await writer.ensureSections(trx, code.id, code.jurisdiction, sections);
        const held = new Map(
          (await writer.observationsOf(trx, [...new Set(ids.values())], input.published)).map((o) => [`${o.section_id}|${o.version_key}`, o]),
        );
        const fresh: Parameters<typeof writer.insertObservations>[1] = [];
        const replaced: number[] = [];
        for (const s of sections) {
          const sectionId = ids.get(s.citation)!;
          const observation = toObservation(s, input.published);
          const key = `${sectionId}|${observation.versionKey}`;
          const old = held.get(key);
          if (old?.fingerprint === observation.fingerprint) {
            counts.observationsUnchanged++;
            continue;
          }
          // Observations are never edited: a changed one is a new row, so versions that show the
          // old row see a new observation id and are rewritten.
          if (old) replaced.push(old.id);
          held.set(key, { id: -1, section_id: sectionId, version_key: observation.versionKey, fingerprint: observation.fingerprint });
          fresh.push({ sectionId, observation });
        }
        await writer.deleteObservations(trx, replaced);
        await writer.insertObservations(trx, fresh);
        counts.observationsNew += fresh.length;
      }
    }));
  };

  let batch: ImportedSection[] = [];
  const sections = input.format.open(input.path, {
    ...(titleFilter ? { titles: titleFilter } : {}),
    onWarning: (message) => {
      counts.warnings++;
      input.onWarning?.(message);
    },
    onFileError: (failure) => {
      failedFiles.push({ file: failure.file, reason: failure.reason });
      if (failure.titleNumber !== undefined) incompleteTitles.add(failure.titleNumber);
    },
  });
  for await (const section of sections) {
    if (input.jurisdiction !== undefined && section.jurisdiction !== input.jurisdiction) {
      throw statuteImportError(`${section.citation} belongs to ${section.jurisdiction}, not --jurisdiction ${input.jurisdiction}`);
    }
    if (titleFilter && !titleFilter.has(section.titleNumber)) continue;
    // A citation is a unique key: a source printing one twice keeps its first (as the parsers do).
    const key = `${section.jurisdiction}|${section.citation}|${section.effectiveFrom ?? ''}`;
    if (seenKeys.has(key)) {
      counts.warnings++;
      input.onWarning?.(`${section.citation}: printed twice; the first text is kept`);
      continue;
    }
    seenKeys.add(key);
    counts.seen++;
    batch.push(section);
    if (batch.length >= batchSize) {
      await storeBatch(batch);
      batch = [];
      input.onProgress?.({ phase: 'parse', done: counts.seen, total: null });
    }
  }
  if (batch.length > 0) await storeBatch(batch);
  input.onProgress?.({ phase: 'parse', done: counts.seen, total: null });

  const importedAt = now().toISOString();
  // What is served (publications, versions, the search index, code summaries) changes in one
  // transaction: a killed import leaves the corpus as it was, and running it again completes it.
  const recomputed = await retryOnBusy(() =>
    deps.db.transaction().execute(async (trx) => {
      const totals: RecomputeCounts = { sections_recomputed: 0, sections_unchanged: 0, versions_new: 0, versions_updated: 0, versions_deleted: 0, repealed_by_absence: 0 };
      for (const code of codes.values()) {
        await writer.upsertPublication(trx, {
          jurisdiction: code.jurisdiction,
          codeId: code.id,
          published: input.published,
          titles: [...code.titles].filter((t) => !incompleteTitles.has(t)),
          snapshot: input.format.snapshot,
          sectionsSeen: code.seen,
          importedAt,
        });
        const c = await recomputeVersions({ db: trx, search: deps.search, writer, versions }, code.id, [...code.titles], {
          batchSize,
          onProgress: (done, total) => input.onProgress?.({ phase: 'versions', done, total }),
        });
        for (const k of Object.keys(totals) as Array<keyof RecomputeCounts>) totals[k] += c[k];
        await versions.refreshCodeSummary(trx, code.id, importedAt);
      }
      return totals;
    }),
  );

  await deps.search.afterImport?.();
  const elapsed = Math.max(1, now().getTime() - started);
  return {
    format: input.format.id,
    jurisdictions: [...new Set([...codes.values()].map((c) => c.jurisdiction))].sort(),
    codes: [...codes.values()].map((c) => c.name).sort(),
    published: input.published,
    titles: [...new Set([...codes.values()].flatMap((c) => [...c.titles]))].sort(compareTitles),
    sections_seen: counts.seen,
    observations_new: counts.observationsNew,
    observations_unchanged: counts.observationsUnchanged,
    ...recomputed,
    warnings: counts.warnings,
    failed_files: failedFiles,
    elapsed_ms: elapsed,
    sections_per_second: Math.round((counts.seen * 1000) / elapsed),
  };
}

/** '2' < '10' < '27A': titles in the order a code prints them. */
function compareTitles(a: string, b: string): number {
  return a.localeCompare(b, 'en', { numeric: true });
}
