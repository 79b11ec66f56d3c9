import assert from 'node:assert/strict';
import { test } from 'node:test';
import { hashPassword, passwordProblem, verifyPassword } from './passwords.js';

test('a password verifies against its own scrypt hash and no other password does', async () => {
  const hash = await hashPassword('correct horse battery staple');
  assert.match(hash, /^scrypt\$32768\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
  assert.equal(await verifyPassword('correct horse battery staple', hash), true);
  assert.equal(await verifyPassword('correct horse battery stapl', hash), false);
  assert.equal(await verifyPassword('', hash), false);
});

test('two hashes of one password differ (salted), and a malformed stored hash never verifies', async () => {
  const a = await hashPassword('s3cret-passphrase');
  const b = await hashPassword('s3cret-passphrase');
  assert.notEqual(a, b);
  assert.equal(await verifyPassword('s3cret-passphrase', 'plain-text'), false);
  assert.equal(await verifyPassword('s3cret-passphrase', 'scrypt$1$1'), false);
});

test('passwords shorter than 8 characters are refused', () => {
  assert.match(passwordProblem('short') ?? '', /at least 8/);
  assert.equal(passwordProblem('long enough'), null);
});
