import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// Cross-origin isolation: with these two headers on the page, `crossOriginIsolated` is true and
// react-timestep/worker hands states over shared memory; without them, over messages.
const isolation = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

export default defineConfig({
  plugins: [react()],
  server: { headers: isolation },
  preview: { headers: isolation },
  // The worker is a module (it imports react-timestep/worker).
  worker: { format: 'es' },
  build: { outDir: process.env.OUT_DIR ?? 'dist', emptyOutDir: true },
});
