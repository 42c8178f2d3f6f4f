import { build } from 'vite';
import { buildServer } from '../apps/server/build';
import { ensureChromium } from './chromium';

/**
 * Browser journeys drive Chromium (installed here where it may be, e2e/chromium.ts) against the production builds
 * of the user app and the back office, as `npm start` serves them; one of them runs the built server too
 * (e2e/production.e2e.ts). Without a Chromium the run stops at once with one line naming the command to run,
 * rather than failing journey by journey.
 */
export default async function setUpJourneys() {
  const chromium = ensureChromium();
  if ('problem' in chromium) {
    process.stderr.write(`\n${chromium.problem}\n`);
    process.exit(1);
  }
  await build({ root: new URL('../apps/web', import.meta.url).pathname, logLevel: 'warn' });
  await build({ root: new URL('../apps/admin', import.meta.url).pathname, logLevel: 'warn' });
  await buildServer();
}
