import assert from 'node:assert/strict';
import { test } from 'node:test';
import { decideVerdict } from './decide-verdict.js';
import { findDates } from '../../../text/dates.js';
import { dateFindings as findingsOn } from './date-findings.js';

const dateFindings = (assertion: string, sentence: string) => findingsOn(findDates(assertion), sentence);

// D.C. Code § 42-3502.20(a) and (b)(1), 2024-10-20 publication.
const REPORT = 'No later than October 1, 1988, the Mayor shall report to the Council on the continued need for the rent stabilization program.';
const UNITS = '(1) The number of new and renovated units which have been placed on the rental housing market since July 17, 1985;';

test('a date the provision states is a match; another date of the same precision, a conflict', () => {
  assert.deepEqual(dateFindings('The Mayor had to report to the Council by October 1, 1988.', REPORT).map((f) => [f.kind, f.provisionWords]), [['quantity-match', 'October 1, 1988']]);
  assert.deepEqual(dateFindings('The Mayor had to report to the Council by October 1, 1990.', REPORT).map((f) => [f.kind, f.assertionWords, f.provisionWords]), [['quantity-conflict', 'October 1, 1990', 'October 1, 1988']]);
});

test('nothing to compare without a date on both sides of the same precision', () => {
  assert.deepEqual(dateFindings('The Mayor reports to the Council on rent stabilization.', REPORT), []);
  assert.deepEqual(dateFindings('The Mayor had to report by October 1990.', REPORT), []);
  assert.deepEqual(dateFindings('The Mayor had to report by October 1, 1990.', 'The Mayor shall report to the Council.'), []);
});

test('check: an assertion that changes the provision\'s date is CONTRADICTED, the same date SUPPORTED', () => {
  const provisions = [{ id: 'D.C. Code § 42-3502.20', text: `(a) ${REPORT}\n(b) The report shall contain:\n${UNITS}` }];
  const changed = decideVerdict('The D.C. Mayor had to report to the Council on the continued need for the rent stabilization program no later than October 1, 1990.', provisions);
  assert.equal(changed.verdict, 'CONTRADICTED');
  assert.match(changed.explanation, /October 1, 1990.*October 1, 1988/);
  const faithful = decideVerdict('The D.C. Mayor had to report to the Council on the continued need for the rent stabilization program no later than October 1, 1988.', provisions);
  assert.equal(faithful.verdict, 'SUPPORTED');
});
