import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { fixtureSection } from '../ask/__fixtures__/sections.js';
import { cleanQuote, findVerbatim, MAX_QUOTE_CHARS, MIN_QUOTE_CHARS } from './quote-match.js';

const WAGES = fixtureSection('32-1303').text;
const LIMITS = fixtureSection('12-301').text;
const WILL = fixtureSection('18-103').text;

describe('findVerbatim on real D.C. text', () => {
  test('an exact quote is returned as is', () => {
    const q = 'the employer shall pay the employee’s wages earned not later than the working day following such discharge';
    assert.equal(findVerbatim(WAGES, q), q);
  });

  test('surrounding whitespace is trimmed', () => {
    assert.equal(findVerbatim(WILL, '  by at least two credible witnesses.\n'), 'by at least two credible witnesses.');
  });

  test('a straight apostrophe matches the statute’s curly one, and the statute’s characters come back', () => {
    const found = findVerbatim(WAGES, "the employer shall pay the employee's wages earned not later than the working day");
    assert.equal(found, 'the employer shall pay the employee’s wages earned not later than the working day');
    assert.ok(found !== null && WAGES.includes(found));
  });

  test('a hyphen matches the statute’s em dash', () => {
    const found = findVerbatim(LIMITS, '(5) for a statutory penalty or forfeiture- 1 year;');
    assert.equal(found, '(5) for a statutory penalty or forfeiture— 1 year;');
  });

  test('a quote spanning two paragraphs matches with a space for the line break', () => {
    const found = findVerbatim(WILL, 'is void unless it is: (1) in writing and signed by the testator');
    assert.equal(found, 'is void unless it is:\n(1) in writing and signed by the testator');
    assert.ok(found !== null && WILL.includes(found));
  });

  test('doubled spaces and a changed capital still find the original words', () => {
    const found = findVerbatim(WILL, 'Attested and  subscribed in the presence of the testator');
    assert.equal(found, 'attested and subscribed in the presence of the testator');
  });

  test('wrapping quotation marks and an edge ellipsis are the model’s, not the statute’s', () => {
    assert.equal(findVerbatim(WILL, '“attested and subscribed in the presence of the testator”'), 'attested and subscribed in the presence of the testator');
    assert.equal(findVerbatim(WILL, '"...by at least two credible witnesses."'), 'by at least two credible witnesses.');
    assert.equal(findVerbatim(WILL, '… by at least two credible witnesses'), 'by at least two credible witnesses');
  });

  test('a paraphrase is not found', () => {
    assert.equal(findVerbatim(WILL, 'attested and signed in front of the testator by two credible witnesses'), null);
    assert.equal(findVerbatim(WAGES, 'the employer must pay wages by the next working day after discharge'), null);
  });

  test('a changed number is not found', () => {
    assert.equal(findVerbatim(WILL, 'by at least three credible witnesses.'), null);
    assert.equal(findVerbatim(LIMITS, '(4) for libel, slander, assault, battery, mayhem, wounding, malicious prosecution, false arrest or false imprisonment— 2 years;'), null);
  });

  test('an ellipsis inside the quote joins words that are not adjacent: not found', () => {
    assert.equal(findVerbatim(WILL, 'A will or testament ... is void unless it is'), null);
  });

  test('a quote too short to prove anything, or too long to be a quote, is refused', () => {
    assert.equal(findVerbatim(WILL, 'testator'), null);
    assert.ok('testator'.length < MIN_QUOTE_CHARS);
    assert.ok(WAGES.length > MAX_QUOTE_CHARS);
    assert.equal(findVerbatim(WAGES, WAGES), null);
  });

  test('an empty quote is not found', () => {
    assert.equal(findVerbatim(WILL, ''), null);
    assert.equal(findVerbatim(WILL, '   '), null);
  });

  test('a statute quote that itself ends with a quotation mark is kept whole when exact', () => {
    const text = 'For the purposes of this chapter, the term "employer" includes every person.';
    assert.equal(findVerbatim(text, 'the term "employer"'), 'the term "employer"');
  });
});

describe('cleanQuote', () => {
  test('strips nested wrapping marks and ellipses', () => {
    assert.equal(cleanQuote(' "“… two credible witnesses …”" '), 'two credible witnesses');
  });
  test('leaves inner punctuation alone', () => {
    assert.equal(cleanQuote('in writing; and signed'), 'in writing; and signed');
  });
});
