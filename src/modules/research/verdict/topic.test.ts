import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { asideStems, buildIdf, contentStems, overlap } from './topic.js';

describe('contentStems', () => {
  test('drops stopwords and number words, keeps negations and modals, folds synonyms', () => {
    const stems = contentStems('The landlord shall not evict the tenant for thirty days');
    assert.ok(stems.includes('not') && stems.includes('shall'));
    assert.ok(!stems.includes('the') && !stems.includes('thirti'));
    assert.deepEqual(contentStems('housing provider'), contentStems('landlord'));
    assert.deepEqual(contentStems('Class 4 felonies'), ['class_4', 'feloni']);
  });
  test('every inflection of a word in a synonym group folds with it (D.C. Code § 42-511: "upon the full expiration")', () => {
    assert.deepEqual(contentStems('when the preceding estate expires'), contentStems('when the preceding estate expiration'));
    assert.deepEqual(contentStems('the lease expired'), contentStems('the lease terminated'));
    assert.deepEqual(contentStems('tenants'), contentStems('lessees'));
  });
  test('indefinite pronouns name no one and nothing: no topic; "nothing" and "nobody" stay as negations', () => {
    assert.deepEqual(contentStems('Someone who receives merchandise owes the sender anything'), contentStems('who receives merchandise owes the sender'));
    assert.ok(contentStems('nothing in this chapter').includes('noth'));
  });
  test('asideStems: words only inside parentheses', () => {
    assert.deepEqual([...asideStems('may share it with advisers (including consultants)')], ['includ', 'consult']);
  });
  test('asideStems: words only in an opening phrase that names the body of law ("Under Virginia\'s fire bomb statute,")', () => {
    assert.deepEqual([...asideStems("Under Virginia's fire bomb statute, fireworks count as explosive devices.")], ['fire', 'bomb', 'statut']);
    // A word the claim itself says again is the claim's; an opening that names no body of law is the claim's too.
    assert.deepEqual([...asideStems("Under D.C.'s bank article, a bank may charge a fee.")], ['articl']);
    assert.deepEqual([...asideStems('In a civil case, the court may award costs.')], []);
  });
});

describe('overlap', () => {
  const docs = [contentStems('libel slander actions one year'), contentStems('recovery of lands fifteen years'), contentStems('simple contract three years')];
  const idf = buildIdf(docs);
  test('full coverage scores 1, none scores 0; modals weigh nothing', () => {
    assert.equal(overlap(contentStems('libel actions must'), new Set(docs[0]), new Set(), idf).score, 1);
    assert.equal(overlap(contentStems('skiing risks'), new Set(docs[0]), new Set(), idf).score, 0);
  });
  test('context words count partly', () => {
    const o = overlap(contentStems('libel actions'), new Set(contentStems('libel')), new Set(contentStems('actions')), idf);
    assert.ok(o.score > 0.5 && o.score < 1);
  });
});
