import type { Store } from '../../../db/store.js';
import { analyzeQuestion } from '../../../text/query-analysis.js';
import { singleWordStems } from '../../../text/ubiquitous-terms.js';
import { parseResponseStructure } from '../response-structure.js';
import type { CellEngine } from './cell-engine.js';
import { candidateSentences, withHeadings } from './candidate-sentences.js';
import type { CandidateSentence, CellAnswer, Citation } from './cell-answer.types.js';
import type { CellEvidence, EvidencePassage } from './cell-evidence.js';
import { clauseClassifier, readQuestionClause as readClause } from '../../../text/clauses/clause-classifier.js';
import { TAG_THRESHOLD } from '../../../text/clauses/clause-model.js';
import type { CellKey } from './cells.repository.js';
import { findDefinedDate, type AnchorDate } from './values/term-dates.js';

export interface CellDeps {
  store: Store;
  evidence: CellEvidence;
  engine: CellEngine;
}

/** A cell whose row, column or structure is gone or unusable: it fails alone, with this reason. */
export class CellInputError extends Error {
  override name = 'CellInputError';
}

/** Answers one cell: its column's question over its row's files. */
export async function computeCell(deps: CellDeps, key: CellKey): Promise<CellAnswer> {
  const row = await deps.store.projects.rowOfWorkspace(key.workspaceId, key.rowId);
  const column = await deps.store.projects.columnOfWorkspace(key.workspaceId, key.columnId);
  if (!row || !column) throw new CellInputError('the row or column no longer exists');
  const structure = parseResponseStructure(column.response_structure);
  if (!structure) throw new CellInputError(`unknown response structure: ${column.response_structure ?? ''}`);
  const question = (column.query ?? column.column_title ?? '').trim();
  if (!question) throw new CellInputError('the column has no query');
  const fileIds = JSON.parse(row.uploaded_file_ids) as number[];

  const analysis = analyzeQuestion(question);
  const evidence = deps.evidence.forCell();
  const passages = await evidence.retrieve(key.workspaceId, fileIds, question);
  const rarity = await evidence.rarity(key.workspaceId, singleWordStems(analysis));
  const candidates = candidateSentences(passages, analysis, rarity);
  const anchors = structure.kind === 'date' ? await anchorLookup(deps, key.workspaceId, fileIds) : () => null;
  const category = askedClause(column.column_title ?? '', question);
  // Only the likeliest passages are read sentence by sentence: no answer uses more than the first two.
  const tagged = category ? (await evidence.clausePassages(key.workspaceId, fileIds, category, TAG_THRESHOLD)).slice(0, CLAUSE_SENTENCES_FIRST) : [];
  const clause = category ? { category, sentences: clauseSentences(tagged, category) } : undefined;
  if (structure.kind === 'yes_no') return deps.engine.answer({ question, analysis, structure, candidates, anchorOf: anchors, ...(clause ? { clause } : {}) });
  // A value is read first from the sentences that express the clause asked for, then from those that share the question's words.
  const clauseFirst = [...(clause?.sentences.slice(0, CLAUSE_SENTENCES_FIRST).map((s) => ({ ...s, relevance: Math.max(s.relevance, 1) })) ?? []), ...candidates.filter((c) => !clause?.sentences.some((s) => s.start === c.start && s.fileId === c.fileId))];
  return deps.engine.answer({ question, analysis, structure, candidates: clauseFirst, anchorOf: anchors, ...(clause ? { clause } : {}) });
}

/** Clause sentences read before the question-matched ones for a typed value. */
const CLAUSE_SENTENCES_FIRST = 2;

/**
 * The CUAD clause type a column asks about, read from its title and its query alike (a column
 * titled "Exclusivity" may ask "does it grant exclusive rights?"): the clearer reading wins.
 */
export function askedClause(title: string, query: string): string | null {
  const readings = [readClause(title), readClause(query)].filter((r) => r !== null);
  readings.sort((a, b) => b.strength - a.strength);
  return readings[0]?.category ?? null;
}

/** In each tagged passage, the sentence (with its heading) the classifier finds likeliest to be the clause. */
function clauseSentences(passages: Array<EvidencePassage & { p: number }>, category: string): CandidateSentence[] {
  const classifier = clauseClassifier();
  return passages.flatMap((passage) => {
    let best: CandidateSentence | null = null;
    let bestP = -1;
    for (const s of withHeadings(passage.text)) {
      const p = classifier.scores(s.text).find((c) => c.category === category)?.p ?? 0;
      if (p > bestP) {
        bestP = p;
        best = { fileId: passage.fileId, page: passage.page, start: passage.start + s.start, end: passage.start + s.end, text: s.text, relevance: passage.p };
      }
    }
    return best ? [best] : [];
  });
}

/** Finds a defined date ("Effective Date", the agreement's own date) in the row's files, cited where stated. */
async function anchorLookup(deps: CellDeps, workspaceId: number, fileIds: number[]): Promise<(key: string) => AnchorDate<Citation> | null> {
  const files = await Promise.all(fileIds.map(async (fileId) => ({ fileId, pages: await deps.evidence.pages(workspaceId, fileId) })));
  const cache = new Map<string, AnchorDate<Citation> | null>();
  return (key) => {
    if (cache.has(key)) return cache.get(key) ?? null;
    let found: AnchorDate<Citation> | null = null;
    for (const { fileId, pages } of files) {
      for (const page of pages) {
        const d = findDefinedDate(page.text, key);
        if (d) {
          found = { iso: d.iso, ref: { file_id: fileId, page: page.page, quote: page.text.slice(d.start, d.end), start: d.start, end: d.end } };
          break;
        }
        // The preamble is on the first page; later pages are searched only for definitions.
        if (key === 'date hereof') break;
      }
      if (found) break;
    }
    cache.set(key, found);
    return found;
  };
}
