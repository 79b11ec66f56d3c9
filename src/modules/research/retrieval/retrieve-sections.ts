import type { Clock } from '../../../shared/clock.js';
import { analyzeQuestion, toFtsQuery, type QueryAnalysis } from '../../../text/query-analysis.js';
import { singleWordStems, withoutUbiquitousTerms, type TermFrequencies } from '../../../text/ubiquitous-terms.js';
import { findCitations } from '../../statutes/citations/citations.js';
import type { StatuteSearchIndex } from '../../statutes/storage/search-index.js';
import type { SectionVersion, StatutesRepository, StatuteVersion } from '../../statutes/storage/statutes.repository.js';
import { rememberSentenceMemo } from '../../../text/sentence-memo.js';
import { getSectionOn } from '../../statutes/statutes.usecases.js';
import type { CandidateSection } from '../ask/ask.types.js';
import type { ModelAsk, ModelCheck } from '../model/index.js';

export interface ResearchDeps {
  statutes: StatutesRepository;
  search: StatuteSearchIndex;
  clock: Clock;
  /** A configured model's guarded rewrite of answers and verdicts (src/modules/research/model). */
  model?: { ask: ModelAsk; check: ModelCheck };
}

/** How many in-force versions the full-text search hands to composition and verdicts: 8 kept recall@5 on the dev questions and cost a third less than 12. */
export const CANDIDATES = 8;
/** A term in more than this share of all section versions is left out of the full-text query ("shall", "person"); at 0.1 and below, check lost two dev assertions. */
export const UBIQUITOUS_TERM_SHARE = 0.2;
/** A date after every version's start: the latest text of every section. */
const LATEST = '9999-12-31';

export interface Retrieved {
  analysis: QueryAnalysis;
  candidates: CandidateSection[];
}

/**
 * Sections in force on `asOf` in one jurisdiction that speak to a question, best first: a section
 * the question cites comes first, then BM25 over text, heading and the headings above it, with
 * the legal query analysis of src/text (stems, defined terms, numbers, thesaurus expansions).
 */
export async function retrieveSections(deps: ResearchDeps, jurisdiction: string, question: string, asOf: string): Promise<Retrieved> {
  // WordNet synonyms, not the hand-made list: that list grew on the dev questions (issue 10).
  const analyzed = analyzeQuestion(question, { expansions: 'wordnet', scope: 'statutes' });
  const counts = await deps.search.termFrequencies(singleWordStems(analyzed));
  const analysis: QueryAnalysis = { ...analyzed, specificity: specificityOf(counts) };
  const candidates: CandidateSection[] = [];
  const seen = new Set<string>();

  for (const cited of findCitations(question)) {
    if (cited.jurisdiction !== jurisdiction || seen.has(cited.canonical)) continue;
    try {
      const found = await getSectionOn(deps, { citation: cited.canonical, asOf });
      seen.add(found.section.citation);
      candidates.push({
        citation: found.section.citation,
        sectionNumber: found.section.sectionNumber,
        heading: found.version.heading,
        text: textOf(found.version),
        effectiveFrom: found.version.effectiveFrom,
        status: found.status,
        score: 1_000,
        citedInQuestion: true,
      });
    } catch {
      // A cited section the corpus does not hold is simply not evidence.
    }
  }

  const inForce = await searchWithFallback(deps, jurisdiction, analysis, counts, asOf);
  if (inForce.length === 0 && candidates.length === 0) {
    // Nothing is in force on asOf (a date before the corpus): examine the latest versions and
    // cite them as they stood on asOf (not yet effective), since every answer carries a citation.
    for (const hit of await searchWithFallback(deps, jurisdiction, analysis, counts, LATEST)) {
      const found = await getSectionOn(deps, { citation: hit.citation, asOf }).catch(() => undefined);
      if (!found || candidates.length >= 3) continue;
      candidates.push({ citation: found.section.citation, sectionNumber: found.section.sectionNumber, heading: found.version.heading, text: textOf(found.version), effectiveFrom: found.version.effectiveFrom, status: found.status, score: hit.score });
    }
    return { analysis, candidates };
  }
  const hits = inForce;
  const versions = new Map((await deps.statutes.versionsByIds(hits.map((h) => h.versionId))).map((v) => [v.id, v]));
  const best = Math.max(1e-9, ...hits.map((h) => h.score));
  for (const hit of hits) {
    const version = versions.get(hit.versionId);
    if (!version || seen.has(version.section.citation)) continue;
    seen.add(version.section.citation);
    candidates.push(toCandidate(version, hit.score / best));
    if (candidates.length >= CANDIDATES) break;
  }
  return { analysis, candidates };
}

/**
 * The analysed query first; when it matches nothing, every word of the question, so there is always
 * something examined. The first CANDIDATES hits hold every section read: the search returns distinct
 * sections (one version of a section is in force on a date), and the sections the question cites
 * count among the CANDIDATES. It asked for 40: PostgreSQL's MaxScore then pruned with the 40th score,
 * not the 8th, and read more rows. The answers to the eval's 301 items are the same to the byte.
 */
async function searchWithFallback(deps: ResearchDeps, jurisdiction: string, analysis: QueryAnalysis, counts: TermFrequencies, asOf: string) {
  // Synonyms stay out of the search: FTS5's bm25 cannot weight them below the question's own words,
  // and searched at full weight they drowned the question (recall@5 on dev half B 0.556 with them,
  // 0.778 without); they count in coverage (src/modules/research/ask/coverage.ts) instead.
  const primary = toFtsQuery(withoutUbiquitousTerms(analysis, counts, UBIQUITOUS_TERM_SHARE), { expansions: false });
  if (primary) {
    const hits = await deps.search.search(jurisdiction, primary, asOf, CANDIDATES);
    if (hits.length > 0) return hits;
  }
  const words = [...new Set(analysis.question.toLowerCase().match(/[a-z0-9]{3,}/g) ?? [])];
  const loose = words.length > 0 ? await deps.search.search(jurisdiction, words.map((w) => `"${w}"`).join(' OR '), asOf, CANDIDATES) : [];
  if (loose.length > 0) return loose;
  // Nothing shares a word with the question: still examine (and cite) the nearest text there is,
  // because every answer carries at least one citation. FTS5 keeps "the" as a term.
  return deps.search.search(jurisdiction, '"the"', asOf, 3);
}

/** Inverse document frequency of each stem over the whole index (BM25's form); an unseen word gets the highest. */
export function specificityOf(counts: TermFrequencies): Map<string, number> {
  const out = new Map<string, number>();
  const n = Math.max(1, counts.total);
  for (const [stem, df] of counts.frequencies) out.set(stem, Math.log(1 + (n - df + 0.5) / (df + 0.5)));
  return out;
}

/**
 * A version's text, as a candidate carries it, with its stored sentence splits handed to the
 * splitter: composing the answer and judging an assertion then split it without the model.
 */
function textOf(version: StatuteVersion): string {
  rememberSentenceMemo(version.text, version.sentenceMemo);
  return version.text;
}

function toCandidate(version: SectionVersion, score: number): CandidateSection {
  return {
    citation: version.section.citation,
    sectionNumber: version.section.sectionNumber,
    heading: version.heading,
    text: textOf(version),
    effectiveFrom: version.effectiveFrom,
    status: 'CURRENT',
    score,
  };
}
