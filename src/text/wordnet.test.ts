import { test } from 'node:test';
import assert from 'node:assert/strict';
import { antonyms, baseForms, deniedInGloss, namesAgent, synonyms } from './wordnet.js';
import { lexicalExpansions } from './lexical-expansions.js';
import { likelyMissingTitle } from '../modules/research/scope/missing-title.js';

test('WordNet synonyms come from the most frequent senses of the base form', () => {
  assert.ok(baseForms('fired', 'verb').includes('fire'));
  assert.ok(synonyms('stealing').includes('larceny'));
  assert.ok(synonyms('fired').includes('dismissed'));
  assert.ok(!synonyms('sue').includes('eugene sue'), 'synsets of names are skipped');
  assert.deepEqual(synonyms('qwzxv'), []);
});

test('expansions carry the question words that triggered them, verbatim', () => {
  const q = 'Is stealing a car a felony?';
  const hit = lexicalExpansions(q).find((h) => h.expansions.includes('larceny'));
  assert.equal(hit?.trigger, 'stealing');
  assert.equal(q.slice(hit?.start, hit?.end), 'stealing');
});

test('a question citing or naming an unloaded title points at it', () => {
  const loadedUs = new Set(['1', '9', '17', '35']);
  assert.deepEqual(likelyMissingTitle('How long under 28 U.S.C. § 1446 to remove a case?', 'US', loadedUs), { number: '28', name: 'Judiciary and Judicial Procedure' });
  assert.equal(likelyMissingTitle('What does the Virginia taxation code say about sales?', 'VA', new Set(['18.2']))?.number, '58.1');
  assert.equal(likelyMissingTitle('How long does copyright last?', 'US', loadedUs), null);
});

test('nouns whose frequent senses name people or groups of people (noun.person, noun.group)', () => {
  for (const w of ['executive', 'director', 'department', 'parties', 'secretary', 'owner']) assert.equal(namesAgent(w), true, w);
  for (const w of ['obligations', 'terms', 'agreement', 'provisions', 'xyzzy']) assert.equal(namesAgent(w), false, w);
});

test('WordNet antonyms of verbs and adjectives, from their frequent senses, as base forms', () => {
  assert.deepEqual(antonyms('disapproved'), ['approve']);
  assert.ok(antonyms('valid').includes('invalid'));
  assert.ok(antonyms('include').includes('exclude'));
  assert.deepEqual(antonyms('employer'), [], 'nouns are left to the party rules');
  assert.deepEqual(antonyms('qwzxv'), []);
});

test('what an adjective\'s definition denies: "exempt" is "not subject to", and junk like "not the" gives nothing', () => {
  assert.deepEqual(deniedInGloss('exempt'), ['subject']);
  assert.deepEqual(deniedInGloss('optional'), ['necessary']);
  assert.ok(deniedInGloss('temporary').includes('permanent'));
  // No "not" in the definitions of the two most frequent senses.
  assert.deepEqual(deniedInGloss('void'), []);
  assert.deepEqual(deniedInGloss('notaword'), []);
});
