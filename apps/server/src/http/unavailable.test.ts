import { createServer, type Server, Socket } from 'node:net';
import { catalogues } from '@kestrel/i18n/all';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import Fastify from 'fastify';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { onServer } from '../../test/database';
import { AuthRateLimits, DEFAULT_RATE_LIMITS, redisLimiters } from '../modules/auth';
import { installErrorHandler } from './error-handler';
import { requestLanguage } from './request-language';
import { isServiceUnavailable } from './unavailable';

/*
 * A database that does not answer makes requests fail with a translated 503, not a 500, and they succeed again by
 * themselves once it is back, since the pool opens new connections on its next use (decision 0044).
 */

const closers: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

/** A port nothing listens on: taken from the system, then given up. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** An app whose one route reads from the database at `url` through a pool, as the server's routes do. */
async function appOn(url: string) {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  pool.on('error', () => {});
  const db = drizzle(pool);
  const app = Fastify();
  await app.register(requestLanguage);
  installErrorHandler(app);
  app.get('/read', async () => {
    await db.execute(sql`select 1`);
    return { code: 0, msg: 'ok', data: null };
  });
  closers.push(
    () => pool.end(),
    () => app.close(),
  );
  return app;
}

const read = (app: Awaited<ReturnType<typeof appOn>>) =>
  app.inject({ method: 'GET', url: '/read', headers: { 'think-lang': 'ja-JP' } });

describe('a database out of reach', () => {
  it('is answered with a translated 503 when no server listens', async () => {
    const app = await appOn(`postgres://postgres@127.0.0.1:${await closedPort()}/kestrel`);
    const response = await read(app);
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      code: 1504,
      msg: catalogues['ja-JP'].errors.serviceUnavailable,
      data: null,
    });
  });

  it('tells the failures of an unreachable engine from those of a request', () => {
    const state = (code: string) => Object.assign(new Error('server says'), { code });
    for (const code of ['57P01', '57P02', '57P03', '08006', '08001', '53300', 'ECONNREFUSED'])
      expect(isServiceUnavailable(state(code)), code).toBe(true);
    expect(isServiceUnavailable(new Error('wrapped', { cause: state('57P01') }))).toBe(true);
    expect(isServiceUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(
      isServiceUnavailable(Object.assign(new Error('retries'), { name: 'MaxRetriesPerRequestError' })),
    ).toBe(true);
    for (const code of ['23505', '40001', 'KF001', '42P01'])
      expect(isServiceUnavailable(state(code)), code).toBe(false);
    expect(isServiceUnavailable(new Error('something else'))).toBe(false);
  });
});

describe('Redis out of reach', () => {
  it("fails a limit's reservation with what is answered as a 503, once the client gives up retrying", async () => {
    const redis = new Redis(`redis://127.0.0.1:${await closedPort()}`, {
      maxRetriesPerRequest: 1,
      retryStrategy: () => 20,
    });
    redis.on('error', () => {});
    closers.push(async () => redis.disconnect());
    const limits = new AuthRateLimits(DEFAULT_RATE_LIMITS, { store: redisLimiters(redis, 'test') });
    const failure = await limits.reserveLogin('someone@example.com', '10.0.0.1').catch((error) => error);
    expect(failure).toBeInstanceOf(Error);
    expect(isServiceUnavailable(failure)).toBe(true);
  });
});

/** A TCP relay to the database server that can be cut and restored, as a restart of the server looks. */
async function relayTo(url: string) {
  const target = new URL(url);
  let up = true;
  const open = new Set<Socket>();
  const server: Server = createServer((client) => {
    if (!up) {
      client.destroy();
      return;
    }
    const upstream = new Socket();
    upstream.connect(Number(target.port || 5432), target.hostname);
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.on('error', () => {});
      socket.on('close', () => {
        open.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const relayed = new URL(url);
  relayed.hostname = '127.0.0.1';
  relayed.port = String((server.address() as { port: number }).port);
  closers.push(async () => {
    for (const socket of open) socket.destroy();
    await new Promise((resolve) => server.close(resolve));
  });
  return {
    url: relayed.toString(),
    cut() {
      up = false;
      for (const socket of open) socket.destroy();
    },
    restore() {
      up = true;
    },
  };
}

onServer('a database server that restarts', () => {
  it('answers 503 while it is down and serves again once it is back, without a restart of the node', async () => {
    const relay = await relayTo(process.env.DATABASE_URL as string);
    const app = await appOn(relay.url);
    expect((await read(app)).statusCode).toBe(200);

    relay.cut();
    expect((await read(app)).statusCode).toBe(503);
    expect((await read(app)).json().code).toBe(1504);

    relay.restore();
    expect((await read(app)).statusCode).toBe(200);
  });
});
