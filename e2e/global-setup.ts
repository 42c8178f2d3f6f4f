import { build } from 'vite';

/** Browser journeys run against the production builds of the user app and the back office, as `npm start` serves them. */
export default async function buildApps() {
  await build({ root: new URL('../apps/web', import.meta.url).pathname, logLevel: 'warn' });
  await build({ root: new URL('../apps/admin', import.meta.url).pathname, logLevel: 'warn' });
}
