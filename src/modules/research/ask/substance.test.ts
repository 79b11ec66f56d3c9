// Abstention and confidence from the question's substance, on real section text (fixtures cut
// from the shared D.C. and Virginia corpora). Specificity is given as the corpus would give it:
// a word the statutes never use ("Mars") is the most specific of all.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeQuestion, type QueryAnalysis } from '../../../text/query-analysis.js';
import { composeAnswer } from './compose-answer.js';
import { candidates } from './__fixtures__/sections.js';
import { noSubstanceDecision, substantialSections } from './substance.js';

/** An analysis as retrieval makes it: WordNet expansions and corpus specificity of each stem. */
function analysed(question: string, specificity: Record<string, number>): QueryAnalysis {
  return { ...analyzeQuestion(question, { expansions: 'wordnet' }), specificity: new Map(Object.entries(specificity)) };
}

describe('abstention: a provision that lacks the question\'s substance does not answer it', () => {
  test('"fishing without a license on Mars": LOW, says no loaded provision answers, still cites', () => {
    const q = 'What is the penalty for fishing without a license on Mars?';
    const r = composeAnswer(q, analysed(q, { penalti: 2.5, fish: 6, licens: 3, mar: 12 }), candidates(['18.2-11', '18.2-10']), 'Virginia');
    assert.equal(r.confidence, 'LOW');
    assert.match(r.answer, /^No provision in the loaded Virginia statutes answers this question/);
    assert.ok(r.citations.length >= 1);
  });

  test('a missing title the question points at is named in the LOW answer', () => {
    const q = 'What is the penalty for fishing without a license on Mars?';
    const r = composeAnswer(q, analysed(q, { penalti: 2.5, fish: 6, licens: 3, mar: 12 }), candidates(['18.2-11']), 'Virginia', {
      missingTitle: 'title 29.1 (Game, Inland Fisheries and Boating)',
    });
    assert.match(r.answer, /points at title 29\.1 \(Game, Inland Fisheries and Boating\), which is not loaded\./);
  });

  test('a question the provision does hold keeps its confidence: the Class 3 misdemeanor fine', () => {
    const q = 'What is the maximum fine for a Class 3 misdemeanor?';
    const r = composeAnswer(q, analysed(q, { maximum: 2, fine: 3, class: 2, '3': 1.5, misdemeanor: 4 }), candidates(['18.2-11', '18.2-10']), 'Virginia');
    assert.notEqual(r.confidence, 'LOW');
    assert.equal(r.citations[0]?.code, 'Va. Code Ann. § 18.2-11');
  });

  test('HIGH needs a quote that states the kind of fact asked for: an age question against a fine section is LOW', () => {
    const q = 'How old must someone be to be fined for a Class 3 misdemeanor?';
    const r = composeAnswer(q, analysed(q, { old: 3, fine: 3, class: 2, '3': 1.5, misdemeanor: 4 }), candidates(['18.2-11']), 'Virginia');
    assert.equal(r.confidence, 'LOW');
  });
});

describe('check: only sections holding the assertion\'s substance are judged', () => {
  test('"The moon is made of cheese." keeps no section, and the NO_MATCH names the word it lacks', () => {
    const a = 'The moon is made of cheese.';
    const analysis = analysed(a, { moon: 12, made: 1, chees: 6 });
    const given = candidates(['18.2-11', '12-301']);
    assert.deepEqual(substantialSections(analysis, given), []);
    const d = noSubstanceDecision(analysis, given, 'District of Columbia');
    assert.equal(d.verdict, 'NO_MATCH');
    assert.match(d.explanation, /^No provision in the loaded District of Columbia statutes speaks to what the assertion claims; the nearest, .*, does not mention "moon"/);
    assert.doesNotMatch(d.explanation, /""|mention \./);
  });

  test('an assertion on the section\'s own subject keeps it', () => {
    const a = 'A Class 3 misdemeanor is punishable by a fine of not more than $500.';
    const analysis = analysed(a, { class: 2, '3': 1.5, misdemeanor: 4, punish: 2, fine: 3, '500': 3 });
    assert.deepEqual(substantialSections(analysis, candidates(['18.2-11', '12-301'])).map((c) => c.sectionNumber), ['18.2-11']);
  });
});

describe('a section that lacks only the actor the assertion names is still judged', () => {
  // Va. Code Ann. § 62.1-44.13, whole.
  const section = {
    citation: 'Va. Code Ann. § 62.1-44.13',
    sectionNumber: '62.1-44.13',
    heading: 'Inspections and investigations',
    text: 'The Board shall make such inspections, conduct such investigations and do such other things as are necessary to carry out the provisions of this chapter, within the limits of appropriation, funds, or personnel which are, or become, available from any source for this purpose.',
    effectiveFrom: '2024-10-08',
    status: 'CURRENT' as const,
    score: 10,
  };
  const a = 'In Virginia, the Governor must make the inspections and investigations necessary to carry out the State Water Control Law.';
  test('"the Governor must make the inspections": the Board\'s section may contradict it', () => {
    const analysis = analysed(a, { governor: 6, inspect: 3, investig: 3, necessari: 1, carri: 1, make: 0.5, state: 1, water: 2, control: 2, law: 1 });
    assert.deepEqual(substantialSections(analysis, [section]).map((c) => c.sectionNumber), ['62.1-44.13']);
  });
  test('lacking a most specific word that names no one, it is not', () => {
    const analysis = analysed(a, { governor: 1, inspect: 3, investig: 3, necessari: 1, carri: 1, make: 0.5, state: 1, water: 7, control: 2, law: 1 });
    assert.deepEqual(substantialSections(analysis, [section]), []);
  });
});
