import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { once } from 'node:events';
import { test } from 'node:test';
import { spawnModuleThread } from './thread-pool.js';
import { ANSWERING_RESOURCE_LIMITS, SEMI_SPACE_MB } from './young-generation.js';

test("the entry point's shebang caps the main thread's semi-spaces at SEMI_SPACE_MB", () => {
  const shebang = readFileSync(new URL('../../bin/folio.js', import.meta.url), 'utf8').split('\n')[0];
  assert.equal(shebang, `#!/usr/bin/env -S node --max-semi-space-size=${SEMI_SPACE_MB}`);
});

test("a module thread's new space stays within two semi-spaces of SEMI_SPACE_MB while it allocates", async () => {
  const thread = spawnModuleThread(new URL('./__fixtures__/young-generation.worker.ts', import.meta.url), {});
  const [largest] = (await once(thread, 'message')) as [number];
  await thread.terminate();
  // The new space counts both its semi-spaces. Uncapped, this allocation grew it to 32 MB (two of
  // V8's default 16 MB semi-spaces on 64 bits).
  assert.ok(largest <= 2 * SEMI_SPACE_MB * 1024 * 1024, `new space grew to ${largest} bytes`);
  assert.ok(largest > 0);
});

test('the answering threads keep a young generation larger than the cap', async () => {
  const thread = spawnModuleThread(new URL('./__fixtures__/young-generation.worker.ts', import.meta.url), {}, { resourceLimits: ANSWERING_RESOURCE_LIMITS });
  const [largest] = (await once(thread, 'message')) as [number];
  await thread.terminate();
  assert.ok(largest > 2 * SEMI_SPACE_MB * 1024 * 1024, `new space stayed at ${largest} bytes`);
});

test("under the shebang's flag, each thread's young generation follows its own limits and the main thread stays capped", () => {
  // The flag overrides every isolate's resourceLimits unless cleared (letThreadsSizeTheirYoungGeneration):
  // before, the answering thread's new space stayed at 2 * SEMI_SPACE_MB here.
  const fixture = new URL('./__fixtures__/young-generation.main.ts', import.meta.url);
  const out = execFileSync(process.execPath, [`--max-semi-space-size=${SEMI_SPACE_MB}`, '--import', 'tsx', fixture.pathname], { encoding: 'utf8' });
  const { answering, other, main } = JSON.parse(out) as { answering: number; other: number; main: number };
  const cap = 2 * SEMI_SPACE_MB * 1024 * 1024;
  assert.ok(answering > cap, `answering thread's new space stayed at ${answering} bytes`);
  assert.ok(other > 0 && other <= cap, `a capped thread's new space grew to ${other} bytes`);
  assert.ok(main > 0 && main <= cap, `the main thread's new space grew to ${main} bytes`);
});
