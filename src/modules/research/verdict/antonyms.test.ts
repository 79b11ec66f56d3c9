import assert from 'node:assert/strict';
import { test } from 'node:test';
import { opposedWord } from './antonyms.js';

// D.C. Code § 2-1402.82(c)(1) and § 47-1801.04 (real sentences).
const breaks = 'An employer shall provide reasonable daily unpaid break periods, as required by the employee, so that the employee may express breast milk for her child to maintain milk supply and comfort.';
const resident = 'The term "nonresident" means an individual who is not domiciled in the District.';

test('an opposite written into the word is found either way round', () => {
  assert.deepEqual(opposedWord('D.C. employers must give employees paid daily breaks to express breast milk.', breaks), { assertion: 'paid', provision: 'unpaid' });
  assert.deepEqual(opposedWord('The breaks may be unpaid.', 'The employer shall provide paid break periods.'), { assertion: 'unpaid', provision: 'paid' });
  assert.deepEqual(opposedWord('A resident individual is taxed on all income.', resident), { assertion: 'resident', provision: 'nonresident' });
});

test('the same form in both, or words that only look prefixed, decide nothing', () => {
  assert.equal(opposedWord('Employers must give unpaid breaks to express breast milk.', breaks), null);
  assert.equal(opposedWord('An employer must provide break periods unless it would cause undue hardship.', breaks), null);
  assert.equal(opposedWord('The unit owners association may levy dues.', 'Each owner of a unit shall pay assessments.'), null);
  assert.equal(opposedWord('The employee may express milk.', 'The employer need not provide a room until the employee asks.'), null);
  assert.equal(opposedWord('Paid and unpaid breaks run concurrently.', 'If any break period, paid or unpaid, is already provided, it runs concurrently.'), null);
});

// D.C. Code § 26-1209 (real sentence): it uses "approve" and "disapprove" both, and ends "deemed approved".
const rules = 'If the Council does not approve or disapprove the proposed rules, in whole or in part, by resolution within this 45-day review period, the proposed rules shall be deemed approved.';

test('an opposite WordNet records is found in the form the sentence writes it', () => {
  assert.deepEqual(
    opposedWord('If the Council does not approve or disapprove the proposed rules within the 45-day review period, the proposed rules are deemed disapproved.', rules),
    { assertion: 'disapproved', provision: 'approved' },
  );
  assert.deepEqual(opposedWord('The lease is invalid.', 'The lease shall be valid for one year.'), { assertion: 'invalid', provision: 'valid' });
});

test('a sentence that uses the assertion\'s own form, or only a word WordNet does not oppose to it, decides nothing', () => {
  assert.equal(opposedWord('If the Council does not act within the 45-day review period, the proposed rules are deemed approved.', rules), null);
  assert.equal(opposedWord('The Council may approve the proposed rules in part.', rules), null);
});

test('a word of a name is no quality: the "National Association" is not the opposite of "international" authorities', () => {
  // D.C. Code § 31-1309, a clause of its third sentence.
  const clause = 'and with state, federal, and international law enforcement authorities; provided, that the recipient agrees, and has the legal authority, to maintain the confidentiality of the documents, material, or other information.';
  assert.equal(opposedWord('The Commissioner may share documents with the National Association of Insurance Commissioners.', clause), null);
  // Written as a quality, it still is one.
  assert.deepEqual(opposedWord('The documents are shared with national law enforcement authorities.', clause), { assertion: 'national', provision: 'international' });
});

test('a word whose definition denies what the sentence states: "exempt from" against "is subject to"', () => {
  // Va. Code Ann. § 18.2-46.3:2, its second sentence, cut.
  const sentence = 'Further, all property, both personal and real, of any kind or character used or intended to be used in substantial connection with, during the course of, derived from, traceable to, or realized through, including any profit or interest derived from, criminal street gang member recruitment as prohibited under § 18.2-46.3 is subject to civil forfeiture to the Commonwealth.';
  assert.deepEqual(opposedWord('In Virginia, property derived from criminal street gang conduct is exempt from civil forfeiture.', sentence), { assertion: 'exempt', provision: 'subject' });
  // The sentence that denies it agrees.
  assert.equal(opposedWord('Such property is exempt from civil forfeiture.', 'Such property is not subject to civil forfeiture.'), null);
});

test('a verb defined by the opposite of the other, on the same object: "keeps the right to demand" against "waives the right to demand"', () => {
  // D.C. Code § 29-311.16(b), cut.
  const sentence = 'A shareholder that fails to notify the corporation in writing of that shareholder’s demand to be paid the shareholder’s stated estimate of the fair value plus interest under subsection (a) of this section within 30 days after receiving the corporation’s payment or offer of payment under § 29-311.14 or § 29-311.15, respectively, waives the right to demand payment under this section and is entitled only to the payment made or offered pursuant to those respective sections.';
  const keeps = 'A shareholder who fails to notify the corporation in writing within 30 days keeps the right to demand payment.';
  assert.deepEqual(opposedWord(keeps, sentence), { assertion: 'keeps', provision: 'waives' });
  // Either side may be the defined verb.
  assert.deepEqual(opposedWord('The shareholder waives the right to demand payment.', 'The shareholder keeps the right to demand payment.'), { assertion: 'waives', provision: 'keeps' });
  // The same verbs on different objects decide nothing: a definition's opening verb is too broad to read alone.
  assert.equal(opposedWord('A shareholder who fails to notify the corporation keeps the shares.', sentence), null);
  assert.equal(opposedWord(keeps.replace('keeps', 'exercises'), sentence), null);
});

test('opposites that qualify different things decide nothing: "the same acts" against "such other provision"', () => {
  // Va. Code Ann. § 18.2-46.2(B), its second sentence.
  const sentence = 'If the acts or activities violating this section also violate another provision of law, a prosecution under this section shall not prohibit or bar any prosecution or proceeding under such other provision or the imposition of any penalties provided for thereby.';
  assert.equal(opposedWord('In Virginia, a prosecution for a criminal street gang offense does not bar a prosecution under another provision of law for the same acts.', sentence), null);
  // The same opposites around one thing still oppose.
  assert.deepEqual(opposedWord('A prosecution under this section bars a prosecution under the same provision.', sentence), { assertion: 'same', provision: 'other' });
});
