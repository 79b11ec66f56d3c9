import assert from 'node:assert/strict';
import { test } from 'node:test';
import { subjectHead } from './subject.js';

// Assertions of eval/statutes/tune-checks.jsonl and the dev set's style, about real sections.
test('the head noun of the subject, after an opening phrase and before the first verb', () => {
  assert.equal(subjectHead('Special energy assessment bonds issued by D.C. are backed by the full faith and credit of the District.'), 'bond');
  assert.equal(subjectHead("Under D.C.'s bank deposits and collections article, an account includes an account evidenced by a certificate of deposit."), 'account');
  assert.equal(subjectHead('A residential tenancy from month-to-month may be terminated by a 30-day notice from the tenant.'), 'tenanc');
  assert.equal(subjectHead('Federal obligations for benefits under this chapter are backed by the full faith and credit of the United States.'), 'oblig');
});

test('no head when the subject is an actor a statute may leave implicit, the jurisdiction, or missing', () => {
  assert.equal(subjectHead('A D.C. court can grant a divorce when one spouse no longer wants to remain married.'), null);
  assert.equal(subjectHead('The Coast Guard Commandant may advance public funds to personnel on emergency shore duty.'), null);
  assert.equal(subjectHead('The D.C. Mayor had to report to the Council on the continued need for the program.'), null);
  assert.equal(subjectHead('Virginia requires a license to fish.'), null);
});
