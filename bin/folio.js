#!/usr/bin/env -S node --max-semi-space-size=2
// The installed entry point runs the compiled CLI (npm install builds it via `prepare`). The flag
// caps V8's young generation on the main thread, as src/shared/young-generation.ts explains (its
// SEMI_SPACE_MB; a test holds the two equal): run `bin/folio.js`, or `node --max-semi-space-size=2
// bin/folio.js`, for the server's measured memory.
import '../dist/cli/main.js';
