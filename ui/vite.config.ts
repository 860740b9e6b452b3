import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import path from 'node:path';

// The domain package is shared with the API; the UI compiles it from source (ESM) instead of its
// CommonJS build.
export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@grain/domain': path.resolve(__dirname, '../domain/src/index.ts') } },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/openai': 'http://localhost:3000',
      '/socket': { target: 'ws://localhost:3000', ws: true },
      '/dev': 'http://localhost:3000',
    },
  },
  // No source maps in the production build: they would publish the whole source next to the app.
  // Pages are split by route (app/lazy-page.ts); the default chunk-size warning (500 kB) stays on.
  build: {
    outDir: 'dist',
    sourcemap: false,
    rollupOptions: {
      // The domain's modules only define things (rules, messages, zod schemas; CONTRIBUTING: no I/O), so
      // one the UI does not use is left out: without this, the schemas' top-level z.object(...) calls kept
      // every schema module, and zod, in the first screen's script.
      treeshake: { moduleSideEffects: (id) => !id.includes('/domain/src/') },
      output: {
        // React itself is a third of the first screen's script and changes only with an upgrade: its own
        // chunk keeps the app's chunk under the 500 kB warning and lets browsers keep it across releases.
        // (MUI is not split out: a manual chunk would pull the components only lazy pages use into it.)
        manualChunks: (id) => (/node_modules\/(react|react-dom|scheduler)\//.test(id) ? 'react' : undefined),
      },
      onwarn(warning, warn) {
        // zod's own source has comments that mention `@__PURE__` in prose (explaining its tree-shaking);
        // Rollup reports each as an annotation it cannot place and drops the comment. Harmless and not
        // ours to fix: only that notice, only for zod, is silenced.
        if (warning.code === 'INVALID_ANNOTATION' && /node_modules\/zod\//.test(warning.id ?? '')) return;
        warn(warning);
      },
    },
  },
});
