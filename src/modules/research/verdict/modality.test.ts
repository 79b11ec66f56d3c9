import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { compareModality, effectiveModality, findModalCues, mainModality, negationsAt, sameRestriction, statementNegations } from './modality.js';

describe('mainModality', () => {
  const cases: Array<[string, string, string]> = [
    ['the employer shall pay the employee’s wages', 'obligation', 'shall'],
    ['a photograph of the posted notice must be submitted to the court', 'obligation', 'must'],
    ['A housing provider may recover possession of a rental unit', 'permission', 'may'],
    ['the tenant is entitled to a refund', 'permission', 'is entitled to'],
    ['A housing provider shall not place in a lease', 'prohibition', 'shall not'],
    ['actions may not be brought after the expiration of the period', 'prohibition', 'may not'],
    ['No tenant shall be evicted from a rental unit', 'prohibition', 'No tenant shall'],
    ['the seller is prohibited from charging a fee', 'prohibition', 'is prohibited from'],
    ['the tenant is not required to give notice', 'no-obligation', 'is not required to'],
    ['a spouse cannot be forced to testify', 'no-obligation', 'cannot be forced to'],
    // Exempt from doing something is not being required to do it; exempt from a thing (taxation) is a state.
    ['a private provider is exempt from establishing drug and alcohol testing policies', 'no-obligation', 'is exempt from'],
    ['Such property shall be exempt from taxation', 'statement', 'shall'],
    ['Confidential Information shall include oral information', 'statement', 'shall'],
    ['Nothing in this Agreement shall prohibit Recipient from developing similar products', 'permission', 'Nothing in this Agreement shall prohibit'],
    ['The Recipient agrees not to reverse engineer the samples', 'prohibition', 'agrees not to'],
    ['The notice expires on the first day', 'statement', ''],
    ['the return receipt shall be prima facie evidence of an official request', 'statement', 'shall'],
    ['the original copy shall be kept on file in the office', 'obligation', 'shall'],
    ['the fee shall be paid by the applicant', 'obligation', 'shall'],
    // 51 U.S.C. § 60125(a): "apply for" asks for something; "shall apply to" (below) only says what a rule covers.
    ['A private sector party may apply for a license to operate a private remote sensing space system', 'permission', 'may'],
    ['This section shall apply to contracts entered into after the effective date', 'statement', 'shall'],
  ];
  for (const [text, modality, cue] of cases) {
    test(text, () => {
      const m = mainModality(text);
      assert.equal(m.modality, modality);
      assert.equal(m.text, cue);
    });
  }
  test('a clause opening "No …" forbids, however long its subject (Va. Code Ann. § 1-4)', () => {
    const text = 'No such repeal nor any amendment or revision of the Constitution of Virginia shall affect any offense or act committed';
    assert.equal(mainModality(text).modality, 'prohibition');
    assert.equal(mainModality('(b) No license issued under this chapter to a person who is not a resident shall be renewed').modality, 'prohibition');
    // Inside a clause, "no" is a determiner of the subject only when close to the modal.
    assert.equal(mainModality('Any person who has no permit issued by the Mayor under this chapter shall pay the fee').modality, 'obligation');
  });
  test('"no later than" is not a prohibition', () => assert.equal(mainModality('no later than 30 days, the employer shall pay').modality, 'obligation'));
});

describe('compareModality', () => {
  test('same modality agrees; shall ↔ may and may ↔ shall not conflict', () => {
    assert.equal(compareModality('obligation', 'obligation'), 'agree');
    assert.equal(compareModality('obligation', 'permission'), 'conflict');
    assert.equal(compareModality('permission', 'prohibition'), 'conflict');
    assert.equal(compareModality('prohibition', 'obligation'), 'conflict');
  });
  test('plain statements read as positive; may and need not are compatible', () => {
    assert.equal(compareModality('statement', 'obligation'), 'agree');
    assert.equal(compareModality('statement', 'prohibition'), 'weak-conflict');
    assert.equal(compareModality('permission', 'no-obligation'), 'unknown');
  });
});

describe('statementNegations', () => {
  test('finds "not" and "never" outside modal cues', () => {
    assert.deepEqual(statementNegations('the spouse is not liable'), ['not']);
    assert.deepEqual(statementNegations('the tenant shall not pay'), []);
    assert.deepEqual(statementNegations('unless the tenant pays, without notice'), []);
    assert.deepEqual(statementNegations('information, whether or not in writing, including but not limited to data'), []);
  });
  test('negationsAt gives where each counted negation is, past an idiom that negates nothing (D.C. Code § 28-4006(3))', () => {
    const text = 'has practiced dishonest or misleading advertising, including but not limited to: (A) advertising a particular model, type, or kind of hearing aid when the offer is not a bona fide effort to sell the product so offered as advertised;';
    assert.deepEqual(negationsAt(text), [{ word: 'not', at: text.indexOf('not a bona fide') }]);
  });
});

describe('restrictions and their complements (D.C. Code and 39 U.S.C. text)', () => {
  // 16-2331: "… nor shall information from records inspected be divulged to unauthorized persons."
  test('"nor shall" prohibits', () => {
    const text = 'juvenile case records shall be kept confidential and shall not be open to inspection, nor shall information from records inspected be divulged to unauthorized persons.';
    const cues = findModalCues(text);
    assert.equal(cues.at(-1)?.text, 'nor shall');
    assert.equal(cues.at(-1)?.modality, 'prohibition');
  });
  test('an obligation bounded by "only" reads as permission; a plain one stays an obligation', () => {
    // 1-307.62(4) and 47-340.27(c).
    const bounded = 'money deposited into an opportunity account shall be used only for approved purposes.';
    assert.equal(effectiveModality(bounded, mainModality(bounded)), 'permission');
    const plain = 'The Collection Agent shall promptly deposit all receipts into the Income Tax Secured Bond Fund.';
    assert.equal(effectiveModality(plain, mainModality(plain)), 'obligation');
  });
  test('"may be used only to transmit X" says what "shall not be used other than to transmit X" says', () => {
    const provision = 'The penalty cover may be used only to transmit the official information and endorsements relating thereto.';
    const assertion = 'A penalty cover shall not be used for anything other than transmitting official information.';
    assert.equal(sameRestriction({ text: assertion, cue: mainModality(assertion) }, { text: provision, cue: mainModality(provision) }), true);
    const unbounded = 'A penalty cover shall not be used to transmit official information.';
    assert.equal(sameRestriction({ text: unbounded, cue: mainModality(unbounded) }, { text: provision, cue: mainModality(provision) }), false);
  });
});

describe('sameRestriction: "only X may" is "no other than X shall"', () => {
  // D.C. Code § 43-108.
  const provision = 'The first election of officers by the persons associating, according to and for the purpose specified in § 43-101, shall be at the time and place designated and agreed upon by a majority of the persons so associating themselves together, and no other than such persons shall vote at such election.';
  const prohibition = findModalCues(provision).find((c) => c.modality === 'prohibition');
  test('the complement forbidden inside the cue, the "only" at the head of the assertion\'s clause', () => {
    assert.ok(prohibition !== undefined);
    const assertion = 'In D.C., only the persons associating themselves together may vote at the first election of officers.';
    assert.equal(sameRestriction({ text: assertion, cue: mainModality(assertion) }, { text: provision, cue: prohibition }), true);
  });
  test('without "only", a permission is not the prohibition of its complement', () => {
    const assertion = 'In D.C., the persons associating themselves together may vote at the first election of officers.';
    assert.equal(sameRestriction({ text: assertion, cue: mainModality(assertion) }, { text: provision, cue: prohibition! }), false);
  });
});

describe('prohibitions and grants as lawyers write them', () => {
  test('"can never", "will never" forbid as "may never" does', () => {
    assert.equal(mainModality('Such a waiver can never be revoked.').modality, 'prohibition');
    assert.equal(mainModality('The Board will never approve it.').modality, 'prohibition');
  });
  test('"No minor under 16 years of age shall" forbids: a figure in the subject does not end it', () => {
    // D.C. Code § 32-204(a), cut.
    const cue = mainModality('(a) No minor under 16 years of age shall be employed, permitted, or suffered to work at any of the following occupations:');
    assert.equal(cue.modality, 'prohibition');
    assert.equal(cue.text, 'No minor under 16 years of age shall');
  });
  test('"may no longer" forbids what "may" allowed', () => {
    assert.deepEqual(findModalCues('the plaintiff may no longer recover his damages').map((c) => [c.modality, c.text]), [['prohibition', 'may no longer']]);
  });
  test('a grant interrupted by an aside between commas is one cue', () => {
    // 35 U.S.C. § 183 and D.C. Code § 44-716, cut.
    const patent = 'An applicant whose patent is withheld as herein provided shall have the right, beginning at the date the applicant is notified that, except for such order, his application is otherwise in condition for allowance, or February 1, 1952, whichever is later, and ending six years after a patent is issued thereon, to apply to the head of any department or agency who caused the order to be issued for compensation.';
    assert.equal(mainModality(patent).modality, 'permission');
    const mayor = 'The Mayor is authorized, under such regulations as the Council of the District of Columbia may prescribe, to sell the surplus products of the Home for the Aged and Infirm.';
    assert.deepEqual(findModalCues(mayor).map((c) => c.modality), ['permission']);
    assert.match(mainModality(mayor).text, /^is authorized, under .* prescribe, to$/);
  });
});
