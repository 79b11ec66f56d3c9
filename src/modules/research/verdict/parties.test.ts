import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { findModalCues, mainModality } from './modality.js';
import { compareParties, dutyHolder, normaliseParty, passiveAgentConflict, replacedHolder } from './parties.js';

const holder = (text: string): string | null => dutyHolder(text, mainModality(text));

describe('dutyHolder', () => {
  test('the subject before the modal, normalised', () => {
    assert.equal(holder('A housing provider shall provide the tenant with notice'), 'housing provider');
    assert.equal(holder('the tenant shall give notice'), 'tenant');
    assert.equal(holder('Whenever an employer discharges an employee, the employer shall pay the wages'), 'employer');
    assert.equal(holder('D.C. landlords must return the deposit'), 'housing provider');
    assert.equal(holder('The Receiving Party shall not reverse engineer'), 'receiving party');
  });
  test('the subject of a second modal starts after the first one\'s clause (D.C. Code § 32-521.06(a))', () => {
    const text = '(a) The Mayor shall devise and an employer shall post and maintain in a conspicuous place, a notice';
    const cues = findModalCues(text);
    assert.deepEqual(cues.map((c) => dutyHolder(text, c)), ['mayor', 'employer']);
  });
  test('"the X of Y shall": the holder is X when X names people (3 U.S.C. § 5, 2-3-204 C.R.S.), else as before', () => {
    assert.equal(holder('the executive of each State shall issue a certificate of ascertainment of appointment'), 'executive');
    assert.equal(holder("Each State's executive must issue a certificate of ascertainment"), 'executive');
    assert.equal(holder('The Director of the Department of Health shall publish the rules'), 'director');
    assert.equal(holder('In case of default the tenant shall pay the rent'), 'tenant');
    // A possessive determines as "the" does (Colo. Rev. Stat. § 6-16-110.5(2) paraphrased).
    assert.equal(holder("Colorado's secretary of state may exchange information with other states"), 'secretary');
    assert.equal(holder('Each of the parties shall keep the information confidential'), 'parties');
    assert.equal(holder('The obligations of this Agreement shall survive its termination'), 'agreement');
  });
  test('a subsection heading ending in a dash is not part of the holder (14 U.S.C. § 5111, 51 U.S.C. § 50903)', () => {
    assert.equal(holder('(a) In General.—The Commandant shall submit a report on diversity at the Coast Guard Academy'), 'commandant');
    assert.equal(holder('(a) General.— The Secretary of Transportation shall carry out this chapter.'), 'secretary');
  });
  test('passives give the agent after "by", or nothing', () => {
    assert.equal(holder('notice shall be given by the landlord to the tenant'), 'housing provider');
    assert.equal(holder('No tenant shall be evicted from a rental unit'), null);
    assert.equal(holder('he or she shall be deemed to reside in the District'), null);
  });
  test('normaliseParty merges role synonyms', () => {
    assert.equal(normaliseParty('the Lessee'), 'tenant');
    assert.equal(normaliseParty('such employees'), 'employee');
  });
});

describe('compareParties', () => {
  const provision = 'A housing provider shall provide the tenant with notice';
  test('same holder, and a real swap', () => {
    assert.equal(compareParties('housing provider', 'housing provider', provision, 'A landlord shall give notice'), 'same');
    assert.equal(compareParties('tenant', 'housing provider', provision, 'The tenant shall provide the housing provider with notice'), 'swapped');
  });
  test('a holder the provision does not mention is not a swap', () => {
    assert.equal(compareParties('court', 'housing provider', provision, 'The court shall give the housing provider notice'), 'unknown');
    assert.equal(compareParties('tenant', 'housing provider', provision, 'The tenant shall get notice'), 'unknown');
  });
  test('a holder read as a word of the other\'s ("attorney" of "attorney general") is no swap (Colo. Rev. Stat. § 6-1-109(1))', () => {
    const sentence = 'If any person fails to cooperate with any investigation pursuant to section 6-1-107 or fails to obey any subpoena pursuant to section 6-1-108, the attorney general or a district attorney may apply to the appropriate district court for an appropriate order to effect the purposes of this article 1.';
    const assertion = 'In Colorado, if a person fails to obey a subpoena under the consumer protection article, the attorney general may apply to the appropriate district court for an order.';
    assert.equal(compareParties('attorney general', 'attorney', sentence, assertion), 'unknown');
  });
  test('the same head is the same holder only when the sentence names the office as the assertion does (51 U.S.C. § 50903(a))', () => {
    const sentence = 'The Secretary of Transportation shall carry out this chapter.';
    assert.equal(compareParties('secretary', 'secretary', sentence, 'The Secretary of Defense must carry out this chapter.', 'The Secretary of Defense'), 'unknown');
    assert.equal(compareParties('secretary', 'secretary', sentence, 'The Secretary of Transportation must carry out this chapter.', 'The Secretary of Transportation'), 'same');
  });
});

describe('passiveAgentConflict: the same thing done by someone else (D.C. Code § 31-4429)', () => {
  const sentence = 'There shall be a president, a secretary, and a treasurer of the company, who shall be elected by the directors; and also such subordinate officers as may be elected or appointed.';
  test('"elected by its policyholders" against "elected by the directors"', () => {
    assert.deepEqual(passiveAgentConflict('A company must have a president, a secretary and a treasurer, elected by its policyholders.', sentence), {
      assertionWords: 'elected by its policyholders',
      provisionWords: 'elected by the directors',
    });
  });
  test('the same agent, a synonym of its role, or an agent the sentence also names is no conflict', () => {
    assert.equal(passiveAgentConflict('The officers are elected by the directors.', sentence), null);
    assert.equal(passiveAgentConflict('The notice is signed by the landlord.', 'The notice shall be signed by the housing provider.'), null);
    assert.equal(passiveAgentConflict('The officers are elected by the members.', 'The officers shall be elected by the directors, who are chosen by the members.'), null);
  });
  test('another participle, or a "by" that names no one ("by the date"), is no conflict', () => {
    assert.equal(passiveAgentConflict('The officers are appointed by the members.', sentence), null);
    assert.equal(passiveAgentConflict('The report is filed by the deadline.', 'The report shall be filed by the director.'), null);
  });
});

test('passiveAgentConflict quotes each agent as its text writes it, two words when both name people, never a function word after it', () => {
  assert.deepEqual(passiveAgentConflict('The officers are elected by the board members who serve.', 'The officers shall be elected by the directors who serve.'), {
    assertionWords: 'elected by the board members',
    provisionWords: 'elected by the directors',
  });
});

describe('replacedHolder: another holder for the same action', () => {
  test('two offices that act, the assertion\'s not named in the provision\'s subject', () => {
    // Colo. Rev. Stat. § 2-3-124(1): "the state auditor shall audit the reports".
    assert.equal(replacedHolder('judicial department', 'state auditor', 'On or before January 1, 2019, and on or before January 1, 2024, the state auditor ', []), true);
  });
  test('not when the assertion\'s holder is in the provision\'s list of holders', () => {
    // 44 U.S.C. § 1117: the reading keeps the last of "heads of executive departments, independent offices and establishments of the Government".
    assert.equal(replacedHolder('executive departments', 'government', 'In order to keep expenditures for printing and binding within appropriations, heads of executive departments, independent offices and establishments of the Government ', []), false);
  });
  test('not when the provision\'s subject holds every word of the assertion\'s holder, however apart', () => {
    // 3 U.S.C. § 112: "The head of any department, agency, or independent establishment of the executive branch of the Government may detail".
    const subject = 'The head of any department, agency, or independent establishment of the executive branch of the Government ';
    assert.equal(replacedHolder('executive department', 'government', subject, []), false);
    // Only the subject's own clause: words of an earlier sentence do not count.
    assert.equal(replacedHolder('judicial department', 'state auditor', 'The department of judicial affairs reports. On or before January 1, 2019, the state auditor ', []), true);
  });
  test('not when the assertion\'s holder holds another duty in the sentence, nor against a general holder', () => {
    assert.equal(replacedHolder('mayor', 'council', 'the Council ', ['mayor']), false);
    assert.equal(replacedHolder('employer', 'person', 'A person ', []), false);
  });
  test('not for the same holder, nor for a holder that names no one who acts', () => {
    assert.equal(replacedHolder('state auditor', 'auditor', 'the auditor ', []), false);
    assert.equal(replacedHolder('judicial department', 'report', 'the report ', []), false);
  });
});

describe('dutyHolder: the office before "of" and a name however long', () => {
  test('"The Director of the Coast Guard Reserve shall submit" is the Director\'s', () => {
    // 14 U.S.C. § 309(e).
    assert.equal(holder('The Director of the Coast Guard Reserve shall submit to the Secretary of Homeland Security and the Secretary of Defense an annual report'), 'director');
  });
  test('a long lower-case phrase after "of" still ends the subject there', () => {
    assert.equal(holder('In case of default of the payment of rent the tenant shall vacate'), 'tenant');
  });
});

describe('dutyHolder: the holder a prepositional phrase modifies', () => {
  test('"the assignee for the benefit of creditors must file" is the assignee\'s', () => {
    // After Colo. Rev. Stat. § 6-10-110.
    assert.equal(holder('In Colorado, three months after the first publication and mailing of notice, the assignee for the benefit of creditors must file with the clerk of the court a list'), 'assignee');
  });
  test('an opening phrase that names no one keeps the subject after it', () => {
    assert.equal(holder('In case of default the tenant shall vacate the premises'), 'tenant');
  });
});

describe('holders read with care', () => {
  test('the holder a prepositional phrase modifies, at the head of the subject', () => {
    assert.equal(holder('the Mayor in consultation with the Council shall issue the rules'), 'mayor');
  });
  test('roles swap only between holders that name someone who acts', () => {
    // A misread holder ("make a child-custody determination") is no party.
    assert.equal(compareParties('court', 'make a child-custody determination', 'a court of this State may make a child-custody determination', 'The court may make a child-custody determination.'), 'unknown');
  });
  test('a holder read with a preposition in it is no holder to replace', () => {
    assert.equal(replacedHolder('states by a fiduciary', 'custodian', 'The custodian of the bond ', []), false);
  });
});
