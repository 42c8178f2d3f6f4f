import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const environment = z.object({
  PORT: z.coerce.number().int().min(1).max(65535, 'must be a port number from 1 to 65535').default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  SMTP_FROM: z.string().min(3).default('Kestrel <no-reply@kestrel.local>'),
  PUBLIC_URL: z.url('must be an absolute URL such as https://kestrel.example').optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS, `must be one of ${LOG_LEVELS.join(', ')}`).default('info'),
  TRUST_PROXY: z.string().optional(),
  WEB_DIST: z.string().optional(),
  ADMIN_EMAIL: z.email('must be an e-mail address').optional(),
  ADMIN_PASSWORD: z
    .string()
    .regex(/^(?=.*[A-Za-z])(?=.*\d).{8,64}$/, 'must be 8 to 64 characters with letters and digits')
    .optional(),
});

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
  smtpUrl: string | undefined;
  smtpFrom: string;
  publicUrl: string | undefined;
  logLevel: (typeof LOG_LEVELS)[number];
  trustProxy: boolean | string;
  /** The built user app; not served when the folder does not exist. */
  webDist: string;
  /** Both set: the first super admin is created, or its password reset, at start-up. */
  adminEmail: string | undefined;
  adminPassword: string | undefined;
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
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = String(issue.path[0]);
        // A URL may hold a password, so neither its value nor a password's is repeated.
        return name.endsWith('_URL') || name.endsWith('_PASSWORD')
          ? `${name}: ${issue.message}`
          : `${name}: ${issue.message} (got "${env[name]}")`;
      }),
    );
  }
  const value = parsed.data;
  return {
    port: value.PORT,
    host: value.HOST,
    dataDir: path.resolve(value.DATA_DIR),
    databaseUrl: value.DATABASE_URL,
    smtpUrl: value.SMTP_URL,
    smtpFrom: value.SMTP_FROM,
    publicUrl: value.PUBLIC_URL,
    logLevel: value.LOG_LEVEL,
    trustProxy: trustProxy(value.TRUST_PROXY),
    webDist: path.resolve(value.WEB_DIST ?? fileURLToPath(new URL('../../web/dist', import.meta.url))),
    adminEmail: value.ADMIN_EMAIL?.toLowerCase(),
    adminPassword: value.ADMIN_PASSWORD,
  };
}
