import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { findDates } from './dates.js';

const isos = (text: string): string[] => findDates(text).map((d) => d.iso);

describe('findDates', () => {
  test('normalises the forms contracts and questions use', () => {
    assert.deepEqual(isos('effective March 1, 2010'), ['2010-03-01']);
    assert.deepEqual(isos('dated as of Sept. 15th, 2011'), ['2011-09-15']);
    assert.deepEqual(isos('this 1st day of March, 2010'), ['2010-03-01']);
    assert.deepEqual(isos('on 1 January 2020'), ['2020-01-01']);
    assert.deepEqual(isos('signed 1/3/2005'), ['2005-01-03']);
    assert.deepEqual(isos('signed 12/31/99 and 6/1/21'), ['1999-12-31', '2021-06-01']);
    assert.deepEqual(isos('as of 2010-03-01'), ['2010-03-01']);
    assert.deepEqual(isos('in March 2010'), ['2010-03']);
  });

  test('offsets are exact', () => {
    const text = 'The Effective Date is March 1, 2010.';
    const [d] = findDates(text);
    assert.equal(text.slice(d?.start, d?.end), 'March 1, 2010');
  });

  test('rejects impossible dates and non-dates', () => {
    assert.deepEqual(isos('2/30/2010 13/1/2005 2010-13-01'), []);
    assert.deepEqual(isos('the tenant may 2010 units'), [], 'lowercase "may" is the verb');
    assert.deepEqual(isos('§ 2-1402.11 and 18.2-10'), []);
    assert.deepEqual(isos('2/29/2024 2/29/2023'), ['2024-02-29']);
  });
});
