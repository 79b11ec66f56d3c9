#!/usr/bin/env node
// Builds the app (web/ → web/dist): the server's OpenAPI document, the typed client generated
// from it (openapi-typescript), then Vite. Run by `npm install` (prepare), `npm start` and
// `npm run build:web`.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';

function run(command, args) {
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, FOLIO_LOG_LEVEL: 'silent' } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

mkdirSync('web/generated', { recursive: true });
run(process.execPath, ['--import', 'tsx', 'scripts/export-openapi.ts', 'web/generated/openapi.json']);

const BLOB = ts.factory.createTypeReferenceNode(ts.factory.createIdentifier('Blob'));
const ast = await openapiTS(new URL('../web/generated/openapi.json', import.meta.url), {
  // A multipart file part is a Blob in the browser, not a string.
  transform: (schema) => (schema.format === 'binary' ? BLOB : undefined),
});
writeFileSync('web/generated/schema.d.ts', '// Generated from /openapi.json by scripts/build-web.mjs. Do not edit.\n' + astToString(ast));

// Vite strips types without checking them; the app is type-checked against the generated client first.
run(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'web/tsconfig.json']);
run(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--config', 'web/vite.config.mjs', '--logLevel', 'warn']);
