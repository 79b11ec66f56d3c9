import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { scoreSentence } from './overlap.js';
import { analyzeQuestion } from './query-analysis.js';

// Sentences from CUAD contracts (documents/cuad/txt), lightly trimmed.
const GOVERNING =
  'This Agreement shall be governed by, and construed in accordance with, the laws of the Federal Republic of Germany excluding the United Nations Convention on Contracts of International Sale of Goods (CISG) and the provisions of German private international law.';
const CONFIDENTIALITY =
  "The parties' rights and obligations with respect to such Confidential Information shall be governed by the Confidentiality Agreement.";
const LIABILITY =
  'The liability of any party with respect to death or injury to any person is subject to and governed by the provisions of applicable law.';
const SUBCONTRACT =
  'MD Anderson shall ensure that any subcontracting is governed by a binding agreement which imposes on the subcontractor obligations and responsibilities substantially equivalent to those set out in this Agreement.';
const TERMINATION =
  "A party may terminate this Agreement effective upon delivery of written notice to the other party if any assignment for the benefit of the other party's creditors is made.";
const CURE =
  'If the breach is not cured within 30 days after written notice from the other party specifying the nature of such breach, then the other party shall have the right to terminate this Agreement.';
const ALL = [GOVERNING, CONFIDENTIALITY, LIABILITY, SUBCONTRACT, TERMINATION, CURE];

function best(question: string, sentences: string[] = ALL): string | undefined {
  const a = analyzeQuestion(question);
  return [...sentences].sort((x, y) => scoreSentence(y, a) - scoreSentence(x, a))[0];
}

describe('scoreSentence', () => {
  test('the governing law clause beats other "governed by" sentences', () => {
    for (const q of ['What law governs this Agreement?', "Which state's laws apply to the contract?", 'governing law']) {
      assert.equal(best(q), GOVERNING, q);
    }
  });

  test('a termination question picks a termination sentence', () => {
    assert.ok([TERMINATION, CURE].includes(best('Can either party terminate the Agreement?') ?? ''));
  });

  test('numbers are matched by value, words or digits', () => {
    const a = analyzeQuestion('Is there a thirty day cure period?');
    assert.ok(scoreSentence(CURE, a) > scoreSentence(TERMINATION, a));
    const b = analyzeQuestion('within 30 days');
    assert.ok(scoreSentence('The notice must be given within thirty (30) days.', b) > scoreSentence('The notice must be given within 60 days.', b));
  });

  test('money and section numbers must match exactly', () => {
    const a = analyzeQuestion('Is the $600 threshold in § 42-3505.01?');
    const hit = scoreSentence('No notice may issue if the rent owed is less than $600, as § 42-3505.01 provides.', a);
    const miss = scoreSentence('No notice may issue if the rent owed is less than $500, as § 42-3505.02 provides.', a);
    assert.ok(hit > miss + 5, `${hit} vs ${miss}`);
  });

  test('a phrase found word for word scores more than its words scattered', () => {
    const a = analyzeQuestion('Is there a "change of control" clause?');
    const phrase = scoreSentence('Upon a Change of Control of Licensee, Licensor may terminate.', a);
    const scattered = scoreSentence('Any change in the control of the board requires consent.', a);
    assert.ok(phrase > scattered, `${phrase} vs ${scattered}`);
  });

  test('a defined term written with its capitals gets a boost', () => {
    const a = analyzeQuestion('When does the Effective Date occur?');
    assert.ok(scoreSentence('The Effective Date is March 1.', a) > scoreSentence('The effective date is March 1.', a));
  });

  test('dates match in any written form', () => {
    const a = analyzeQuestion('Did the term start on 3/1/2010?');
    assert.ok(scoreSentence('The Term commences on March 1, 2010.', a) > scoreSentence('The Term commences on April 1, 2011.', a));
  });

  test('idf scales the contribution of each stem', () => {
    const a = analyzeQuestion('Who may terminate the Agreement?');
    const flat = scoreSentence(TERMINATION, a);
    const weighted = scoreSentence(TERMINATION, a, (stem) => (stem === 'termin' ? 5 : 1));
    assert.ok(weighted > flat);
  });

  test('no overlap scores 0; empty input scores 0', () => {
    const a = analyzeQuestion('What is the royalty rate?');
    assert.equal(scoreSentence('The weather was fine.', a), 0);
    assert.equal(scoreSentence('', a), 0);
    assert.equal(scoreSentence('Anything at all.', analyzeQuestion('')), 0);
  });

  test('a long sentence is scored down gently against a short one with the same matches', () => {
    const a = analyzeQuestion('royalty rate');
    const short = scoreSentence('The royalty rate is five percent.', a);
    const long = scoreSentence(`The royalty rate is five percent ${'and other unrelated words follow here '.repeat(20)}.`, a);
    assert.ok(long < short && long > short / 3);
  });
});
