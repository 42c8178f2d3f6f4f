import { build } from 'vite';

/** Browser journeys run against the production build of the user app, as `npm start` serves it. */
export default async function buildUserApp() {
  await build({ root: new URL('../apps/web', import.meta.url).pathname, logLevel: 'warn' });
}
