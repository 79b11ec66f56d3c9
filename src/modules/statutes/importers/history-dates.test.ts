import { test } from 'node:test';
import assert from 'node:assert/strict';
import { findUsDates, isIsoDate, sortedUniqueDates, usDate } from './history-dates.js';

test('finds every printed date of a source credit, and reports unreadable ones', () => {
  const credit = 'Pub. L. 104–134, title I, § 101(d), Apr. 26, 1996, 110 Stat. 1321; Pub. L. 112–29, § 5(a), Sept. 16, 2011; June 5, 2003; May 1, 2000; Feb. 30, 2001';
  const { dates, unparsed } = findUsDates(credit);
  assert.deepEqual(dates, ['1996-04-26', '2011-09-16', '2003-06-05', '2000-05-01']);
  assert.deepEqual(unparsed, ['Feb. 30, 2001']);
  assert.deepEqual(findUsDates('as added March 6, 1991, D.C. Law 8-203').dates, ['1991-03-06']);
});

test('ISO helpers', () => {
  assert.equal(isIsoDate('2024-02-29'), true);
  assert.equal(isIsoDate('2023-02-29'), false);
  assert.equal(usDate('2017-02-18'), 'Feb. 18, 2017');
  assert.equal(usDate('2019-09-04'), 'Sept. 4, 2019');
  assert.deepEqual(sortedUniqueDates(['2020-01-02', '2019-05-01', '2020-01-02']), ['2019-05-01', '2020-01-02']);
});
