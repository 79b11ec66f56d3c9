import assert from 'node:assert/strict';
import { test } from 'node:test';
import { exclusionConflict } from './exclusion.js';

// D.C. Code § 28:4-104(a)(1), 2024-10-20.
const ACCOUNT =
  '“Account” means any deposit or credit account with a bank, including a demand, time, savings, passbook, share draft, or like account, other than an account evidenced by a certificate of deposit.';
// D.C. Code § 2-381.03(b)(6).
const QUI_TAM =
  'When a qui tam plaintiff brings an action pursuant to this subsection, no person other than the District may intervene or bring a related action based on the facts underlying the pending action.';

test('claiming what a definition leaves out contradicts it, quoting the exclusion', () => {
  const finding = exclusionConflict('Under the bank deposits and collections article, an account includes an account evidenced by a certificate of deposit.', ACCOUNT);
  assert.equal(finding?.kind, 'negation-conflict');
  assert.equal(finding?.provisionWords, 'other than an account evidenced by a certificate of deposit');
});

test('what the definition keeps, and an assertion that states the exclusion itself, are not contradicted', () => {
  assert.equal(exclusionConflict('An account includes a passbook or savings account with a bank.', ACCOUNT), null);
  assert.equal(exclusionConflict('An account does not include one evidenced by a certificate of deposit.', ACCOUNT), null);
  assert.equal(exclusionConflict('Only the District may intervene in a pending qui tam action.', QUI_TAM), null);
});

test('"no person other than" is an exception to a prohibition: stating the exception positively is no conflict', () => {
  assert.equal(exclusionConflict('The District may intervene or bring a related action based on the facts underlying a pending qui tam action.', QUI_TAM), null);
});
