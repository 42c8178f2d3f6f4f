import { afterAll, beforeAll, expect, it } from 'vitest';
import { callApi, registerAccount } from '../../../test/api';
import { onRedis, testRedisPrefix } from '../../../test/redis';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { openRedis, type RedisConnections } from '../../cluster/redis';
import { PasswordAttempts } from '../profile/password-attempts';
import { redisLimiters } from './attempts';
import { passwordHashing } from './passwords';
import { AuthRateLimits, DEFAULT_RATE_LIMITS } from './rate-limits';

/*
 * Three nodes' limits on one Redis, each node with a connection of its own: the reservation before checking
 * (decision 0029) holds across them (decision 0044), so however guesses are spread over the nodes, at most the
 * limit is checked.
 */

const ACCOUNT_LIMIT = DEFAULT_RATE_LIMITS.loginFailuresPerAccount;
const NODES = 3;

let connections: RedisConnections[] = [];
let nodes: AuthRateLimits[] = [];
let prefix: string;

beforeAll(async () => {
  if (!process.env.REDIS_URL) return;
  prefix = testRedisPrefix();
  connections = await Promise.all(
    Array.from({ length: NODES }, () => openRedis(process.env.REDIS_URL as string)),
  );
  nodes = connections.map((redis) => new AuthRateLimits(DEFAULT_RATE_LIMITS, { store: limitersOf(redis) }));
});
afterAll(async () => {
  const [first] = connections;
  const keys = first ? await first.command.keys(`${prefix}:*`) : [];
  if (first && keys.length > 0) await first.command.del(...keys);
  await Promise.all(connections.map((redis) => redis.close()));
});

function limitersOf(redis: RedisConnections) {
  return redisLimiters(redis.command, prefix);
}

/** Sends one reservation of `account` to each node in turn, all at once; answers how many were let through. */
async function guessesLetThrough(account: string, count: number, check: () => Promise<unknown>) {
  const outcomes = await Promise.allSettled(
    Array.from({ length: count }, async (_, index) => {
      const node = nodes[index % NODES] as AuthRateLimits;
      const attempt = await node.reserveLogin(account, `10.66.0.${index}`);
      await attempt.check(check);
    }),
  );
  const refused = outcomes.filter(
    (outcome) => outcome.status === 'rejected' && outcome.reason?.reason === 'tooManyAttempts',
  );
  return { checked: outcomes.length - refused.length, refused: refused.length };
}

onRedis('limits shared by several nodes', () => {
  it('checks exactly the limit of 50 wrong guesses sent at once to three nodes', async () => {
    let checks = 0;
    const result = await guessesLetThrough('spread@example.com', 50, async () => {
      checks += 1;
    });
    expect(result).toEqual({ checked: ACCOUNT_LIMIT, refused: 50 - ACCOUNT_LIMIT });
    expect(checks).toBe(ACCOUNT_LIMIT);
    // Every node now refuses the account, and refuses it before anything is spent.
    for (const node of nodes) {
      await expect(node.reserveLogin('spread@example.com', '10.66.1.1')).rejects.toMatchObject({
        reason: 'tooManyAttempts',
      });
    }
  });

  it('gives back on every node an attempt that was not checked, and forgets failures after a right password', async () => {
    const [first, second, third] = nodes as [AuthRateLimits, AuthRateLimits, AuthRateLimits];
    // Hashing refused as busy on the first node: nothing was checked, so the attempt comes back.
    for (let round = 0; round < ACCOUNT_LIMIT + 2; round++) {
      const attempt = await first.reserveLogin('busy@example.com', '10.66.2.1');
      await expect(
        attempt.check(async () => {
          throw new Error('busy');
        }),
      ).rejects.toThrow('busy');
    }
    // Wrong passwords on the second node leave one attempt; a right one on the third forgets them all.
    for (let round = 0; round < ACCOUNT_LIMIT - 1; round++) {
      await (await second.reserveLogin('busy@example.com', `10.66.3.${round}`)).check(async () => false);
    }
    await (await third.reserveLogin('busy@example.com', '10.66.4.1')).succeeded();
    const { checked } = await guessesLetThrough('busy@example.com', 30, async () => false);
    expect(checked).toBe(ACCOUNT_LIMIT);
  });

  it("refuses a locked address on every node without spending anything, once another node's guesses used it up", async () => {
    const [first, second] = nodes as [AuthRateLimits, AuthRateLimits];
    const ip = '10.66.5.1';
    for (let round = 0; round < DEFAULT_RATE_LIMITS.loginFailuresPerIp; round++) {
      await (await first.reserveLogin(`ip-${round}@example.com`, ip)).check(async () => false);
    }
    await expect(second.refuseLockedIp(ip)).rejects.toMatchObject({ reason: 'tooManyAttempts' });
    await second.refuseLockedIp('10.66.5.2');
  });

  it('limits old-password checks per user across nodes', async () => {
    const attempts = connections.map(
      (redis) => new PasswordAttempts({ failures: 5, windowSeconds: 600 }, limitersOf(redis)),
    );
    const outcomes = await Promise.allSettled(
      Array.from({ length: 30 }, (_, index) =>
        (attempts[index % NODES] as PasswordAttempts).check('user:7:login', async () => false),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(5);
  });
});

onRedis('a lock-out seen by every node', () => {
  let apps: TestApp[] = [];

  beforeAll(async () => {
    const env = (name: string) => ({
      REDIS_URL: process.env.REDIS_URL,
      REDIS_PREFIX: testRedisPrefix(),
      NODE_NAME: name,
    });
    const shared = env('node-a');
    const first = await createTestApp({ env: shared });
    const others = await Promise.all(
      ['node-b', 'node-c'].map((name) =>
        createTestApp({ env: { ...shared, NODE_NAME: name }, nodeOf: first }),
      ),
    );
    apps = [first, ...others];
  }, 60_000);
  afterAll(async () => {
    for (const app of apps.slice(1)) await app.close();
    await apps[0]?.close();
  });

  it('hashes exactly the limit of 50 wrong passwords sent at once to three nodes', async () => {
    const [first] = apps as [TestApp];
    const account = `flooded.${Date.now()}@example.com`;
    await registerAccount(first, account, { password: 'secret123', ip: '10.65.2.1' });
    const before = passwordHashing.stats().started;
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        callApi(apps[index % NODES] as TestApp, 'POST', '/api/auth/login', {
          body: { account, password: 'wrong12345' },
          ip: `10.65.3.${index}`,
        }),
      ),
    );
    expect(passwordHashing.stats().started - before).toBe(ACCOUNT_LIMIT);
    expect(answers.filter((answer) => answer.body.code === 2001)).toHaveLength(ACCOUNT_LIMIT);
    expect(answers.filter((answer) => answer.body.code === 1029)).toHaveLength(50 - ACCOUNT_LIMIT);
  }, 60_000);

  it('has each node name itself in its health and be ready, its Redis answering', async () => {
    for (const [index, node] of apps.entries()) {
      const health = await node.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.json().data.node).toBe(`node-${'abc'[index]}`);
      expect((await node.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
    }
  });

  it('locks an account on all three nodes after 10 wrong passwords spread over them', async () => {
    const [first] = apps as [TestApp];
    const account = `spread.${Date.now()}@example.com`;
    await registerAccount(first, account, { password: 'secret123', ip: '10.65.0.1' });
    const login = (node: TestApp, password: string, index: number) =>
      callApi(node, 'POST', '/api/auth/login', { body: { account, password }, ip: `10.65.1.${index}` });

    for (let index = 0; index < ACCOUNT_LIMIT; index++) {
      expect((await login(apps[index % NODES] as TestApp, 'wrong12345', index)).body.code).toBe(2001);
    }
    for (const [index, node] of apps.entries()) {
      expect(await login(node, 'secret123', 100 + index)).toMatchObject({
        status: 429,
        body: { code: 1029 },
      });
    }
  }, 60_000);
});
