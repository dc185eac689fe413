import { fileURLToPath } from 'node:url';
import preact from '@preact/preset-vite';
import { defineConfig } from 'vite';

// Served by the gateway below /console/ (apps/gateway/src/console); everything is bundled, nothing comes from a CDN.
export default defineConfig({
  base: '/console/',
  plugins: [preact()],
  // The repository's docs (the state diagram drawn from the state table), imported as `@docs/<file>?raw`.
  resolve: { alias: { '@docs': fileURLToPath(new URL('../../docs', import.meta.url)) } },
  build: { outDir: 'dist', emptyOutDir: true },
});
