import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The API server the dev server forwards to; `npm start -w @kestrel/server` listens here by default. */
const API_TARGET = 'http://localhost:8080';

export default defineConfig({
  // The server serves the console under /admin, beside the user app at /.
  base: '/admin/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
  server: {
    proxy: { '/api': { target: API_TARGET, changeOrigin: true } },
  },
});
