import assert from 'node:assert/strict';
import { test } from 'node:test';
import { deserializeError, serializeError } from './error-transfer.js';
import { AppError, validationError } from './errors.js';

test('an AppError survives structured cloning with its status, code, detail and headers', () => {
  const original = new AppError(503, 'load.shed', 'Temporarily unavailable', { 'Retry-After': '1' });
  const back = deserializeError(structuredClone(serializeError(original)));
  assert.ok(back instanceof AppError);
  assert.equal(back.status, 503);
  assert.equal(back.code, 'load.shed');
  assert.equal(back.detail, 'Temporarily unavailable');
  assert.deepEqual(back.headers, { 'Retry-After': '1' });
});

test('a 422 keeps its pydantic issues', () => {
  const issues = [{ type: 'string_too_long', loc: ['body', 'question'], msg: 'String should have at most 8000 characters', ctx: { max_length: 8000 } }];
  const back = deserializeError(structuredClone(serializeError(validationError(issues))));
  assert.ok(back instanceof AppError);
  assert.deepEqual(back.detail, issues);
});

test('any other error comes back as a plain Error with its name and message', () => {
  const back = deserializeError(structuredClone(serializeError(new TypeError('x is not a function'))));
  assert.ok(!(back instanceof AppError));
  assert.equal(back.name, 'TypeError');
  assert.equal(back.message, 'x is not a function');
  assert.equal(deserializeError(serializeError('thrown string')).message, 'thrown string');
});
