import assert from 'node:assert/strict';
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';

const childPath = fileURLToPath(new URL('./extraction.child.ts', import.meta.url));

test('a child whose server is gone before it is ready (kill -9 during start) ends quietly with status 0', async () => {
  const child = fork(childPath, [], { execArgv: ['--import', import.meta.resolve('tsx')], stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  // The channel closes while the child is still loading its modules, as when the server dies.
  child.disconnect();
  const code = await new Promise<number | null>((resolve) => child.on('exit', (status) => resolve(status)));
  assert.equal(code, 0, stderr);
  assert.doesNotMatch(stderr, /EPIPE|ERR_IPC_CHANNEL_CLOSED/);
});
