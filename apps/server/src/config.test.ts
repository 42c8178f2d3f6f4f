import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

/** The problems loadConfig reports for an environment, or a failed test if it accepts it. */
function problemsWith(env: NodeJS.ProcessEnv): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error(`the environment ${JSON.stringify(env)} was accepted`);
}

const BAD_VALUES = [
  ['PORT', 'abc'],
  ['DATABASE_URL', 'mysql://x'],
  ['LOG_LEVEL', 'loud'],
  ['PUBLIC_URL', 'nope'],
  ['REDIS_URL', 'http://cache:6379'],
  ['REDIS_PREFIX', 'Kestrel Prod'],
  ['NODE_NAME', 'node 1'],
] as const;

describe('loadConfig', () => {
  it('starts with the defaults when nothing is set', () => {
    const sut = loadConfig({});
    expect(sut).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: path.resolve('data'),
      databaseUrl: undefined,
      smtpUrl: undefined,
      publicUrl: undefined,
      logLevel: 'info',
    });
    expect(path.isAbsolute(sut.dataDir)).toBe(true);
    expect(sut.webDist).toBe(path.resolve(import.meta.dirname, '../../web/dist'));
  });

  it('reads the values it is given', () => {
    const sut = loadConfig({
      PORT: '3000',
      DATA_DIR: 'var/kestrel',
      DATABASE_URL: 'postgresql://kestrel@db:5432/kestrel',
      SMTP_URL: 'smtps://mail.example:465',
      PUBLIC_URL: 'https://kestrel.example',
      LOG_LEVEL: 'debug',
      WEB_DIST: 'web',
      REDIS_URL: 'redis://cache:6379',
      REDIS_PREFIX: 'kestrel-eu',
      NODE_NAME: 'node-1',
    });
    expect(sut).toMatchObject({
      redisUrl: 'redis://cache:6379',
      redisPrefix: 'kestrel-eu',
      nodeName: 'node-1',
      port: 3000,
      dataDir: path.resolve('var/kestrel'),
      databaseUrl: 'postgresql://kestrel@db:5432/kestrel',
      smtpUrl: 'smtps://mail.example:465',
      publicUrl: 'https://kestrel.example',
      logLevel: 'debug',
      webDist: path.resolve('web'),
    });
  });

  it.each(BAD_VALUES)('reports %s=%s on one line naming the variable', (name, value) => {
    const problems = problemsWith({ [name]: value });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(new RegExp(`^${name}: `));
    expect(problems[0]).not.toContain('\n');
  });

  it('repeats a bad value, except a URL, which may hold a password', () => {
    expect(problemsWith({ PORT: 'abc' })[0]).toContain('"abc"');
    const [problem] = problemsWith({ DATABASE_URL: 'mysql://admin:hunter2@db/kestrel' });
    expect(problem).toMatch(/^DATABASE_URL: /);
    expect(problem).not.toContain('hunter2');
  });

  it('trusts no proxy unless told which', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8,127.0.0.1' }).trustProxy).toBe('10.0.0.0/8,127.0.0.1');
  });

  it('reports every bad value at once', () => {
    const problems = problemsWith(Object.fromEntries(BAD_VALUES));
    expect(problems).toHaveLength(BAD_VALUES.length);
    for (const [name] of BAD_VALUES) {
      expect(problems.filter((line) => line.startsWith(`${name}: `))).toHaveLength(1);
    }
  });

  it('puts each problem on its own line of the error message', () => {
    const error = (() => {
      try {
        loadConfig(Object.fromEntries(BAD_VALUES));
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(ConfigError);
    const lines = (error as ConfigError).message.split('\n');
    expect(lines.slice(1).map((line) => line.trim())).toEqual((error as ConfigError).problems);
  });

  describe('the upload bucket', () => {
    const BUCKET_ENV = {
      UPLOAD_S3_ENDPOINT: 'https://s3.eu-west-1.amazonaws.com',
      UPLOAD_S3_REGION: 'eu-west-1',
      UPLOAD_S3_BUCKET: 'kestrel-uploads',
      UPLOAD_S3_ACCESS_KEY_ID: 'AKIAKESTREL',
      UPLOAD_S3_SECRET_ACCESS_KEY: 'hunter2/secret',
    };

    it('keeps uploads on disk unless a bucket is named', () => {
      expect(loadConfig({}).uploadS3).toBeUndefined();
    });

    it('reads the bucket, with no prefix and virtual-hosted addresses by default', () => {
      expect(loadConfig(BUCKET_ENV).uploadS3).toEqual({
        endpoint: 'https://s3.eu-west-1.amazonaws.com',
        region: 'eu-west-1',
        bucket: 'kestrel-uploads',
        accessKeyId: 'AKIAKESTREL',
        secretAccessKey: 'hunter2/secret',
        prefix: '',
        forcePathStyle: false,
      });
      expect(
        loadConfig({ ...BUCKET_ENV, UPLOAD_S3_PREFIX: 'kestrel/', UPLOAD_S3_FORCE_PATH_STYLE: 'true' })
          .uploadS3,
      ).toMatchObject({ prefix: 'kestrel/', forcePathStyle: true });
    });

    it('names every missing bucket setting when only some are given', () => {
      const problems = problemsWith({ UPLOAD_S3_BUCKET: 'kestrel-uploads', UPLOAD_S3_PREFIX: 'x' });
      expect(problems.map((line) => line.split(':')[0]).sort()).toEqual([
        'UPLOAD_S3_ACCESS_KEY_ID',
        'UPLOAD_S3_ENDPOINT',
        'UPLOAD_S3_REGION',
        'UPLOAD_S3_SECRET_ACCESS_KEY',
      ]);
      expect(problems[0]).toContain('UPLOAD_S3_BUCKET, UPLOAD_S3_PREFIX are set');
    });

    it('reports a bad bucket setting and the missing ones together', () => {
      const problems = problemsWith({ UPLOAD_S3_BUCKET: 'Kestrel_Uploads' });
      expect(problems.map((line) => line.split(':')[0]).sort()).toEqual([
        'UPLOAD_S3_ACCESS_KEY_ID',
        'UPLOAD_S3_BUCKET',
        'UPLOAD_S3_ENDPOINT',
        'UPLOAD_S3_REGION',
        'UPLOAD_S3_SECRET_ACCESS_KEY',
      ]);
    });

    it('refuses an endpoint with a path, a bad bucket name or a bad path-style flag', () => {
      const problems = problemsWith({
        ...BUCKET_ENV,
        UPLOAD_S3_ENDPOINT: 'https://s3.example.com/kestrel',
        UPLOAD_S3_BUCKET: 'Kestrel_Uploads',
        UPLOAD_S3_FORCE_PATH_STYLE: 'yes',
      });
      expect(problems.map((line) => line.split(':')[0]).sort()).toEqual([
        'UPLOAD_S3_BUCKET',
        'UPLOAD_S3_ENDPOINT',
        'UPLOAD_S3_FORCE_PATH_STYLE',
      ]);
    });

    it('never repeats the secret key', () => {
      const problems = problemsWith({ UPLOAD_S3_SECRET_ACCESS_KEY: 'hunter2/secret' });
      expect(problems.join('\n')).not.toContain('hunter2');
    });
  });

  describe('the metrics', () => {
    const TOKEN = 'a'.repeat(32);

    it('serves no metrics unless a port or a token is given, and listens on the loopback by default', () => {
      expect(loadConfig({}).metrics).toEqual({ port: undefined, host: '127.0.0.1', token: undefined });
      expect(loadConfig({ METRICS_PORT: '9464', METRICS_TOKEN: TOKEN }).metrics).toEqual({
        port: 9464,
        host: '127.0.0.1',
        token: TOKEN,
      });
      expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '10.0.0.5' }).metrics.host).toBe('10.0.0.5');
    });

    it('refuses a port of the public one, a host without a port, and a bad port', () => {
      expect(problemsWith({ METRICS_PORT: '8080' })).toEqual([
        'METRICS_PORT: must differ from PORT (got "8080")',
      ]);
      expect(problemsWith({ PORT: '3000', METRICS_PORT: '3000' })[0]).toMatch(/^METRICS_PORT: must differ/);
      expect(problemsWith({ METRICS_HOST: '0.0.0.0' })[0]).toMatch(
        /^METRICS_HOST: must go with METRICS_PORT/,
      );
      expect(problemsWith({ METRICS_PORT: '70000' })[0]).toMatch(/^METRICS_PORT: /);
    });

    it('refuses a short token without repeating it', () => {
      const [problem] = problemsWith({ METRICS_TOKEN: 'hunter2' });
      expect(problem).toMatch(/^METRICS_TOKEN: must be 32 to 256/);
      expect(problem).not.toContain('hunter2');
    });
  });

  it('drains for no time by default, and for the seconds it is given', () => {
    expect(loadConfig({}).drainSeconds).toBe(0);
    expect(loadConfig({ DRAIN_SECONDS: '5' }).drainSeconds).toBe(5);
    expect(problemsWith({ DRAIN_SECONDS: '600' })[0]).toMatch(/^DRAIN_SECONDS: /);
  });

  it('treats blank values as unset', () => {
    const sut = loadConfig({
      PORT: '',
      DATA_DIR: '  ',
      DATABASE_URL: '',
      SMTP_URL: ' ',
      PUBLIC_URL: '',
      LOG_LEVEL: '',
      WEB_DIST: '',
    });
    expect(sut).toMatchObject({
      port: 8080,
      dataDir: path.resolve('data'),
      databaseUrl: undefined,
      smtpUrl: undefined,
      publicUrl: undefined,
      logLevel: 'info',
    });
    expect(sut.webDist).toBe(loadConfig({}).webDist);
  });

  it('delivers codes in development mode only when no provider is configured', () => {
    const twilio = {
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: `AC${'0'.repeat(32)}`,
      TWILIO_AUTH_TOKEN: 'token',
      TWILIO_FROM: '+14155550100',
    };
    expect(loadConfig({}).messageDelivery).toEqual({ mode: 'development', sms: undefined });
    expect(loadConfig({ SMTP_URL: 'smtp://mail:25' }).messageDelivery.mode).toBe('providers');
    expect(loadConfig(twilio).messageDelivery).toEqual({
      mode: 'providers',
      sms: {
        provider: 'twilio',
        accountSid: twilio.TWILIO_ACCOUNT_SID,
        authToken: 'token',
        from: '+14155550100',
      },
    });
    expect(
      loadConfig({ SMTP_URL: 'smtp://mail:25', MESSAGE_DELIVERY: 'development' }).messageDelivery.mode,
    ).toBe('development');
  });

  it('asks for every Twilio setting when SMS_PROVIDER is twilio, and never repeats the auth token', () => {
    expect(problemsWith({ SMS_PROVIDER: 'twilio', TWILIO_AUTH_TOKEN: 'secret-token' })).toEqual([
      'TWILIO_ACCOUNT_SID: must be set too, since SMS_PROVIDER is twilio',
      'TWILIO_FROM: must be set too, since SMS_PROVIDER is twilio',
    ]);
    const problems = problemsWith({ SMS_PROVIDER: 'sms-gateway', MESSAGE_DELIVERY: 'log' });
    expect(problems).toHaveLength(2);
    expect(problems.join('\n')).toContain('SMS_PROVIDER: must be twilio');
  });
});
