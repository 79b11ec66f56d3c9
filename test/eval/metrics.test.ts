import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parsePythonList } from '../../eval/workspace/cuad-questions.js';
import { percentile, tokenF1, yesNoLead } from '../../eval/workspace/metrics.js';

test('token F1 as SQuAD computes it, ignoring citation tags', () => {
  assert.equal(tokenF1('governed by the laws of Kansas <<file_id = 4>>', 'governed by the laws of Kansas'), 1);
  assert.equal(tokenF1('New York', 'Kansas'), 0);
  // 4 of 8 answer tokens are in the gold text, which it covers whole: P 0.5, R 1, F1 2/3.
  assert.ok(Math.abs(tokenF1('the laws of the State of New York', 'laws of New York') - 2 / 3) < 1e-9);
});

test('percentiles pick the nearest rank', () => {
  assert.equal(percentile([5, 1, 3, 2, 4], 50), 3);
  assert.equal(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 95), 10);
  assert.equal(percentile([], 50), 0);
});

test('CUAD clause lists are read as Python literals', () => {
  assert.deepEqual(parsePythonList(`['This Agreement shall be governed by the laws of Nevada.', "Company's liability shall not exceed the fees"]`), [
    'This Agreement shall be governed by the laws of Nevada.',
    "Company's liability shall not exceed the fees",
  ]);
  assert.deepEqual(parsePythonList('[]'), []);
  assert.deepEqual(parsePythonList(`['it\\'s', 'line\\nbreak']`), ["it's", 'line\nbreak']);
});

test('a yes/no lead is read as the answer of a contract having the clause, as "Unclear", or as neither', () => {
  assert.equal(yesNoLead('Non-Compete', 'Yes. <<file_id = 3>>\n\nIn the agreement: ...'), 'present');
  // Anti-Assignment's template asks whether a party may assign without consent: a clause answers no.
  assert.equal(yesNoLead('Anti-Assignment', 'No. <<file_id = 3>>\n\nIn the agreement: ...'), 'present');
  assert.equal(yesNoLead('Anti-Assignment', 'Yes. <<file_id = 3>>'), 'other');
  assert.equal(yesNoLead('Cap On Liability', 'Unclear: no provision of the agreement is plainly a clause on cap on liability; the nearest follows. <<file_id = 3>>'), 'unclear');
  assert.equal(yesNoLead('Audit Rights', 'The agreement has no clause on audit rights; the nearest provision reads: ... <<file_id = 3>>'), 'other');
  assert.equal(yesNoLead('Governing Law', 'Governing law: Texas. <<file_id = 3>>'), null);
});
