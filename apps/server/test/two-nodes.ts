import { Redis } from 'ioredis';
import { createTestApp, type TestApp } from './test-app';

/**
 * Two servers on one database and one Redis, as two nodes behind a balancer (decision 0044), each listening on a
 * free port. `urls` are their WebSocket bases; `close()` stops both and removes the keys under `prefix`.
 */
export async function startTwoNodes(prefix: string, names: readonly [string, string]) {
  const env = { REDIS_URL: process.env.REDIS_URL, REDIS_PREFIX: prefix };
  const first = await createTestApp({ env: { ...env, NODE_NAME: names[0] } });
  const second = await createTestApp({ env: { ...env, NODE_NAME: names[1] }, nodeOf: first });
  const nodes: [TestApp, TestApp] = [first, second];
  const urls: string[] = [];
  for (const node of nodes) {
    urls.push((await node.app.listen({ port: 0, host: '127.0.0.1' })).replace(/^http/, 'ws'));
  }
  return {
    nodes,
    urls,
    async close() {
      await second.close();
      await first.close();
      const admin = new Redis(process.env.REDIS_URL as string);
      const keys = await admin.keys(`${prefix}:*`);
      if (keys.length > 0) await admin.del(...keys);
      admin.disconnect();
    },
  };
}
