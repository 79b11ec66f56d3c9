import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { compareModality, mainModality, statementNegations } from './modality.js';

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
    ['Confidential Information shall include oral information', 'statement', 'shall'],
    ['Nothing in this Agreement shall prohibit Recipient from developing similar products', 'permission', 'Nothing in this Agreement shall prohibit'],
    ['The Recipient agrees not to reverse engineer the samples', 'prohibition', 'agrees not to'],
    ['The notice expires on the first day', 'statement', ''],
  ];
  for (const [text, modality, cue] of cases) {
    test(text, () => {
      const m = mainModality(text);
      assert.equal(m.modality, modality);
      assert.equal(m.text, cue);
    });
  }
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
});
