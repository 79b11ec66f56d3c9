import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { candidates } from '../ask/__fixtures__/sections.js';
import { buildAskMessages, buildCheckMessages, shownSections } from './model-prompts.js';

const SIX = candidates(['12-301', '16-902', '18-103', '32-1303', '32-1301', '42-3505.54']);
const numbers = (cs: { sectionNumber: string }[]): string[] => cs.map((c) => c.sectionNumber);

describe('shownSections', () => {
  test('the first five, in retrieval order', () => {
    assert.deepEqual(numbers(shownSections(SIX)), ['12-301', '16-902', '18-103', '32-1303', '32-1301']);
  });
  test('a section the built-in cited is shown even past the fifth, in its place, displacing the last', () => {
    assert.deepEqual(numbers(shownSections(SIX, undefined, ['D.C. Code § 42-3505.54'])), ['12-301', '16-902', '18-103', '32-1303', '42-3505.54']);
  });
  test('a cited section already among the first five changes nothing; an unknown one is ignored', () => {
    assert.deepEqual(numbers(shownSections(SIX, undefined, ['D.C. Code § 16-902', 'D.C. Code § 1-101'])), ['12-301', '16-902', '18-103', '32-1303', '32-1301']);
  });
  test('the limit holds even when more were cited than fit', () => {
    assert.deepEqual(numbers(shownSections(SIX, { maxSections: 2, maxSectionChars: 100 }, ['D.C. Code § 42-3505.54', 'D.C. Code § 32-1301', 'D.C. Code § 32-1303'])), ['32-1303', '32-1301']);
  });
});

describe('messages', () => {
  test('ask: rules, then sections, jurisdiction and question', () => {
    const [system, user] = buildAskMessages('  How many witnesses?  ', 'District of Columbia', SIX.slice(0, 2));
    assert.equal(system?.role, 'system');
    assert.match(system?.content ?? '', /ONLY the statute sections/);
    assert.match(user?.content ?? '', /^Jurisdiction: District of Columbia\n\nSections:\n\n\[Section 1\] citation: D\.C\. Code § 12-301\nheading: Limitation of time for bringing actions\.\n/);
    assert.match(user?.content ?? '', /\n\nQuestion: How many witnesses\?$/);
  });
  test('check: the assertion last, the verdict words in the rules', () => {
    const [system, user] = buildCheckMessages('A will needs two witnesses.', SIX.slice(0, 1));
    assert.match(system?.content ?? '', /SUPPORTED\|CONTRADICTED\|NO_MATCH/);
    assert.match(user?.content ?? '', /\n\nAssertion: A will needs two witnesses\.$/);
  });
  test('a long text is cut at maxSectionChars and marked', () => {
    const [, user] = buildAskMessages('q', 'DC', SIX.slice(3, 4), { maxSections: 5, maxSectionChars: 200 });
    const text = SIX[3]?.text ?? '';
    assert.ok(user?.content.includes(`${text.slice(0, 200)}\n[… text cut here …]`));
    assert.ok(!user?.content.includes(text.slice(200, 260)));
  });
});
