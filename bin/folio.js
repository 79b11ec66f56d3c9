#!/usr/bin/env node
// The installed entry point runs the compiled CLI (npm install builds it via `prepare`).
import '../dist/cli/main.js';
