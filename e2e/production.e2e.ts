import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_DIST } from '../apps/server/build';
import { freshDatabase } from '../apps/server/test/fresh-database';
import { closedPort } from '../apps/server/test/smtp';
import { TestId } from '../apps/web/src/testIds';
import { byId, launchBrowser, logIn, openPhone, register, startMailbox } from './harness';

/**
 * `npm start`'s production path: the server as the build leaves it in apps/server/dist (the set-up builds it),
 * run by node in a process of its own, from the repository's root as npm runs it, on a database of its own (a
 * fresh one on the PostgreSQL server in CI, PGlite under DATA_DIR otherwise). What only the built file can get
 * wrong is where it finds things: the migrations, the built apps, the message catalogues, its release.
 */
const ROOT = new URL('..', import.meta.url).pathname;
const RELEASE = JSON.parse(
  readFileSync(new URL('../apps/server/package.json', import.meta.url), 'utf8'),
).version;

type BuiltServer = { baseUrl: string; child: ChildProcess };

let browser: Browser;
let mailbox: Awaited<ReturnType<typeof startMailbox>>;
let database: Awaited<ReturnType<typeof freshDatabase>>;
let dataDir: string;
let server: BuiltServer;

/** Runs the built server on a free port and waits until it answers; fails with its output if it stops first. */
async function startBuiltServer(env: NodeJS.ProcessEnv): Promise<BuiltServer> {
  const port = await closedPort();
  const child = spawn(process.execPath, [path.join(SERVER_DIST, 'main.js')], {
    cwd: ROOT,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const stopped = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`the built server stopped (${code}):\n${output}`))),
  );
  const answering = (async () => {
    for (;;) {
      try {
        if ((await fetch(`${baseUrl}/api/health`)).ok) return;
      } catch {
        // Not listening yet.
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  })();
  await Promise.race([answering, stopped]);
  return { baseUrl, child };
}

/** A port found free can be taken by another process before the server binds it: then another port is tried. */
async function startOnAFreePort(env: NodeJS.ProcessEnv): Promise<BuiltServer> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startBuiltServer(env);
    } catch (error) {
      if (attempt === 3 || !String(error).includes('EADDRINUSE')) throw error;
    }
  }
}

beforeAll(async () => {
  mailbox = await startMailbox();
  database = await freshDatabase();
  dataDir = await mkdtemp(path.join(tmpdir(), 'kestrel-built-'));
  server = await startOnAFreePort({
    PATH: process.env.PATH,
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    SMTP_URL: mailbox.url,
    LOG_LEVEL: 'warn',
    MARKET_MAKER: 'off',
    MARKET_HISTORY_CANDLES: '0',
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  if (server && server.child.exitCode === null) {
    const exited = new Promise((resolve) => server.child.once('exit', resolve));
    server.child.kill('SIGTERM');
    await exited;
  }
  await database?.drop();
  await mailbox?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('the production build', () => {
  it('answers /api/health with its database, the release in apps/server/package.json and what it leads', async () => {
    const answer = await (await fetch(`${server.baseUrl}/api/health`)).json();
    expect(answer.data).toMatchObject({
      status: 'ok',
      db: database.url ? 'postgres' : 'pglite',
      version: RELEASE,
    });
    // Alone, the node leads every market's book and the price feed.
    const names = (answer.data.leads as Array<{ name: string }>).map((lead) => lead.name);
    expect(names).toEqual(expect.arrayContaining(['job:market-data', 'spot:BTCUSDT']));
  });

  it('serves the back office', async () => {
    const answer = await fetch(`${server.baseUrl}/admin/login`);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain('<title>Kestrel Admin</title>');
  });

  it('serves the user app, where a person registers with the mailed code and logs in again', async () => {
    const account = `built.${Date.now()}@example.com`;
    const password = 'Built2026x';
    const page = await openPhone(browser);
    await register(page, server.baseUrl, mailbox, account, password);
    // The server's own words, from the catalogues bundled into the build.
    await expect.poll(() => byId(page, TestId.notice).textContent()).toContain('Registration success');

    const fresh = await openPhone(browser);
    await logIn(fresh, server.baseUrl, account, password);
    await page.close();
    await fresh.close();
  });
});
