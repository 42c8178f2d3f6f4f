import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { type Database, openDatabase } from '../src/db/client';
import type { RateLimitOptions } from '../src/modules/auth/rate-limits';
import type { SupportLimits } from '../src/modules/support';
import { freshDatabase } from './fresh-database';
import { captureLogOf, LogCapture } from './outbox';

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * The real server on a database of its own: a fresh database on the PostgreSQL server when DATABASE_URL is set
 * (as in CI), an in-memory PGlite otherwise. `close()` drops what it made.
 */
export async function createTestApp(
  options: {
    rateLimits?: RateLimitOptions;
    smtpUrl?: string;
    webDist?: string;
    dataDir?: string;
    /** More settings, as the environment would give them (e.g. UPLOAD_S3_*). */
    env?: NodeJS.ProcessEnv;
    /**
     * Another node of `of`'s deployment: this app works on that app's database (which it neither closes nor
     * drops; close it after `of`), as nodes behind one balancer do. Codes are read from the log of the app whose database it is, so send them through that app.
     */
    nodeOf?: { database: Database };
    /** Earn's clock (AppOptions.earnClock): move it on, then `app.earn.job.runNow()` pays the days passed. */
    earnClock?: () => Date;
    /** The chat's rate limits (AppOptions.supportLimits). */
    supportLimits?: SupportLimits;
    /**
     * The help centre's starting set (AppOptions.contentSeedDir). None unless a test names a folder: each test
     * writes the articles it reads, and seeding the shipped set into every test database would cost every test.
     */
    contentSeedDir?: string;
  } = {},
) {
  const scratch = options.nodeOf ? undefined : await freshDatabase();
  // Uploads land under DATA_DIR; each test app gets a folder of its own unless the test names one.
  const ownDataDir = options.dataDir ? undefined : await mkdtemp(path.join(tmpdir(), 'kestrel-test-'));
  const config = loadConfig({
    DATA_DIR: options.dataDir ?? ownDataDir,
    LOG_LEVEL: 'silent',
    SMTP_URL: options.smtpUrl,
    WEB_DIST: options.webDist ?? '/nonexistent',
    // Tests trade against the books they set up; one that wants the market maker passes MARKET_MAKER: 'on'.
    MARKET_MAKER: 'off',
    // No generated price history unless a test asks for it: it takes seconds, and few tests look at candles.
    MARKET_HISTORY_CANDLES: '0',
    ...options.env,
  });
  const database =
    options.nodeOf?.database ?? (await openDatabase({ databaseUrl: scratch?.url, dataDir: 'memory://' }));
  // Kept rather than printed: development delivery writes codes there, and tests read them back.
  const log = new LogCapture();
  if (!options.nodeOf) captureLogOf(database, log);
  const app = await buildApp({
    config,
    database,
    rateLimits: options.rateLimits,
    earnClock: options.earnClock,
    supportLimits: options.supportLimits,
    contentSeedDir: options.contentSeedDir ?? '/nonexistent',
    logger: { level: 'info', stream: log.stream },
  });
  await app.ready();
  return {
    app,
    database,
    log,
    async close() {
      await app.close();
      if (!options.nodeOf) {
        await database.close();
        await scratch?.drop();
      }
      if (ownDataDir) await rm(ownDataDir, { recursive: true, force: true });
    },
  };
}
