// Classes of offence compared as values, on the real text of Va. Code Ann. § 18.2-10 and § 18.2-11.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { fixtureSection } from '../ask/__fixtures__/sections.js';
import { decideVerdict } from './decide-verdict.js';
import { claimedClass, offenseClassFinding } from './offense-class.js';

const felonies = { id: 'Va. Code Ann. § 18.2-10', text: fixtureSection('18.2-10').text };
const misdemeanors = { id: 'Va. Code Ann. § 18.2-11', text: fixtureSection('18.2-11').text };

describe('classes of offence', () => {
  test('the claimed class is the one in predicate position', () => {
    assert.equal(claimedClass('In Virginia, a Class 4 felony is a Class 1 misdemeanor.')?.key, '1 misdemeanor');
    assert.equal(claimedClass('A Class 4 felony is punishable by two to ten years.'), null);
    assert.equal(claimedClass('Hazing is punishable as a Class 2 misdemeanor.')?.key, '2 misdemeanor');
  });

  test('a sentence stating another class for the subject contradicts; one not naming the subject says nothing', () => {
    assert.equal(offenseClassFinding('Hazing is a Class 2 misdemeanor.', 'Any person found guilty of hazing shall be guilty of a Class 1 misdemeanor.')?.kind, 'quantity-conflict');
    assert.equal(offenseClassFinding('Hazing is a Class 1 misdemeanor.', 'Any person found guilty of hazing shall be guilty of a Class 1 misdemeanor.')?.kind, 'quantity-match');
    assert.equal(offenseClassFinding('A Class 4 felony is a Class 1 misdemeanor.', '(a) For Class 1 misdemeanors, confinement in jail for not more than twelve months.'), null);
  });

  test('"a Class 4 felony is a Class 1 misdemeanor" is never SUPPORTED by the sections that define both', () => {
    const d = decideVerdict('In Virginia, a Class 4 felony is a Class 1 misdemeanor.', [felonies, misdemeanors], { noMatchThreshold: 0.35 });
    assert.notEqual(d.verdict, 'SUPPORTED');
    assert.doesNotMatch(d.explanation, /class_\d|""|mention \./);
  });

  test('a true figure about a class is SUPPORTED, quoting the figure', () => {
    const d = decideVerdict('In Virginia, a Class 4 felony is punishable by two to ten years in prison.', [felonies, misdemeanors], { noMatchThreshold: 0.35 });
    assert.equal(d.verdict, 'SUPPORTED');
    assert.match(d.explanation, /^Va\. Code Ann\. § 18\.2-10 says ".*", as the assertion says "two to ten years"\.$/);
  });

  test('a wrong figure about a class is CONTRADICTED, quoting both figures', () => {
    const d = decideVerdict('A Class 1 misdemeanor in Virginia carries up to six months in jail.', [felonies, misdemeanors], { noMatchThreshold: 0.35 });
    assert.equal(d.verdict, 'CONTRADICTED');
    assert.match(d.explanation, /six months.*twelve months/);
  });
});

// Va. Code Ann. § 61.1-6, cut.
const receipt = 'Any person who deposits goods to which he has not title, upon which there is a lien or security interest, and who takes for such goods a negotiable receipt which he afterwards negotiates for value with intent to deceive ... shall be guilty of a misdemeanor, and upon conviction shall be punished as provided in § 18.2-12.';

test('a grade named without a class is compared by grade: "a felony" against "guilty of a misdemeanor"', () => {
  assert.deepEqual(pickFinding(offenseClassFinding('In Virginia, such a person is guilty of a felony.', receipt)), ['quantity-conflict', 'felony', 'misdemeanor']);
  assert.deepEqual(pickFinding(offenseClassFinding('In Virginia, such a person is guilty of a misdemeanor.', receipt)), ['quantity-match', 'misdemeanor', 'misdemeanor']);
  assert.deepEqual(pickFinding(offenseClassFinding('In Virginia, such a person is guilty of a misdemeanor.', 'is guilty of a Class 1 misdemeanor')), ['quantity-match', 'misdemeanor', 'Class 1 misdemeanor']);
});

test('after a bare "of" a grade names a subject, not a claim: "a person convicted of a felony"', () => {
  assert.equal(offenseClassFinding('A person convicted of a felony may not possess a firearm.', 'is guilty of a Class 1 misdemeanor'), null);
});

function pickFinding(f: ReturnType<typeof offenseClassFinding>): [string, string, string] | null {
  return f === null ? null : [f.kind, f.assertionWords, f.provisionWords];
}
