import { createRequire } from 'node:module';

/** The release, from the server's package.json; shown by /api/health and the API reference. */
export const VERSION: string = createRequire(import.meta.url)('../package.json').version;
