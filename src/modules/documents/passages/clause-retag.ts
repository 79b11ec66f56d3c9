import type { ClauseRetagRepository } from './clause-retag.repository.js';

/**
 * Files read, re-tagged and written per step (one transaction): a file's passages are never split
 * across two, and a step holds a few thousand passages at most in a room of long contracts.
 */
const FILES_PER_STEP = 25;
/** Passages between two progress reports (about 5 s of work). */
const PROGRESS_EVERY = 50_000;

/** The shipped clause model as re-tagging uses it. */
export interface ClauseTagger {
  /** Names the model's weights (clauseModelFingerprint). */
  fingerprint: string;
  /** The tags a passage stores for its text: what ingestion writes (JSON of classifier.significant). */
  tagsOf(text: string): string;
}

export interface RetagOutcome {
  /** False when the stored tags were already the model's and nothing was read. */
  ran: boolean;
  passages: number;
  /** Passages whose stored tags changed. */
  changed: number;
}

/**
 * Brings every stored passage's clause tags to the shipped model. Tags are written at ingestion, and
 * presence ("the Corio agreement has no clause capping liability") compares the best stored
 * probability with the model's own cut-off: tags of an earlier model read against a later model's
 * cut-offs give wrong answers in silence. So when the model that tagged the folder (recorded in
 * system_state) is not the shipped one, every passage is tagged again and the model recorded
 * last. A run cut short records nothing and the next one starts over; writing a passage's tags
 * twice writes the same value, so that costs time only.
 */
export async function retagAfterModelChange(
  repo: ClauseRetagRepository,
  tagger: ClauseTagger,
  onProgress?: (progress: { workspaceId: number; passages: number; changed: number }) => void,
): Promise<RetagOutcome> {
  if ((await repo.taggedWith()) === tagger.fingerprint) return { ran: false, passages: 0, changed: 0 };
  let passages = 0;
  let changed = 0;
  let reported = 0;
  for (const workspaceId of await repo.workspacesWithPassages()) {
    const files = await repo.filesWithPassages(workspaceId);
    for (let i = 0; i < files.length; i += FILES_PER_STEP) {
      const rows = await repo.passagesOf(workspaceId, files.slice(i, i + FILES_PER_STEP));
      const updates = rows.map((row) => ({ id: row.id, clauseTags: tagger.tagsOf(row.text), was: row.clauseTags })).filter((r) => r.clauseTags !== r.was);
      await repo.updateTags(workspaceId, updates.map(({ id, clauseTags }) => ({ id, clauseTags })));
      passages += rows.length;
      changed += updates.length;
      // A room of 20,000 contracts takes minutes: the log says how far it has come.
      const last = i + FILES_PER_STEP >= files.length;
      if (last || passages - reported >= PROGRESS_EVERY) {
        reported = passages;
        onProgress?.({ workspaceId, passages, changed });
      }
    }
  }
  await repo.recordTaggedWith(tagger.fingerprint);
  return { ran: true, passages, changed };
}
