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

// Va. Code Ann. § 62.1-44.14, the sentence that grants the delegation.
const DELEGATION =
  'The Executive Director shall serve as executive officer and devote his whole time to the performance of his duties, and he shall have such administrative powers as are conferred upon him by the Board; and, further, the Board may delegate to its Executive Director any of the powers and duties invested in it by this chapter except the adoption and promulgation of standards, rules and regulations; and the revocation of certificates.';

test('"except" after a grant ("may delegate ... except the adoption of standards") carves out of it: claiming the excepted item contradicts it, in the assertion\'s own words', () => {
  const finding = exclusionConflict('In Virginia, the State Water Control Board may delegate to its Executive Director the adoption of standards, rules and regulations.', DELEGATION);
  assert.equal(finding?.kind, 'negation-conflict');
  assert.equal(finding?.assertionWords, 'adoption of standards, rules and regulations');
  assert.equal(finding?.provisionWords, 'except the adoption and promulgation of standards, rules and regulations');
});

test('what the grant keeps, and "except" after a duty, are not contradicted', () => {
  assert.equal(exclusionConflict('The State Water Control Board may delegate its powers and duties to its Executive Director.', DELEGATION), null);
  // D.C. Code § 42-3505.01(a), cut: "shall ... except" carves a permission out of a duty.
  assert.equal(
    exclusionConflict('A housing provider may evict a tenant for the non-payment of rent.', 'No tenant shall be evicted from a rental unit, notwithstanding the expiration of the tenant’s lease or rental agreement, so long as the tenant continues to pay the rent, except for the non-payment of rent.'),
    null,
  );
});

test('the explanation quotes the assertion\'s own words for what is excluded: the shortest stretch that says them', () => {
  const finding = exclusionConflict('Under the bank deposits and collections article, an account includes an account evidenced by a certificate of deposit.', ACCOUNT);
  assert.equal(finding?.assertionWords, 'account evidenced by a certificate of deposit');
});

// D.C. Code § 47-340.27(a), as published.
const BOND_FUND = 'There is established separate and apart from the General Fund of the District of Columbia as a nonlapsing fund the Income Tax Secured Bond Fund.';

test('"separate and apart from" sets a thing apart: claiming it is part of what it is set apart from contradicts it', () => {
  const finding = exclusionConflict("D.C.'s Income Tax Secured Bond Fund is established as part of the General Fund of the District of Columbia.", BOND_FUND);
  assert.equal(finding?.kind, 'negation-conflict');
  assert.equal(finding?.assertionWords, 'Income Tax Secured Bond Fund is established as part of the General Fund');
  assert.equal(exclusionConflict("D.C.'s Income Tax Secured Bond Fund is not part of the General Fund.", BOND_FUND), null);
});
