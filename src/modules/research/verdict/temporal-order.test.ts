import assert from 'node:assert/strict';
import { test } from 'node:test';
import { opposedOrder } from './temporal-order.js';

// D.C. Code § 31-1335(d), whole.
const sentence = '(d) Claims made under employment contracts by directors, principal officers, or persons in fact performing similar functions or having similar powers are limited to payment for services rendered prior to the issuance of any order of rehabilitation or liquidation under § 31-1311 or § 31-1316.';

test('"after" an event is the opposite of "prior to" the same event', () => {
  assert.deepEqual(opposedOrder('Claims made under employment contracts by directors are limited to payment for services rendered after the issuance of an order of liquidation.', sentence), { assertion: 'after', provision: 'prior to' });
  assert.equal(opposedOrder('Claims by directors are limited to payment for services rendered before the issuance of an order of liquidation.', sentence), null);
});

test('not when the two speak of different events, or the sentence puts both sides before the same one', () => {
  assert.equal(opposedOrder('Claims are filed after the appointment of a receiver.', sentence), null);
  assert.equal(opposedOrder('Notice is given after the hearing.', 'Notice may be given before or after the hearing, and after the hearing a copy is sent.'), null);
});
