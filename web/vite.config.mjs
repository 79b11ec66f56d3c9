import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// The app is served by the Folio server under /app/; everything it loads comes from there.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/app/',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // No inline polyfill script: the Content-Security-Policy allows scripts from files only.
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
  },
});
