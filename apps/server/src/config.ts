import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { DeliveryMode, TwilioOptions } from './modules/notifications';
import type { S3StorageOptions } from './modules/uploads';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const environment = z.object({
  PORT: z.coerce.number().int().min(1).max(65535, 'must be a port number from 1 to 65535').default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  REDIS_PREFIX: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'must be 1 to 40 lower-case letters, digits or hyphens')
    .default('kestrel'),
  NODE_NAME: z
    .string()
    .regex(
      /^[A-Za-z0-9][A-Za-z0-9._-]{0,62}$/,
      'must be 1 to 63 letters, digits, dots, hyphens or underscores',
    )
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  SMTP_FROM: z.string().min(3).default('Kestrel <no-reply@kestrel.local>'),
  MESSAGE_DELIVERY: z.enum(['development', 'providers'], 'must be development or providers').optional(),
  SMS_PROVIDER: z.enum(['twilio'], 'must be twilio (or unset for no SMS)').optional(),
  TWILIO_ACCOUNT_SID: z
    .string()
    .regex(/^AC[0-9a-fA-F]{32}$/, 'must be an account SID: AC and 32 hexadecimal digits')
    .optional(),
  TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
  TWILIO_FROM: z
    .string()
    .regex(
      /^(\+[1-9]\d{6,14}|MG[0-9a-fA-F]{32})$/,
      'must be a sending number such as +14155550123 or a messaging service SID (MG...)',
    )
    .optional(),
  TWILIO_API_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  PUBLIC_URL: z.url('must be an absolute URL such as https://kestrel.example').optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS, `must be one of ${LOG_LEVELS.join(', ')}`).default('info'),
  TRUST_PROXY: z.string().optional(),
  WEB_DIST: z.string().optional(),
  ADMIN_EMAIL: z.email('must be an e-mail address').optional(),
  ADMIN_PASSWORD: z
    .string()
    .regex(/^(?=.*[A-Za-z])(?=.*\d).{8,64}$/, 'must be 8 to 64 characters with letters and digits')
    .optional(),
  UPLOAD_S3_ENDPOINT: z
    .url({
      protocol: /^https?$/,
      error: 'must be an http:// or https:// URL such as https://s3.eu-west-1.amazonaws.com',
    })
    .refine((value) => /^https?:\/\/[^/?#]+\/?$/.test(value), 'must name the service only, without a path')
    .optional(),
  UPLOAD_S3_REGION: z.string().optional(),
  UPLOAD_S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'must be a bucket name: 3 to 63 lower-case letters, digits, dots or hyphens',
    )
    .optional(),
  UPLOAD_S3_ACCESS_KEY_ID: z.string().optional(),
  UPLOAD_S3_SECRET_ACCESS_KEY: z.string().optional(),
  UPLOAD_S3_PREFIX: z.string().optional(),
  UPLOAD_S3_FORCE_PATH_STYLE: z.enum(['true', 'false'], 'must be true or false').optional(),
  MARKET_FEED: z.enum(['simulated', 'exchange'], 'must be simulated or exchange').default('simulated'),
  MARKET_FEED_URL: z
    .url({
      protocol: /^wss?$/,
      error: 'must be a ws:// or wss:// URL such as wss://stream.binance.com:9443/stream',
    })
    .optional(),
  MARKET_FEED_SEED: z.string().min(1).max(100).default('kestrel'),
  MARKET_FEED_STALE_SECONDS: z.coerce
    .number()
    .int()
    .min(1, 'must be a whole number of seconds from 1')
    .default(15),
  MARKET_HISTORY_CANDLES: z.coerce
    .number()
    .int()
    .min(0)
    .max(1000, 'must be a whole number from 0 (no history) to 1000')
    .default(300),
  WITHDRAWAL_SECOND_REVIEW: z
    .string()
    .regex(
      /^[A-Z0-9]{2,12}=\d{1,18}(\.\d{1,18})?(,[A-Z0-9]{2,12}=\d{1,18}(\.\d{1,18})?)*$/,
      'must list ASSET=amount pairs separated by commas, such as USDT=10000,BTC=0.1',
    )
    .default('USDT=10000,BTC=0.1,ETH=3,BNB=15,SOL=60,TRX=40000'),
  MARKET_MAKER: z.enum(['on', 'off'], 'must be on or off').default('on'),
  MARKET_MAKER_LEVELS: z.coerce
    .number()
    .int()
    .min(1)
    .max(50, 'must be a whole number from 1 to 50')
    .default(5),
  MARKET_MAKER_SPREAD_BPS: z.coerce
    .number()
    .int()
    .min(1)
    .max(1000, 'must be a whole number of basis points from 1 to 1000')
    .default(5),
  MARKET_MAKER_STEP_BPS: z.coerce
    .number()
    .int()
    .min(0)
    .max(1000, 'must be a whole number of basis points from 0 to 1000')
    .default(5),
  MARKET_MAKER_LEVEL_NOTIONAL: z
    .string()
    .regex(/^\d{1,12}(\.\d{1,6})?$/, 'must be a quote amount such as 5000')
    .default('5000'),
  MARKET_MAKER_QUOTE_FUNDS: z
    .string()
    .regex(/^\d{1,15}(\.\d{1,6})?$/, 'must be a quote amount such as 5000000')
    .default('5000000'),
  MARKET_MAKER_BASE_VALUE: z
    .string()
    .regex(/^\d{1,15}(\.\d{1,6})?$/, 'must be a quote amount such as 5000000')
    .default('5000000'),
  MARKET_MAKER_INVENTORY_LIMIT: z
    .string()
    .regex(/^(0(\.\d{1,6})?|1(\.0{1,6})?)$/, 'must be a fraction from 0 to 1 such as 0.5')
    .default('0.5'),
  MARKET_MAKER_REFRESH_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(600_000, 'must be milliseconds from 100 to 600000')
    .default(5000),
  METRICS_PORT: z.coerce.number().int().min(1).max(65535, 'must be a port number from 1 to 65535').optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  METRICS_TOKEN: z
    .string()
    .regex(
      /^[A-Za-z0-9._~+/=-]{32,256}$/,
      'must be 32 to 256 letters, digits or ._~+/=- (openssl rand -hex 32 makes one)',
    )
    .optional(),
  DRAIN_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(120, 'must be a whole number of seconds from 0 to 120')
    .default(0),
  SWAP_WATCHER_MODE: z.enum(['manual', 'simulated'], 'must be manual or simulated').optional(),
  SWAP_QUOTE_SECRET: z
    .string()
    .regex(
      /^[A-Za-z0-9._~+/=-]{32,256}$/,
      'must be 32 to 256 letters, digits or ._~+/=- (openssl rand -hex 32 makes one)',
    )
    .optional(),
  WS_MAX_CONNECTIONS_PER_IP: z.coerce
    .number()
    .int()
    .min(1)
    .max(100_000, 'must be a number of connections from 1 to 100000')
    .default(200),
  SUPPORT_TYPICAL_REPLY_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(10_080, 'must be a number of minutes from 1 to 10080')
    .default(30),
  DEMO_STARTING_BALANCE: z
    .string()
    .regex(/^[1-9][0-9]{0,11}$/, 'must be a whole number of USDT from 1 to 999999999999')
    .default('100000'),
  DEMO_CLOSE_AFTER_IDLE_DAYS: z.coerce
    .number()
    .int()
    .min(1)
    .max(3650, 'must be a number of days from 1 to 3650')
    .default(30),
});

/** The bucket settings: all of these name one bucket, so a deployment sets all of them or none. */
const UPLOAD_S3_REQUIRED = [
  'UPLOAD_S3_ENDPOINT',
  'UPLOAD_S3_REGION',
  'UPLOAD_S3_BUCKET',
  'UPLOAD_S3_ACCESS_KEY_ID',
  'UPLOAD_S3_SECRET_ACCESS_KEY',
] as const;
const UPLOAD_S3_OPTIONAL = ['UPLOAD_S3_PREFIX', 'UPLOAD_S3_FORCE_PATH_STYLE'] as const;

/** The settings SMS_PROVIDER=twilio needs. */
const TWILIO_REQUIRED = ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'] as const;

/** Values that are never repeated in an error: a URL may hold a password, and the rest are secrets. */
const SECRET_VARIABLE = /(_URL|_PASSWORD|_SECRET_ACCESS_KEY|_TOKEN|_SECRET)$/;

function missingTwilioSettings(env: Record<string, string | undefined>): string[] {
  if (env.SMS_PROVIDER !== 'twilio') return [];
  return TWILIO_REQUIRED.filter((name) => env[name] === undefined).map(
    (name) => `${name}: must be set too, since SMS_PROVIDER is twilio`,
  );
}

/** The metrics' own listener needs a port of its own. */
function metricsPortProblems(env: Record<string, string | undefined>): string[] {
  if (env.METRICS_HOST !== undefined && env.METRICS_PORT === undefined) {
    return ['METRICS_HOST: must go with METRICS_PORT, the port the metrics listen on there'];
  }
  if (env.METRICS_PORT !== undefined && Number(env.METRICS_PORT) === Number(env.PORT ?? 8080)) {
    return [`METRICS_PORT: must differ from PORT (got "${env.METRICS_PORT}")`];
  }
  return [];
}

/** One line per bucket setting that is missing while others are set; checked beside the schema, so at once. */
function missingBucketSettings(env: Record<string, string | undefined>): string[] {
  const given = [...UPLOAD_S3_REQUIRED, ...UPLOAD_S3_OPTIONAL].filter((name) => env[name] !== undefined);
  if (given.length === 0) return [];
  const listed = `${given.join(', ')} ${given.length === 1 ? 'is' : 'are'} set`;
  return UPLOAD_S3_REQUIRED.filter((name) => env[name] === undefined).map(
    (name) => `${name}: must be set too, since ${listed}`,
  );
}

/** Where uploads go: DATA_DIR/uploads, or the bucket the UPLOAD_S3_* variables name. */
function uploadBucket(value: z.infer<typeof environment>): S3StorageOptions | undefined {
  const { UPLOAD_S3_ENDPOINT, UPLOAD_S3_REGION, UPLOAD_S3_BUCKET } = value;
  const { UPLOAD_S3_ACCESS_KEY_ID, UPLOAD_S3_SECRET_ACCESS_KEY } = value;
  if (
    !UPLOAD_S3_ENDPOINT ||
    !UPLOAD_S3_REGION ||
    !UPLOAD_S3_BUCKET ||
    !UPLOAD_S3_ACCESS_KEY_ID ||
    !UPLOAD_S3_SECRET_ACCESS_KEY
  ) {
    return undefined;
  }
  return {
    endpoint: UPLOAD_S3_ENDPOINT,
    region: UPLOAD_S3_REGION,
    bucket: UPLOAD_S3_BUCKET,
    accessKeyId: UPLOAD_S3_ACCESS_KEY_ID,
    secretAccessKey: UPLOAD_S3_SECRET_ACCESS_KEY,
    prefix: value.UPLOAD_S3_PREFIX ?? '',
    forcePathStyle: value.UPLOAD_S3_FORCE_PATH_STYLE === 'true',
  };
}

/**
 * Development delivery (codes in the log) only where nothing can deliver: it is the default when neither SMTP_URL
 * nor an SMS provider is set, and any provider turns it off unless MESSAGE_DELIVERY asks for it (decision 0030).
 */
function messageDelivery(value: z.infer<typeof environment>): Config['messageDelivery'] {
  const sms =
    value.SMS_PROVIDER === 'twilio' &&
    value.TWILIO_ACCOUNT_SID &&
    value.TWILIO_AUTH_TOKEN &&
    value.TWILIO_FROM
      ? {
          provider: 'twilio' as const,
          accountSid: value.TWILIO_ACCOUNT_SID,
          authToken: value.TWILIO_AUTH_TOKEN,
          from: value.TWILIO_FROM,
          apiUrl: value.TWILIO_API_URL,
        }
      : undefined;
  const nothingConfigured = !value.SMTP_URL && !sms;
  return {
    mode: value.MESSAGE_DELIVERY ?? (nothingConfigured ? 'development' : 'providers'),
    sms,
  };
}

/**
 * Which proxies may set X-Forwarded-For. Trusting it from anyone would let a client pick the IP that rate
 * limits count, so it is off unless set: "true", or the proxies' addresses and CIDRs ("10.0.0.0/8,127.0.0.1").
 */
function trustProxy(value: string | undefined): boolean | string {
  if (value === undefined || value === 'false') return false;
  return value === 'true' ? true : value;
}

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Set: the node runs with others, sharing limits, sessions and the stream bus through Redis (decision 0044). */
  redisUrl: string | undefined;
  /** Prefix of this deployment's Redis keys and channels. */
  redisPrefix: string;
  /** This node's name in leadership leases, logs and metrics; the host name and process id when unset. */
  nodeName: string | undefined;
  smtpUrl: string | undefined;
  smtpFrom: string;
  /** Where codes go when a channel has no provider, and the SMS provider if one is set (decision 0030). */
  messageDelivery: {
    mode: DeliveryMode;
    sms: ({ provider: 'twilio' } & TwilioOptions) | undefined;
  };
  publicUrl: string | undefined;
  logLevel: (typeof LOG_LEVELS)[number];
  trustProxy: boolean | string;
  /** The built user app; not served when the folder does not exist. */
  webDist: string;
  /** Both set: the first super admin is created, or its password reset, at start-up. */
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  /** Set: uploads are stored in this S3-compatible bucket instead of DATA_DIR/uploads. */
  uploadS3: S3StorageOptions | undefined;
  /** Index prices: the built-in simulation, or a public exchange's stream (decision 0018). */
  marketFeed: 'simulated' | 'exchange';
  /** The exchange stream's endpoint; Binance's combined stream when unset. */
  marketFeedUrl: string | undefined;
  /** Seed of the simulation: the same seed gives the same prices. */
  marketFeedSeed: string;
  /** A market whose feed is silent for longer than this is stale. */
  marketFeedStaleSeconds: number;
  /** Candles per interval generated as history on the simulation's first start; 0 for none. */
  marketHistoryCandles: number;
  /**
   * Per asset, the amount (in the asset's units) from which a withdrawal needs a second, different reviewer;
   * an asset not listed always needs two (decision 16).
   */
  withdrawalSecondReview: ReadonlyMap<string, string>;
  /** WebSocket connections one client address may hold at once (carrier NAT puts many phones behind one). */
  wsMaxConnectionsPerIp: number;
  /** The built-in market maker (decision 21); MARKET_MAKER=off leaves every market to people. */
  marketMaker: MarketMakerSettings;
  /**
   * Where Prometheus reads `/metrics` (decision 0044): a listener of its own on this port and host, and/or the
   * public port for a scraper that sends this token; neither set, no metrics are served.
   */
  metrics: { port: number | undefined; host: string; token: string | undefined };
  /**
   * On SIGTERM, how long the node answers `/api/ready` with 503 while still serving, so that the load balancer
   * stops sending to it, before it closes.
   */
  drainSeconds: number;
  /**
   * The swap desk (decision 0048): the watcher mode its settings start with (simulated by default where the price
   * feed is simulated, manual otherwise), and the secret that signs its quotes (SWAP_QUOTE_SECRET; unset, one
   * drawn once and kept in the desk's settings row, shared by every node through the database).
   */
  swap: { watcherMode: 'manual' | 'simulated'; quoteSecret: string | undefined };
  /** Customer service (decision 0052): how soon an answer usually comes when no agent is online, in minutes. */
  supportTypicalReplyMinutes: number;
  /**
   * Demo accounts (decision 0055): the virtual USDT each starts with (DEMO_STARTING_BALANCE), and the days without
   * a session's activity after which one is closed (DEMO_CLOSE_AFTER_IDLE_DAYS).
   */
  demo: { startingBalance: string; closeAfterIdleDays: number };
};

export type MarketMakerSettings = {
  enabled: boolean;
  /** Quotes per side of each market. */
  levels: number;
  /** Between the best bid and the best ask, in basis points of the mid. */
  spreadBps: number;
  /** Between two levels of one side, in basis points of the index: the grid the quotes stay on. */
  stepBps: number;
  /** Quote value of each level. */
  levelNotional: string;
  /** Credited once per quote asset from the adjustments account: to spot, and to futures for the perpetuals. */
  quoteFunds: string;
  /** Credited once per base asset, as that much quote value at the index price of the first funding. */
  baseValue: string;
  /** How far from the base value (a fraction of it) the holding may drift before the growing side stops. */
  inventoryLimit: string;
  /**
   * A market is quoted again when its index moves its quotes to other grid lines, and at least this often, which
   * replaces what was filled.
   */
  refreshMs: number;
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((line) => `  ${line}`).join('\n')}`);
  }
}

/** Reads the environment once at start-up; every bad value is reported on its own line. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const blankAsUnset = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ''),
  );
  const parsed = environment.safeParse(blankAsUnset);
  const problems = [
    ...(parsed.error?.issues ?? []).map((issue) => {
      const name = String(issue.path[0]);
      return SECRET_VARIABLE.test(name)
        ? `${name}: ${issue.message}`
        : `${name}: ${issue.message} (got "${env[name]}")`;
    }),
    ...missingBucketSettings(blankAsUnset),
    ...missingTwilioSettings(blankAsUnset),
    ...metricsPortProblems(blankAsUnset),
  ];
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  const value = parsed.data;
  return {
    port: value.PORT,
    host: value.HOST,
    dataDir: path.resolve(value.DATA_DIR),
    databaseUrl: value.DATABASE_URL,
    redisUrl: value.REDIS_URL,
    redisPrefix: value.REDIS_PREFIX,
    nodeName: value.NODE_NAME,
    smtpUrl: value.SMTP_URL,
    smtpFrom: value.SMTP_FROM,
    messageDelivery: messageDelivery(value),
    publicUrl: value.PUBLIC_URL,
    logLevel: value.LOG_LEVEL,
    trustProxy: trustProxy(value.TRUST_PROXY),
    webDist: path.resolve(value.WEB_DIST ?? fileURLToPath(new URL('../../web/dist', import.meta.url))),
    adminEmail: value.ADMIN_EMAIL?.toLowerCase(),
    adminPassword: value.ADMIN_PASSWORD,
    uploadS3: uploadBucket(value),
    marketFeed: value.MARKET_FEED,
    marketFeedUrl: value.MARKET_FEED_URL,
    marketFeedSeed: value.MARKET_FEED_SEED,
    marketFeedStaleSeconds: value.MARKET_FEED_STALE_SECONDS,
    marketHistoryCandles: value.MARKET_HISTORY_CANDLES,
    withdrawalSecondReview: new Map(
      value.WITHDRAWAL_SECOND_REVIEW.split(',').map((pair) => pair.split('=') as [string, string]),
    ),
    wsMaxConnectionsPerIp: value.WS_MAX_CONNECTIONS_PER_IP,
    metrics: { port: value.METRICS_PORT, host: value.METRICS_HOST, token: value.METRICS_TOKEN },
    drainSeconds: value.DRAIN_SECONDS,
    swap: {
      watcherMode: value.SWAP_WATCHER_MODE ?? (value.MARKET_FEED === 'simulated' ? 'simulated' : 'manual'),
      quoteSecret: value.SWAP_QUOTE_SECRET,
    },
    supportTypicalReplyMinutes: value.SUPPORT_TYPICAL_REPLY_MINUTES,
    demo: {
      startingBalance: value.DEMO_STARTING_BALANCE,
      closeAfterIdleDays: value.DEMO_CLOSE_AFTER_IDLE_DAYS,
    },
    marketMaker: {
      enabled: value.MARKET_MAKER === 'on',
      levels: value.MARKET_MAKER_LEVELS,
      spreadBps: value.MARKET_MAKER_SPREAD_BPS,
      stepBps: value.MARKET_MAKER_STEP_BPS,
      levelNotional: value.MARKET_MAKER_LEVEL_NOTIONAL,
      quoteFunds: value.MARKET_MAKER_QUOTE_FUNDS,
      baseValue: value.MARKET_MAKER_BASE_VALUE,
      inventoryLimit: value.MARKET_MAKER_INVENTORY_LIMIT,
      refreshMs: value.MARKET_MAKER_REFRESH_MS,
    },
  };
}
