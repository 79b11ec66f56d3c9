import assert from 'node:assert/strict';
import { test } from 'node:test';
import { negatedPhraseConflict } from './negated-phrase.js';

// D.C. Code § 28:8-305(b), whole.
const sentence = '(b) Unless otherwise agreed, a person initiating an instruction assumes only the obligations imposed by § 28:8-108 and not an obligation that the security will be honored by the issuer.';

test('an assertion that affirms the phrase the sentence denies ("and not an obligation that ...") is contradicted', () => {
  const found = negatedPhraseConflict('In D.C., unless otherwise agreed, a person initiating an instruction assumes an obligation that the security will be honored by the issuer.', sentence);
  assert.equal(found?.kind, 'negation-conflict');
  assert.equal(found?.provisionWords, 'and not an obligation that the security will be honored by the issuer');
});

test('not when the assertion denies it too, nor when it states only part of the phrase', () => {
  assert.equal(negatedPhraseConflict('In D.C., a person initiating an instruction does not assume an obligation that the security will be honored by the issuer.', sentence), null);
  assert.equal(negatedPhraseConflict('In D.C., a person initiating an instruction assumes the obligations imposed by § 28:8-108.', sentence), null);
});
