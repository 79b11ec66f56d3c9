import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { tokenize } from '../../../text/tokens.js';
import { focusOn } from './rank-evidence.js';

// D.C. Code § 50-1731.04(a) and § 50-1731.05(b) (publication 2024-10-20).
const GENERAL_RULE = 'No person shall use a mobile telephone or other electronic device while operating a moving motor vehicle in the District of Columbia unless the telephone or device is equipped with a hands-free accessory.';
const SPECIAL_CASE = "A person who holds a learner's permit or is under the age of 18 shall be prohibited from using any mobile telephone or other electronic device, including those with hands-free accessories, while operating a moving motor vehicle on a public highway except in an emergency, as set forth in § 50-1731.04(b).";
const stems = (text: string) => new Set(tokenize(text).map((t) => t.stem));

describe('focusOn: the share of a unit, by rarity, that the question asks about', () => {
  const asked = stems('May a person use a mobile telephone while operating a moving motor vehicle?');
  const flat = () => 1;

  test('a general rule is more focused on the question than a special case adding conditions it never mentions', () => {
    assert.ok(focusOn(GENERAL_RULE, asked, flat) > focusOn(SPECIAL_CASE, asked, flat));
  });
  test('a share between 0 and 1; figures and short words are not counted', () => {
    const f = focusOn(SPECIAL_CASE, asked, flat);
    assert.ok(f > 0 && f < 1);
    assert.equal(focusOn('18 of 2', asked, flat), 0);
    assert.equal(focusOn('mobile telephone', asked, flat), 1);
  });
  test('rare words weigh more: a missed rare word costs more than a missed common one', () => {
    const rare = (stem: string) => (stem === 'learner' ? 10 : 1);
    assert.ok(focusOn(SPECIAL_CASE, asked, rare) < focusOn(SPECIAL_CASE, asked, flat));
  });
});
