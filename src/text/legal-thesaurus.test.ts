import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { lookupThesaurus, thesaurusEntries } from './legal-thesaurus.js';

/** Every expansion the question triggers, flattened. */
const expand = (q: string): string[] => lookupThesaurus(q).flatMap((h) => h.expansions);

describe('legal thesaurus', () => {
  test('has 150-350 curated entries, each with triggers and expansions', () => {
    const entries = thesaurusEntries();
    assert.ok(entries.length >= 150 && entries.length <= 350, `${entries.length} entries`);
    for (const e of entries) {
      assert.ok(e.triggers.length > 0, e.topic);
      assert.ok(e.expansions.length > 0, e.topic);
    }
  });

  test('covers the topics a legal research tool is asked about', () => {
    const topics = new Set(thesaurusEntries().map((e) => e.topic));
    for (const t of ['employment', 'housing', 'family', 'probate', 'crime', 'procedure', 'consumer', 'tax', 'government', 'contract']) {
      assert.ok(topics.has(t), t);
    }
  });

  test('matches by stem, so inflections fire the same entry', () => {
    for (const q of ['Can my boss fire me?', 'I was fired yesterday', 'after firing an employee']) {
      assert.ok(expand(q).includes('discharge'), q);
    }
    assert.ok(expand('She was defamed online').includes('libel'));
    assert.ok(expand('the renters of the apartment').includes('tenant'));
    assert.ok(expand('a lawsuit against the landlord').includes('civil action'));
    assert.ok(expand('a lawsuit against the landlord').includes('housing provider'));
  });

  test('multi-word triggers match consecutive words only', () => {
    assert.ok(expand('How long do I have?').includes('limitation'));
    assert.ok(!expand('How is a long lease ended?').includes('limitation'));
    assert.ok(expand('Is there a change of control provision?').includes('merger'));
    assert.ok(expand('Is there a cap on liability?').includes('aggregate'));
  });

  test('context words disambiguate: "fire" near "set" or "house" is arson, not dismissal', () => {
    const arson = expand('What is the penalty for setting fire to a house?');
    assert.ok(arson.includes('arson'));
    assert.ok(!arson.includes('discharge'));
    assert.ok(!expand('Will the contract renew?').includes('testator'), '"will" alone is a modal');
    assert.ok(expand('How many witnesses does a will need?').includes('testator'));
    assert.ok(expand('Can I park my car on the street overnight?').includes('parking'));
  });

  test('hits carry the verbatim trigger and its offsets', () => {
    const q = 'Can the Landlord raise rent?';
    const hit = lookupThesaurus(q).find((h) => h.expansions.includes('housing provider'));
    assert.equal(hit?.trigger, 'Landlord');
    assert.equal(q.slice(hit?.start, hit?.end), 'Landlord');
  });

  test('each entry fires at most once per question', () => {
    const hits = lookupThesaurus('tenant tenant tenants tenant');
    assert.equal(hits.length, 1);
  });

  test('a question with no legal vocabulary triggers nothing', () => {
    assert.deepEqual(lookupThesaurus('the quick brown fox jumps'), []);
  });
});
