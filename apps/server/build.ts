import { rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

const SERVER = fileURLToPath(new URL('.', import.meta.url));
export const SERVER_DIST = fileURLToPath(new URL('dist/', import.meta.url));

/**
 * The workspace packages (@kestrel/*) are TypeScript sources, so they are bundled; everything installed from npm
 * stays an import that node resolves from node_modules at run time, because several of those packages find files
 * of their own beside their code (sharp's native binary, PGlite's WebAssembly and data files).
 */
const npmPackagesStayExternal: Plugin = {
  name: 'npm-packages-stay-external',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@kestrel/') ? undefined : { path: args.path, external: true },
    );
  },
};

/**
 * The server and its command-line tools as JavaScript for node, in dist/ beside src/: every file lookup relative
 * to the code (the migrations, the built web apps, package.json) is one level below apps/server in both, so it
 * finds the same files under tsx and under node. Code the entries share goes to chunks in the same folder, never
 * a subfolder, for the same reason.
 */
export async function buildServer() {
  await rm(SERVER_DIST, { recursive: true, force: true });
  await build({
    absWorkingDir: SERVER,
    entryPoints: {
      main: 'src/main.ts',
      admin: 'src/cli/admin.ts',
      'ledger-check': 'src/cli/ledger-check.ts',
    },
    outdir: 'dist',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    sourcemap: true,
    plugins: [npmPackagesStayExternal],
    logLevel: 'warning',
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServer();
