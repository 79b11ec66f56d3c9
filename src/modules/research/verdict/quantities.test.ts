import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { extractQuantities, type Quantity } from './quantities.js';
import { numberWordsValue, numberWordValue } from './number-words.js';

function one(text: string): Quantity {
  const qs = extractQuantities(text);
  assert.equal(qs.length, 1, `one quantity in ${JSON.stringify(text)}, got ${JSON.stringify(qs.map((q) => q.text))}`);
  return qs[0] as Quantity;
}
const near = (a: number, b: number): void => assert.ok(Math.abs(a - b) < 1e-6, `${a} ≈ ${b}`);

describe('numberWordsValue', () => {
  test('cardinals, tens, hundreds and scales', () => {
    assert.equal(numberWordsValue('thirty'), 30);
    assert.equal(numberWordsValue('twenty-five'), 25);
    assert.equal(numberWordsValue('one hundred and twenty'), 120);
    assert.equal(numberWordsValue('two thousand five hundred'), 2500);
    assert.equal(numberWordsValue('eighteen'), 18);
    assert.equal(numberWordsValue('cat'), null);
    assert.equal(numberWordsValue('Ninety'), 90);
    assert.equal(numberWordsValue('hundred'), null);
    assert.equal(numberWordValue('forty'), 40);
    assert.equal(numberWordValue('fortieth'), null);
  });

  test('words that are keys of every JavaScript object are not numbers', () => {
    for (const word of ['constructor', 'toString', '__proto__', 'valueOf', 'hasOwnProperty']) {
      assert.equal(numberWordsValue(word), null, word);
      assert.equal(numberWordsValue(`two ${word}`), null, word);
      assert.equal(numberWordValue(word.toLowerCase()), null, word);
    }
  });
});

describe('extractQuantities: periods', () => {
  const cases: Array<[string, number, string]> = [
    ['30 days', 30, 'day'], ['thirty (30) days', 30, 'day'], ['a 30-day notice', 30, 'day'], ['60 calendar days', 60, 'day'],
    ['one year', 365, 'day'], ['1 year', 365, 'day'], ['12 months', 365, 'day'], ['within a year', 365, 'day'],
    ['six-month period', 182.5, 'day'], ['two weeks', 14, 'day'], ['48 hours', 2, 'day'], ['7 working days', 7, 'business-day'],
    ['10 business days', 10, 'business-day'], ['one hundred twenty-five days', 125, 'day'],
  ];
  for (const [text, days, unit] of cases) {
    test(text, () => {
      const q = one(text);
      assert.equal(q.kind, 'period');
      assert.equal(q.unit, unit);
      near(q.value, days);
    });
  }
  test('"one month" is about 30 days', () => assert.ok(Math.abs(one('one month').value - 30) < 1));
});

describe('extractQuantities: money, percentages, counts', () => {
  test('money forms', () => {
    for (const [text, v] of [['$600', 600], ['600 dollars', 600], ['$1,000', 1000], ['$1.5 million', 1_500_000], ['fifty cents', 0.5]] as const) {
      const q = one(text);
      assert.equal(q.kind, 'money', text);
      near(q.value, v);
    }
  });
  test('percent forms', () => {
    for (const text of ['18%', '18 percent', 'eighteen per centum', '18 per cent']) {
      const q = one(text);
      assert.equal(q.kind, 'percent', text);
      assert.equal(q.value, 18);
    }
    near(one('10.25% of the gross receipts').value, 10.25);
  });
  test('counts carry the noun they count', () => {
    const q = one('10,000 or more seats');
    assert.deepEqual([q.kind, q.unit, q.value, q.comparator], ['count', 'seat', 10000, 'at-least']);
    assert.equal(one('under 18').unit, '');
  });
});

describe('extractQuantities: comparators', () => {
  const cases: Array<[string, string]> = [
    ['at least 30 days', 'at-least'], ['not less than 5 years', 'at-least'], ['a minimum of 10 days', 'at-least'],
    ['more than 60 calendar days', 'more-than'], ['in excess of 30 days', 'more-than'], ['exceeding $1,000', 'more-than'],
    ['not more than $1,000', 'at-most'], ['up to 5 years', 'at-most'], ['within 30 days', 'at-most'], ['not to exceed $500', 'at-most'],
    ['no later than 10 days', 'at-most'], ['less than $600', 'less-than'], ['under 16 years of age', 'less-than'],
    ['30 days or more', 'at-least'], ['$500 or less', 'at-most'], ['15 days', 'exactly'],
  ];
  for (const [text, comparator] of cases) test(text, () => assert.equal(one(text).comparator, comparator));
  test('the comparator words are part of the quoted text', () => assert.equal(one('notice at least thirty (30) days before').text, 'at least thirty (30) days'));
});

describe('extractQuantities: ranges', () => {
  test('"not less than two years nor more than 10 years"', () => {
    const q = one('a term of imprisonment of not less than two years nor more than 10 years');
    assert.equal(q.comparator, 'range');
    near(q.value, 730);
    near(q.upper ?? 0, 3650);
  });
  test('"two to ten years" takes its unit from the second number', () => {
    const q = one('punishable by two to ten years');
    assert.deepEqual([q.kind, q.comparator, q.value, q.upper], ['period', 'range', 730, 3650]);
  });
  test('"between $100 and $500"', () => {
    const q = one('a fine between $100 and $500');
    assert.deepEqual([q.kind, q.value, q.upper], ['money', 100, 500]);
  });
});

describe('extractQuantities: numbers that name things are skipped', () => {
  for (const text of ['§ 42-3505.54(b)', 'Class 4 felonies', 'January 1, 2024', 'D.C. Law 6-10, § 534', '(2) By telegram', 'paragraph 3', 'in 2024', 'a month-to-month tenancy']) {
    test(text, () => assert.deepEqual(extractQuantities(text), []));
  }
  test('offsets point into the input', () => {
    const text = 'The fine is not more than $1,000 and jail is up to 6 months.';
    for (const q of extractQuantities(text)) assert.equal(text.slice(q.start, q.end), q.text);
    assert.equal(extractQuantities(text).length, 2);
  });
});

describe('extractQuantities: "one of the parties" is a party, not a count', () => {
  // Colo. Rev. Stat. § 14-10-111(1)(g)(I).
  test('the partitive "one of" is no quantity; "one of three" and "one party" still are', () => {
    assert.deepEqual(extractQuantities('A marriage entered into prior to the dissolution of an earlier marriage of one of the parties;'), []);
    assert.ok(extractQuantities('one of three members').some((q) => q.written === 1));
    assert.equal(extractQuantities('One party entered into the marriage').length, 1);
  });
});

describe('frequencies', () => {
  // D.C. Code § 7-2071.06, its first sentence.
  const ombudsman = 'The Health Care Ombudsman shall submit annually to the Council, the Mayor, the Department of Health, and the Department of Insurance, Securities, and Banking a report on the activities, performance, and fiscal accounts of the Ombudsman Program, issues of concern to consumers, and the Ombudsman’s recommendations to improve health access.';

  test('a word that says how often: "annually" is a year between occurrences', () => {
    const q = one(ombudsman);
    assert.deepEqual([q.kind, q.unit, q.value, q.comparator, q.text], ['frequency', 'day', 365, 'exactly', 'annually']);
  });

  test('"every" or "each" before a period makes it recur; "at least" bounds the time between', () => {
    assert.deepEqual(pick(one('The Ombudsman must submit a report every two years.')), ['frequency', 730, 'exactly', 'every two years']);
    assert.deepEqual(pick(one('The Secretary shall determine, at least annually, the authorized strength.')), ['frequency', 365, 'at-most', 'at least annually']);
    assert.deepEqual(pick(one('The plan is reviewed at least once every 3 years.')), ['frequency', 1095, 'at-most', 'at least once every 3 years']);
  });

  test('a deadline stays a period beside the frequency it follows', () => {
    const qs = extractQuantities('The report is due within 30 days after the end of each fiscal year.');
    assert.deepEqual(qs.map(pick), [['period', 30, 'at-most', 'within 30 days'], ['frequency', 365, 'exactly', 'each fiscal year']]);
  });
});

describe('extractQuantities: "immediately"', () => {
  test('"effective immediately" is a period of no time; "immediately preceding" places, it does not time', () => {
    // Colo. Rev. Stat. § 14-13.7-402, its last sentence.
    assert.deepEqual(extractQuantities('If a date is not specified, the order is effective immediately.').map(pick), [['period', 0, 'exactly', 'immediately']]);
    assert.deepEqual(extractQuantities('the taxable year immediately preceding, or immediately upon receipt').map(pick), []);
  });
});

describe('extractQuantities: "one ... the other"', () => {
  test('"one" as the first of two is not a count', () => {
    // Colo. Rev. Stat. § 14-10-121 as an assertion words it.
    assert.deepEqual(extractQuantities("when one party fails to comply with a provision of a decree, the other party's obligation is not suspended").map(pick), []);
    assert.deepEqual(extractQuantities('one member of the board').map(pick), [['count', 1, 'exactly', 'one']]);
  });
});

describe('extractQuantities: times', () => {
  test('"twice" and a counting "once" are counts of times, as "three times" is', () => {
    // 14 U.S.C. § 3749(c), cut.
    const qs = extractQuantities('the officer shall be considered for all purposes as having twice failed of selection for promotion.');
    assert.deepEqual(qs.map((q) => [q.kind, q.unit, q.value, q.text]), [['count', 'time', 2, 'twice']]);
    assert.deepEqual(extractQuantities('failed of selection once.').map((q) => [q.unit, q.value]), [['time', 1]]);
    assert.deepEqual(extractQuantities('not more than once in any year').map(pick), [['count', 1, 'at-most', 'not more than once']]);
  });
  test('"once" meaning "when" or "at once" meaning "immediately" counts nothing', () => {
    assert.deepEqual(extractQuantities('Once the permit issues, the holder shall at once notify the Mayor.').map(pick), []);
  });
});

describe('extractQuantities: ordinals', () => {
  test('an ordinal orders the noun after it, in words or digits', () => {
    // 37 U.S.C. § 1014(a), cut.
    const qs = extractQuantities('shall be paid on the first day of the month beginning after the month during which the right to such compensation accrues.');
    assert.deepEqual(qs.map((q) => [q.kind, q.unit, q.value, q.text]), [['ordinal', 'dai', 1, 'first day']]);
    assert.deepEqual(extractQuantities('a twenty-first birthday or a 3rd offense').map((q) => [q.unit, q.value]), [['birthdai', 21], ['offens', 3]]);
  });
  test('"a third and subsequent incidence" is the third or a later one', () => {
    // Colo. Rev. Stat. § 6-2.7-103(1), cut.
    const qs = extractQuantities('the internet access provider shall be liable for payment of up to ten thousand dollars for a third and subsequent incidence of noncompliance');
    assert.deepEqual(qs.filter((q) => q.kind === 'ordinal').map((q) => [q.unit, q.value, q.comparator]), [['incid', 3, 'at-least']]);
  });
  test('dates and ordinals without their noun are left out', () => {
    assert.deepEqual(extractQuantities('on June 15th, or the 15th of June, first and foremost').map(pick), []);
  });
});

function pick(q: Quantity): [string, number, string, string] {
  return [q.kind, q.value, q.comparator, q.text];
}
