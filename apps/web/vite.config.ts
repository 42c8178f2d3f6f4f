import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import pkg from './package.json' with { type: 'json' };

/**
 * Writes a Brotli and a gzip copy beside every text file of the build; the server sends them to browsers that
 * accept them (@fastify/static `preCompressed`), so phones download a quarter of the bytes with no work per request.
 */
function precompress(): Plugin {
  return {
    name: 'kestrel-precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      for (const fileName of Object.keys(bundle)) {
        if (!/\.(js|css|html|svg|json)$/.test(fileName)) continue;
        const file = path.join(dir, fileName);
        try {
          const body = readFileSync(file);
          if (body.length < 1024) continue;
          const brotli = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
          writeFileSync(`${file}.br`, brotli);
          writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
        } catch {
          // Another build emptied the folder meanwhile; the plain file is then served uncompressed.
        }
      }
    },
  };
}

/**
 * The workspace packages have no import-time effects except zod's message setup (contract/src/messages.ts) and
 * the design system's tokens, so a screen that needs one schema or one component does not pull in every other
 * module of the package (address checksums, the design system's other components…).
 */
const WORKSPACE_PACKAGE = /[\\/]packages[\\/](contract|i18n|money|ui)[\\/]src[\\/]/;
const hasSideEffects = (id: string) =>
  !WORKSPACE_PACKAGE.test(id) || /[\\/](messages\.ts|tokens\.css)$/.test(id);

/** A language's texts, one module per namespace (packages/i18n/src/locales/<locale>/<namespace>.ts). */
const LOCALE_TEXTS = /[\\/]packages[\\/]i18n[\\/]src[\\/]locales[\\/]([\w-]+)[\\/]/;

/**
 * React Router's package exports its development build to every bundler; its production build is the same code
 * without the development warnings. The app's build takes that one.
 */
const REACT_ROUTER_PRODUCTION = fileURLToPath(
  import.meta.resolve('react-router').replace('/dist/development/', '/dist/production/'),
);

/** The API server the dev server forwards to; `npm start -w @kestrel/server` listens here by default. */
const API_TARGET = 'http://localhost:8080';

export default defineConfig(({ command }) => ({
  base: '/',
  plugins: [react(), precompress()],
  resolve:
    command === 'build' ? { alias: [{ find: /^react-router$/, replacement: REACT_ROUTER_PRODUCTION }] } : {},
  define: {
    __APP_VERSION__: JSON.stringify(pkg.version),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Every browser of the build's target (Baseline widely available) preloads modules itself.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      treeshake: { moduleSideEffects: hasSideEffects },
      // Fewer files before a screen shows (docs/decisions/0022): on a phone's network each file is a round trip, and
      // HTTP/1.1 fetches six at a time. Shared chunks under 16 KB are copied into the chunks that use them (a screen
      // went from about thirty files to a handful), and the packages the first paint needs are one file.
      preserveEntrySignatures: false,
      output: {
        codeSplitting: {
          experimentalInlineCommonChunks: { maxSize: 16 * 1024 },
          groups: [
            { name: 'vendor', test: /[\\/]node_modules[\\/]/, tags: ['$initial'] },
            // The app's own modules of the first paint likewise: one file, without the registry that modules copied
            // into several chunks need.
            { name: 'app', test: /[\\/](apps[\\/]web|packages[\\/][\w-]+)[\\/]src[\\/]/, tags: ['$initial'] },
            // A language's shared and user app texts are loaded together, before the first paint: one file.
            { name: (id) => LOCALE_TEXTS.exec(id)?.[1] ?? null, test: LOCALE_TEXTS },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true },
      '/ws': { target: API_TARGET, ws: true, changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true },
      '/ws': { target: API_TARGET, ws: true, changeOrigin: true },
    },
  },
}));
