import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sessionScopes } from './session-rights.js';

test('viewers read; editors, admins and owners also upload, ask and build review tables', () => {
  assert.deepEqual([...sessionScopes('viewer', true)].sort(), ['documents:read', 'statutes:read', 'workspaces:read']);
  assert.deepEqual([...sessionScopes(undefined, true)].sort(), ['documents:read', 'statutes:read', 'workspaces:read']);
  for (const role of ['editor', 'admin', 'owner'] as const) {
    assert.ok(sessionScopes(role, true).has('documents:write'));
    assert.ok(sessionScopes(role, true).has('query:run'));
    assert.ok(sessionScopes(role, true).has('projects:write'));
  }
  assert.ok(!sessionScopes('owner', false).has('documents:write'));
});
