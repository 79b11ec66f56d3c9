import assert from 'node:assert/strict';
import { test } from 'node:test';
import { minimumRoleFor, roleAllows, type WorkspaceAction } from './workspace-policy.js';

test('viewers read; editors also write documents and projects and ask; admins and owners also manage', () => {
  const allowed = (role: 'viewer' | 'editor' | 'admin' | 'owner' | undefined) =>
    (Object.keys(minimumRoleFor) as WorkspaceAction[]).filter((a) => roleAllows(role, a)).sort();
  const reads = ['documents.read', 'projects.read', 'workspace.read'];
  const writes = ['documents.write', 'projects.run', 'projects.write', 'query.run'];
  assert.deepEqual(allowed('viewer'), reads);
  assert.deepEqual(allowed(undefined), reads, 'a non-member of a public workspace reads as a viewer');
  assert.deepEqual(allowed('editor'), [...reads, ...writes].sort());
  assert.deepEqual(allowed('admin'), Object.keys(minimumRoleFor).sort());
  assert.deepEqual(allowed('owner'), Object.keys(minimumRoleFor).sort());
});
