/**
 * Writes src/routes.ts from the endpoints and channels tables: `npm run contract:routes` after adding or changing
 * an endpoint or a channel. The typecheck fails while the file is behind the tables.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { channels } from '../src/channels';
import type { Endpoint } from '../src/endpoint';
import { endpoints } from '../src/endpoints';

const target = fileURLToPath(new URL('../src/routes.ts', import.meta.url));

function routeOf(endpoint: Endpoint): string {
  const parts = [
    `operationId: '${endpoint.operationId}'`,
    `method: '${endpoint.method}'`,
    `path: '${endpoint.path}'`,
  ];
  if (!('parse' in endpoint.response)) parts.push(`answer: 'bytes'`);
  if (endpoint.consumes === 'multipart/form-data') parts.push(`sends: 'multipart'`);
  return `  ${endpoint.operationId}: { ${parts.join(', ')} },`;
}

const routeLines = Object.values(endpoints as Record<string, Endpoint>)
  .sort((a, b) => a.operationId.localeCompare(b.operationId))
  .map(routeOf);
const streamLines = Object.entries(channels).map(
  ([key, channel]) =>
    `  ${key}: { kind: '${channel.kind}', pattern: '${channel.pattern}', access: '${channel.access}' },`,
);

writeFileSync(
  target,
  `// Written by \`npm run contract:routes\` from the endpoints and channels tables; do not edit by hand.
import type { RouteTable, StreamTable } from './route';

/** Every endpoint's method and path, by operationId, for clients: \`call(routes.getWalletBalances)\`. */
export const routes = {
${routeLines.join('\n')}
} as const satisfies RouteTable;

/** Every channel's name pattern, by kind, for clients: \`useChannel(streams.ticker, { symbol })\`. */
export const streams = {
${streamLines.join('\n')}
} as const satisfies StreamTable;
`,
);
execFileSync('npx', ['biome', 'format', '--write', target], { stdio: 'inherit' });
