import { randomBytes } from 'node:crypto';
import { describe } from 'vitest';

/** Tests of several nodes sharing Redis: they run when REDIS_URL names a server (as in CI). */
export const onRedis = describe.skipIf(!process.env.REDIS_URL);

/** A key and channel prefix of the test's own, so that test files running at once never share keys. */
export function testRedisPrefix() {
  return `test-${randomBytes(6).toString('hex')}`;
}
