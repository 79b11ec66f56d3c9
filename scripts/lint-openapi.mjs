#!/usr/bin/env node
// `npm run lint:openapi`: exports the server's OpenAPI document and lints it with Redocly's
// recommended rules (errors fail; warnings are printed). test/http/openapi-lint.test.ts runs the same check.
import { spawnSync } from 'node:child_process';

const out = '.tmp/openapi.json';
const steps = [
  [process.execPath, ['--import', 'tsx', 'scripts/export-openapi.ts', out]],
  [process.execPath, ['node_modules/@redocly/cli/bin/cli.js', 'lint', out]],
];
for (const [command, args] of steps) {
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
