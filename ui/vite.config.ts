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
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 4000 },
});
