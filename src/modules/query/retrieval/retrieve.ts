import type { Store } from '../../../db/store.js';
import { analyzeQuestion } from '../../../text/query-analysis.js';
import { PASSAGE_TERM_SHARE, singleWordStems, withoutUbiquitousTerms } from '../../../text/ubiquitous-terms.js';
import type { PassageHit, PassageIndex } from '../../documents/passages/passage-index.js';
import type { AnswerRequest, RetrievedPassage } from '../answer-engine.js';
import { namedBySameParty, namedFileScores, type FileSignals } from '../ranking/file-signals.js';
import type { FileSignalCache } from './file-signal-cache.js';
import { clauseClassifier, readQuestionClause } from '../../../text/clauses/clause-classifier.js';
import { expressedProbability } from '../../../text/clauses/opposite-wording.js';
import { stemWord } from '../../../text/tokens.js';
import { clauseFocus, focusWithClause } from '../clauses/clause-focus.js';
import { isListQuestion } from '../answer-composer.js';
import { searchPassages } from '../../documents/passages/passage-search.js';
import { withRememberedOpenings } from '../../documents/passages/remembered-openings.js';

/** A file the question names this strongly (a party, or type and date) is searched on its own too. */
export const NAMED_FILE_THRESHOLD = 0.55;
/** Name scores are rounded to 3 decimals: files within this of each other are named alike. */
const SAME_NAME_TOLERANCE = 0.005;
/** How much naming a file lifts its passages over the text match alone (text scores are scaled to 1). */
export const FILE_SIGNAL_WEIGHT = 1.2;
const CANDIDATES = 60;
const PASSAGES_FOR_ANSWER = 8;
/** Most passages of a named document read to find the clause asked for (a long contract has ~300). */
const MAX_FILE_PASSAGES = 2_000;
/** How much a passage's probability of expressing the asked clause lifts it in a workspace-wide list question. */
export const CLAUSE_WEIGHT = 1;

export interface RetrievalDeps {
  store: Store;
  passages: PassageIndex;
  signals: FileSignalCache;
}

/**
 * Ranked passages for a question over the workspace's ready files: BM25 over passages (FTS5)
 * combined with file-level signals, so "the Acme supply agreement" finds the Acme supply agreement
 * even when other contracts match the words better.
 */
export async function retrieve(deps: RetrievalDeps, workspaceId: number, question: string): Promise<AnswerRequest> {
  // A named contract's passages are scored within it and then read for the clause asked about: once.
  const passages = withRememberedOpenings(deps.passages);
  const analysis = analyzeQuestion(question);
  const files = await deps.store.documents.listReadyFiles(workspaceId);
  const request: AnswerRequest = { question, analysis, passages: [], files: [] };
  if (files.length === 0) return request;

  const signals = await deps.signals.signalsOf(workspaceId, files);
  // Made once per file list (listViews), not mapped again for every question.
  const views = listViews(files, signals);
  request.files = views.answerFiles;
  // Only files the question names at all are kept: in a large room nearly every file scores 0.
  const fileScores = namedFileScores(analysis, signals);
  const named = namedFiles(fileScores);

  const counts = await passages.termFrequencies(workspaceId, singleWordStems(analysis));
  // Expansion phrases are left out: on 399 CUAD contracts they changed no figure of eval:workspace
  // (first citation, token-F1, abstention, on both halves), and in a room of 20,000 documents they
  // were most of a search's time (FTS5 counts each phrase's documents on every query).
  const searched = withoutUbiquitousTerms(analysis, counts, PASSAGE_TERM_SHARE);
  const fts = { expansions: true, expansionPhrases: false } as const;
  // The two searches are independent: on PostgreSQL they run at once, on two connections.
  const [across, within] = await Promise.all([
    searchPassages(passages, workspaceId, searched, counts, CANDIDATES, { fts }),
    named.length > 0 ? searchPassages(passages, workspaceId, searched, counts, CANDIDATES, { fts, fileIds: named }) : [],
  ]);
  const hits = new Map<number, PassageHit>();
  for (const hit of [...across, ...within]) hits.set(hit.passageId, hit);
  // A named file with no matching words still offers its opening (parties, dates, title).
  const unmatched = named.filter((id) => ![...hits.values()].some((h) => h.fileId === id));
  if (unmatched.length > 0) for (const hit of await passages.openings(workspaceId, unmatched, 3)) hits.set(hit.passageId, { ...hit, score: 0 });

  // "Does any contract allow termination for convenience?": across files, passages that express the
  // clause asked for rank first (a heading "for convenience only" does not). Only for questions over
  // the whole workspace: a question naming a document is answered from it (below), and boosting
  // clauses across files when a document is named moved first citations to other contracts.
  const listClause = named.length === 0 && isListQuestion(question) ? readQuestionClause(question)?.category : undefined;
  const best = Math.max(1e-9, ...[...hits.values()].map((h) => h.score));
  const { names } = views;
  request.passages = [...hits.values()]
    .map(
      (hit): RetrievedPassage => ({
        fileId: hit.fileId,
        fileName: names.get(hit.fileId) ?? '',
        page: hit.page,
        text: hit.text,
        clauses: hit.clauses,
        score: hit.score / best + FILE_SIGNAL_WEIGHT * (fileScores.get(hit.fileId) ?? 0) + CLAUSE_WEIGHT * (listClause ? expressedProbability(listClause, hit) : 0),
      }),
    )
    .sort((a, b) => b.score - a.score);
  const ranked = request.passages;
  request.passages = ranked.slice(0, PASSAGES_FOR_ANSWER);
  if (listClause) request.listClause = listClause;

  // A question that names a document and asks for a clause type is answered from that document.
  if (named.length > 0) {
    const target = clauseTarget(request.passages[0]?.fileId, named, fileScores);
    const ignore = new Set((signals.get(target)?.parties ?? []).flatMap((p) => p.words.map(stemWord)));
    const asked = readQuestionClause(question, ignore);
    const category = asked ? clauseClassifier().categories.find((c) => c.name === asked.category) : undefined;
    if (category) {
      const focusOn = async (fileId: number) => {
        const all = (await passages.openings(workspaceId, [fileId], MAX_FILE_PASSAGES)).map((hit) => toRetrieved(hit, names, 0));
        return clauseFocus({ fileId, fileName: names.get(fileId) ?? '' }, category, all, ranked.filter((p) => p.fileId === fileId));
      };
      // Files the question names exactly as strongly as the target (an agreement and its amendments):
      // "no such clause" is said only when none of them has it. Not every named file: moving to any
      // of them that had the clause took the focus off the contract asked about in a room of 399
      // contracts (561 of 1,551 questions on absent clauses). Named alike also means named by one
      // party (namedBySameParty): two different contracts of one type can score the same through
      // different words, and the clause of one then answered for the other (eval:workspace, absent
      // clauses declined: tune half 53.5% to 56.4%, report half 52.5% to 53.8%; answerable unchanged).
      const targetScore = fileScores.get(target) ?? 0;
      const targetSignals = signals.get(target);
      const alike = named.filter((id) => {
        if (id === target || Math.abs((fileScores.get(id) ?? 0) - targetScore) >= SAME_NAME_TOLERANCE) return false;
        const other = signals.get(id);
        return targetSignals !== undefined && other !== undefined && namedBySameParty(analysis, targetSignals, other);
      });
      const focus = await focusWithClause([target, ...alike], focusOn);
      // The ranked passages stay as they were: moving the clause's passages to the front changed
      // which file the answer cited first (first citation fell from 0.96 to 0.85 on the report half).
      request.focus = focus;
    }
  }
  return request;
}

function toRetrieved(hit: PassageHit, names: Map<number, string>, score: number): RetrievedPassage {
  return { fileId: hit.fileId, fileName: names.get(hit.fileId) ?? '', page: hit.page, text: hit.text, score, clauses: hit.clauses };
}

/** What retrieve needs of a file list beyond the list itself, made once per list (see signalsOf). */
interface ListViews {
  /** File names by id (20,000 entries took milliseconds on every question). */
  names: Map<number, string>;
  /** The room's files as the answer engines see them (id, name, title). */
  answerFiles: AnswerRequest['files'];
}
const viewsByList = new WeakMap<object, ListViews>();

function listViews(files: Array<{ id: number; file_name: string }>, signals: Map<number, FileSignals>): ListViews {
  let views = viewsByList.get(files);
  if (!views) {
    views = {
      names: new Map(files.map((f) => [f.id, f.file_name])),
      answerFiles: files.map((f) => ({ fileId: f.id, fileName: f.file_name, title: signals.get(f.id)?.title ?? f.file_name })),
    };
    viewsByList.set(files, views);
  }
  return views;
}

/**
 * The file a question that names a document and asks for a clause is answered from: the file
 * retrieval ranks first, when the question names it at all (it weighs the name and the text
 * together); else the file named most strongly. Taking the most strongly named file over a
 * first-ranked one the question also names ("the Joint Filing Agreement between ..." naming The
 * Joint Corp.'s franchise agreement by a word of its party) focused on the wrong contract: of the
 * tune half's questions in eval:workspace (399 contracts) whose focus was not on the first-ranked
 * file, the first-ranked file was the one asked about 397 times, the focused one 24.
 */
export function clauseTarget(firstRanked: number | undefined, named: number[], fileScores: Map<number, number>): number {
  if (firstRanked !== undefined && (fileScores.get(firstRanked) ?? 0) > 0) return firstRanked;
  const best = named[0];
  if (best === undefined) throw new Error('clauseTarget needs a named file');
  return best;
}

/** The files the question names: those scoring near the best, when the best is strong. */
function namedFiles(scores: Map<number, number>): number[] {
  const best = Math.max(0, ...scores.values());
  if (best < NAMED_FILE_THRESHOLD) return [];
  return [...scores.entries()].filter(([, s]) => s >= best - 0.05).sort((a, b) => b[1] - a[1]).slice(0, 5).map(([id]) => id);
}
