import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { clusterAvailability } from './harness';

/**
 * Once per run of the cluster suites: builds the server to JavaScript when it has a build (production runs it
 * with node, and so do the nodes the suites start); nothing when the suites will be skipped anyway.
 */
export default function buildServerOnce() {
  if (clusterAvailability().missing !== undefined) return;
  const repository = fileURLToPath(new URL('../../..', import.meta.url));
  const manifest = JSON.parse(readFileSync(`${repository}/apps/server/package.json`, 'utf8')) as {
    scripts?: Record<string, string>;
  };
  if (!manifest.scripts?.build) return;
  execFileSync('npm', ['run', 'build', '-w', '@kestrel/server'], { cwd: repository, stdio: 'inherit' });
}
