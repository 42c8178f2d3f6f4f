import { fileURLToPath } from 'node:url';

/**
 * apps/server, one level above this file: under tsx this file runs from src/, and the build bundles it into dist/
 * (apps/server/build.ts), so the folder is the same in development and in production.
 */
export const SERVER_ROOT = fileURLToPath(new URL('..', import.meta.url));
