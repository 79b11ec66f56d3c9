// How deep retrieval asks the search: as many sections as the answer reads, the sections the
// question cites among them. Fakes of the two ports stand in
// for a corpus of 20 sections of Title 42 of the D.C. Code, every one matching, best first.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { CANDIDATES, retrieveSections, type ResearchDeps } from './retrieve-sections.js';
import type { StatuteSearchIndex } from '../../statutes/storage/search-index.js';
import type { SectionVersion, StatutesRepository, StatuteSection } from '../../statutes/storage/statutes.repository.js';

const SECTIONS: StatuteSection[] = Array.from({ length: 20 }, (_, i) => ({
  id: i + 1,
  jurisdiction: 'DC',
  codeName: 'D.C. Code',
  citation: `D.C. Code § 42-35${String(i + 1).padStart(2, '0')}.01`,
  sectionNumber: `42-35${String(i + 1).padStart(2, '0')}.01`,
  titleNumber: '42',
}));

const versionOf = (section: StatuteSection): SectionVersion => ({
  id: section.id,
  sectionId: section.id,
  effectiveFrom: '2020-01-01',
  effectiveTo: null,
  repealed: false,
  absent: false,
  heading: 'Notice to vacate.',
  text: 'A housing provider shall serve a written notice to vacate on the tenant at least 90 days before the date the tenant must vacate.',
  history: '',
  crossReferences: [],
  hierarchy: [],
  sentenceMemo: '',
  section,
});

function fakeDeps(): { deps: ResearchDeps; limits: number[] } {
  const limits: number[] = [];
  const search: Pick<StatuteSearchIndex, 'search' | 'termFrequencies'> = {
    async search(_jurisdiction, _query, _asOf, limit) {
      limits.push(limit);
      return SECTIONS.slice(0, limit).map((s, i) => ({ versionId: s.id, citation: s.citation, score: 20 - i }));
    },
    async termFrequencies(terms) {
      return { total: SECTIONS.length, frequencies: new Map(terms.map((t) => [t, 1])) };
    },
  };
  const statutes: Pick<StatutesRepository, 'versionsByIds' | 'findSection' | 'isSupported' | 'versionOnOrBefore' | 'firstVersion'> = {
    async versionsByIds(ids) {
      return SECTIONS.filter((s) => ids.includes(s.id)).map(versionOf);
    },
    async findSection(_jurisdiction, citation) {
      return SECTIONS.find((s) => s.citation === citation);
    },
    async isSupported(jurisdiction) {
      return jurisdiction === 'DC';
    },
    async versionOnOrBefore(sectionId) {
      return versionOf(SECTIONS[sectionId - 1]!);
    },
    async firstVersion(sectionId) {
      return versionOf(SECTIONS[sectionId - 1]!);
    },
  };
  return { deps: { search: search as StatuteSearchIndex, statutes: statutes as StatutesRepository, clock: { now: () => new Date('2024-06-01T00:00:00Z') } }, limits };
}

describe('retrieveSections: search depth', () => {
  test('a question that cites nothing reads the first CANDIDATES sections, and asks for no more', async () => {
    const { deps, limits } = fakeDeps();
    const { candidates } = await retrieveSections(deps, 'DC', 'How much notice must a housing provider give a tenant to vacate?', '2024-06-01');
    assert.deepEqual(limits, [CANDIDATES]);
    assert.deepEqual(candidates.map((c) => c.citation), SECTIONS.slice(0, CANDIDATES).map((s) => s.citation));
  });

  test('a cited section comes first and the search fills the rest, each section once', async () => {
    const { deps, limits } = fakeDeps();
    const cited = SECTIONS[2]!;
    const { candidates } = await retrieveSections(deps, 'DC', `What notice does ${cited.citation} require before a tenant must vacate?`, '2024-06-01');
    assert.deepEqual(limits, [CANDIDATES]);
    assert.equal(candidates[0]?.citedInQuestion, true);
    const others = SECTIONS.slice(0, CANDIDATES).filter((s) => s !== cited);
    assert.deepEqual(candidates.map((c) => c.citation), [cited.citation, ...others.map((s) => s.citation)]);
  });
});
