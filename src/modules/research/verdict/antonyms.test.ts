import assert from 'node:assert/strict';
import { test } from 'node:test';
import { prefixedAntonym } from './antonyms.js';

// D.C. Code § 2-1402.82(c)(1) and § 47-1801.04 (real sentences).
const breaks = 'An employer shall provide reasonable daily unpaid break periods, as required by the employee, so that the employee may express breast milk for her child to maintain milk supply and comfort.';
const resident = 'The term "nonresident" means an individual who is not domiciled in the District.';

test('an opposite written into the word is found either way round', () => {
  assert.deepEqual(prefixedAntonym('D.C. employers must give employees paid daily breaks to express breast milk.', breaks), { assertion: 'paid', provision: 'unpaid' });
  assert.deepEqual(prefixedAntonym('The breaks may be unpaid.', 'The employer shall provide paid break periods.'), { assertion: 'unpaid', provision: 'paid' });
  assert.deepEqual(prefixedAntonym('A resident individual is taxed on all income.', resident), { assertion: 'resident', provision: 'nonresident' });
});

test('the same form in both, or words that only look prefixed, decide nothing', () => {
  assert.equal(prefixedAntonym('Employers must give unpaid breaks to express breast milk.', breaks), null);
  assert.equal(prefixedAntonym('An employer must provide break periods unless it would cause undue hardship.', breaks), null);
  assert.equal(prefixedAntonym('The unit owners association may levy dues.', 'Each owner of a unit shall pay assessments.'), null);
  assert.equal(prefixedAntonym('The employee may express milk.', 'The employer need not provide a room until the employee asks.'), null);
  assert.equal(prefixedAntonym('Paid and unpaid breaks run concurrently.', 'If any break period, paid or unpaid, is already provided, it runs concurrently.'), null);
});
