/**
 * Versions of a section, derived from everything the imported publications said about it. Pure:
 * the import stores observations and calls this after every import, so the answer depends only
 * on the set of observations and publications, never on the order they were imported in.
 *
 * Rules:
 * - Publications are read in date order. Consecutive observations with the same content hash
 *   (text + heading + repealed) are one version; consecutive repeals are one repeal, whatever
 *   their wording.
 * - A version's effective_from is the latest of the section's amendment dates that is on or
 *   before the publication first showing it and after the previous publication (which showed
 *   something else, or did not show the section); when no amendment date fits, the publication
 *   date. The first version gets the same rule with no lower bound (or the last snapshot that
 *   lacked the section): the publication we happen to hold first is rarely the day the text took
 *   effect, and its latest amendment date is the best evidence we have of that day. Using the
 *   publication date instead would call a section "not yet effective" on dates it was law.
 * - A section absent from a snapshot that contains its title is repealed as of that snapshot's
 *   date. Absences before the first observation only mean "not enacted yet".
 * - A repeal keeps the last operative text (so a reader sees what was repealed), with the
 *   repealing observation's heading and history.
 * - Observations that carry an explicit effective_from (JSONL version lines) are versions as
 *   given; on the same effective_from they win over a derived one. effective_to is the next
 *   version's effective_from, or the explicit effective_to when that is earlier (a gap).
 */

/** What versioning needs to know of one observation: no text, only its hash. */
export interface ObservationMeta {
  id: number;
  published: string;
  contentHash: string;
  repealed: boolean;
  amendmentDates: string[];
  /** Explicit dates of a JSONL version line; null for a snapshot observation. */
  effectiveFrom: string | null;
  effectiveTo: string | null;
}

export interface DerivedVersion {
  effectiveFrom: string;
  effectiveTo: string | null;
  repealed: boolean;
  /** True when the repeal is inferred from the section's absence from a snapshot. */
  absent: boolean;
  contentHash: string;
  /** The observation whose heading, history, references and hierarchy the version shows. */
  observationId: number;
  /** The observation whose text it shows. */
  textObservationId: number;
}

type Entry = { date: string; observation: ObservationMeta } | { date: string; observation: null };

/**
 * The content key of a repeal: not hexadecimal, so no content hash (a SHA-256 hex digest) can equal
 * it, and free of NUL, which PostgreSQL text cannot hold (it was '\u0000repealed' until migration 016).
 */
export const REPEAL_KEY = 'repealed';

/**
 * The versions of one section, oldest first.
 * @param observations every observation of the section, in any order
 * @param snapshotDates dates of the snapshot publications that contain the section's title
 */
export function deriveVersions(observations: readonly ObservationMeta[], snapshotDates: readonly string[]): DerivedVersion[] {
  const explicit = observations.filter((o) => o.effectiveFrom !== null);
  const derived = deriveFromSnapshots(
    observations.filter((o) => o.effectiveFrom === null),
    snapshotDates,
  );
  return merge(derived, explicitVersions(explicit));
}

function deriveFromSnapshots(observations: ObservationMeta[], snapshotDates: readonly string[]): DerivedVersion[] {
  if (observations.length === 0) return [];
  const byDate = new Map<string, ObservationMeta>();
  for (const o of observations) {
    const held = byDate.get(o.published);
    // One snapshot observation per publication date is the storage's key; if two ever meet, the
    // choice must not depend on input order.
    if (!held || o.contentHash > held.contentHash) byDate.set(o.published, o);
  }
  const dates = [...new Set([...byDate.keys(), ...snapshotDates])].sort();
  const amendmentDates = [...new Set(observations.flatMap((o) => o.amendmentDates))].sort();
  const timeline: Entry[] = dates.map((date) => ({ date, observation: byDate.get(date) ?? null }));

  const versions: DerivedVersion[] = [];
  let previousDate: string | null = null; // the last publication whose entry differs from the current run
  let runKey: string | null = null;
  let lastOperative: ObservationMeta | null = null;
  let lastSeen: ObservationMeta | null = null;
  for (const entry of timeline) {
    const o = entry.observation;
    if (o === null && lastSeen === null) {
      previousDate = entry.date; // not enacted yet: only bounds the first effective date
      continue;
    }
    const key = o === null || o.repealed ? REPEAL_KEY : o.contentHash;
    if (key === runKey) {
      if (o !== null) extendRun(versions[versions.length - 1]!, o, lastOperative);
    } else {
      const fields = o ?? lastSeen!;
      const text = key === REPEAL_KEY ? (lastOperative ?? fields) : fields;
      versions.push({
        effectiveFrom: o === null ? entry.date : effectiveFrom(amendmentDates, previousDate, entry.date),
        effectiveTo: null,
        repealed: key === REPEAL_KEY,
        absent: o === null,
        contentHash: o === null ? REPEAL_KEY : o.contentHash,
        observationId: fields.id,
        textObservationId: text.id,
      });
      runKey = key;
    }
    previousDate = entry.date;
    if (o) lastSeen = o;
    if (o && !o.repealed) lastOperative = o;
  }
  return versions;
}

/** A later observation of the same version: its editorial fields (history, hierarchy) are the newest. */
function extendRun(version: DerivedVersion, o: ObservationMeta, lastOperative: ObservationMeta | null): void {
  version.observationId = o.id;
  if (version.absent) {
    // The section came back marked repealed: the source's own repeal note now describes it.
    version.absent = false;
    version.contentHash = o.contentHash;
  }
  if (!version.repealed) version.textObservationId = o.id;
  else if (lastOperative === null) version.textObservationId = o.id;
}

/** The latest amendment date in (after, onOrBefore], else the publication date. */
export function effectiveFrom(amendmentDates: readonly string[], after: string | null, onOrBefore: string): string {
  let best: string | null = null;
  for (const d of amendmentDates) {
    if (d <= onOrBefore && (after === null || d > after) && (best === null || d > best)) best = d;
  }
  return best ?? onOrBefore;
}

function explicitVersions(observations: ObservationMeta[]): DerivedVersion[] {
  const byFrom = new Map<string, ObservationMeta>();
  for (const o of observations) {
    const held = byFrom.get(o.effectiveFrom!);
    // The latest publication's statement of a version wins; ties broken by hash, not input order.
    if (!held || o.published > held.published || (o.published === held.published && o.contentHash > held.contentHash)) {
      byFrom.set(o.effectiveFrom!, o);
    }
  }
  return [...byFrom.values()].map((o) => ({
    effectiveFrom: o.effectiveFrom!,
    effectiveTo: o.effectiveTo,
    repealed: o.repealed,
    absent: false,
    contentHash: o.contentHash,
    observationId: o.id,
    textObservationId: o.id,
  }));
}

/** Interleaves derived and explicit versions by date and links each one's end to the next's start. */
function merge(derived: DerivedVersion[], explicit: DerivedVersion[]): DerivedVersion[] {
  const explicitFrom = new Set(explicit.map((v) => v.effectiveFrom));
  const all = [...derived.filter((v) => !explicitFrom.has(v.effectiveFrom)), ...explicit].sort((a, b) =>
    a.effectiveFrom < b.effectiveFrom ? -1 : a.effectiveFrom > b.effectiveFrom ? 1 : 0,
  );
  const given = new Set(explicit);
  return all.map((v, i) => {
    const next = all[i + 1];
    const stated = given.has(v) ? v.effectiveTo : null;
    let effectiveTo = next ? next.effectiveFrom : stated;
    // One version in force per day: a stated end later than the next start is cut back to it.
    if (stated !== null && effectiveTo !== null && stated < effectiveTo) effectiveTo = stated;
    return { ...v, effectiveTo };
  });
}

export type SectionStatus = 'CURRENT' | 'REPEALED' | 'NOT_YET_EFFECTIVE';

/** What a reader sees of a section on a date: the version in force, or the first one before it exists. */
export function statusOn<V extends { effectiveFrom: string; effectiveTo: string | null; repealed: boolean }>(
  inForceOrBefore: V | undefined,
  first: V | undefined,
  asOf: string,
): { version: V; status: SectionStatus } | null {
  if (inForceOrBefore) {
    const ended = inForceOrBefore.effectiveTo !== null && inForceOrBefore.effectiveTo <= asOf;
    return { version: inForceOrBefore, status: inForceOrBefore.repealed || ended ? 'REPEALED' : 'CURRENT' };
  }
  return first ? { version: first, status: 'NOT_YET_EFFECTIVE' } : null;
}
