import { catalogues } from '@kestrel/i18n/all';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, registerAccount } from '../../../test/api';
import { createTestApp, type TestApp } from '../../../test/test-app';

const LIMITS = {
  loginFailuresPerAccount: 3,
  loginFailuresPerIp: 5,
  loginWindowSeconds: 600,
  codesPerIpPerHour: 3,
  codeResendSeconds: 60,
  lockedRefusalHoldMs: 300,
};
const PASSWORD = 'secret123';

let sut: TestApp;
let accounts = 0;
let addresses = 0;

beforeAll(async () => {
  sut = await createTestApp({ rateLimits: LIMITS });
});
afterAll(async () => {
  await sut?.close();
});

function uniqueEmail() {
  accounts += 1;
  return `limited${accounts}.${Date.now()}@example.com`;
}

/** Every test speaks from addresses of its own, so that no test spends another's allowance. */
function freshIp() {
  addresses += 1;
  return `10.77.${Math.floor(addresses / 250)}.${addresses % 250}`;
}

async function newAccount() {
  const account = uniqueEmail();
  await registerAccount(sut, account, { password: PASSWORD, ip: freshIp() });
  return account;
}

function login(account: string, password: string, ip: string, lang?: string) {
  return callApi(sut, 'POST', '/api/auth/login', { body: { account, password }, ip, lang });
}

function sendCode(account: string, ip: string, purpose: 'register' | 'reset' = 'register') {
  return callApi(sut, 'POST', '/api/auth/code', { body: { account, purpose }, ip });
}

async function failLogins(account: string, ip: string, times: number) {
  for (let attempt = 0; attempt < times; attempt++) {
    const failed = await login(account, 'wrong12345', ip);
    expect(failed.body.code).toBe(2001);
  }
}

/** The minutes a "too many attempts" answer names, checked against the whole English sentence. */
function minutesIn(msg: string): number {
  const match = msg.match(/^Too many attempts\. Please try again in (\d+) minutes\.$/);
  if (!match?.[1]) throw new Error(`not a "too many attempts" message: ${msg}`);
  return Number(match[1]);
}

describe('login failures per account', () => {
  it('locks the account with a translated 429 even for the right password', async () => {
    const account = await newAccount();
    const ip = freshIp();
    await failLogins(account, ip, LIMITS.loginFailuresPerAccount);

    const locked = await login(account, PASSWORD, ip);
    expect(locked.status).toBe(429);
    expect(locked.body).toMatchObject({ code: 1029, data: null });
    const minutes = minutesIn(locked.body.msg);
    expect(minutes).toBeGreaterThanOrEqual(1);
    expect(minutes).toBeLessThanOrEqual(LIMITS.loginWindowSeconds / 60);

    const inGerman = await login(account, PASSWORD, ip, 'de');
    expect(inGerman.status).toBe(429);
    expect(inGerman.body.code).toBe(1029);
    expect(inGerman.body.msg).toBe(
      catalogues.de.errors.tooManyAttempts.replace('{{minutes}}', String(minutesIn(locked.body.msg))),
    );
  });

  it('keeps the account locked from another IP', async () => {
    const account = await newAccount();
    await failLogins(account, freshIp(), LIMITS.loginFailuresPerAccount);

    const elsewhere = await login(account, PASSWORD, freshIp());
    expect(elsewhere.status).toBe(429);
    expect(elsewhere.body.code).toBe(1029);
  });

  it('lets another account log in from the same IP while one account is locked', async () => {
    const locked = await newAccount();
    const other = await newAccount();
    const ip = freshIp();
    await failLogins(locked, ip, LIMITS.loginFailuresPerAccount);
    expect((await login(locked, PASSWORD, ip)).status).toBe(429);

    const otherLogin = await login(other, PASSWORD, ip);
    expect(otherLogin.status).toBe(200);
    expect(otherLogin.body.code).toBe(0);
  });

  it('forgets the failures of an account once it logs in successfully', async () => {
    const account = await newAccount();
    const ip = freshIp();
    const justBelowTheLimit = LIMITS.loginFailuresPerAccount - 1;

    await failLogins(account, ip, justBelowTheLimit);
    expect((await login(account, PASSWORD, ip)).body.code).toBe(0);
    await failLogins(account, ip, justBelowTheLimit);

    const afterReset = await login(account, PASSWORD, ip);
    expect(afterReset.status).toBe(200);
    expect(afterReset.body.code).toBe(0);
  });
});

describe('login failures per IP', () => {
  it('blocks every account from an IP that used up its failures, but not from another IP', async () => {
    const account = await newAccount();
    const ip = freshIp();
    // Spread over unknown accounts, so that no single account reaches its own limit.
    for (let failure = 0; failure < LIMITS.loginFailuresPerIp; failure++) {
      await failLogins(uniqueEmail(), ip, 1);
    }

    const blocked = await login(account, PASSWORD, ip);
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe(1029);
    expect(minutesIn(blocked.body.msg)).toBeGreaterThanOrEqual(1);

    const elsewhere = await login(account, PASSWORD, freshIp());
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.body.code).toBe(0);
  });

  it('refuses a spent IP before reading its request, and only after the hold', async () => {
    const ip = freshIp();
    for (let failure = 0; failure < LIMITS.loginFailuresPerIp; failure++) {
      await failLogins(uniqueEmail(), ip, 1);
    }

    const started = performance.now();
    // A body the schema refuses: a 400 would mean it was read and checked before the address was.
    const refused = await callApi(sut, 'POST', '/api/auth/login', { body: { account: 42 }, ip });
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe(1029);
    expect(performance.now() - started).toBeGreaterThanOrEqual(LIMITS.lockedRefusalHoldMs - 5);

    const elsewhere = await callApi(sut, 'POST', '/api/auth/login', { body: { account: 42 }, ip: freshIp() });
    expect(elsewhere.status).toBe(400);
  });

  it('counts failures of different accounts together until the IP limit', async () => {
    const first = await newAccount();
    const second = await newAccount();
    const bystander = await newAccount();
    const ip = freshIp();

    await failLogins(first, ip, LIMITS.loginFailuresPerAccount);
    expect((await login(second, PASSWORD, ip)).body.code).toBe(0);
    await failLogins(second, ip, LIMITS.loginFailuresPerIp - LIMITS.loginFailuresPerAccount);

    const blocked = await login(bystander, PASSWORD, ip);
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe(1029);
  });
});

describe('code sending', () => {
  it('sends a limited number of codes an hour from one IP, and still from another', async () => {
    const ip = freshIp();
    for (let sent = 0; sent < LIMITS.codesPerIpPerHour; sent++) {
      const allowed = await sendCode(uniqueEmail(), ip);
      expect(allowed.body.code).toBe(0);
    }

    const refused = await sendCode(uniqueEmail(), ip);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 1029, data: null });
    expect(minutesIn(refused.body.msg)).toBeLessThanOrEqual(60);

    expect((await sendCode(uniqueEmail(), freshIp())).body.code).toBe(0);
  });

  it('sends a code to one account once per resend window, whatever the IP', async () => {
    const account = uniqueEmail();
    expect((await sendCode(account, freshIp())).body.code).toBe(0);

    const again = await sendCode(account, freshIp());
    expect(again.status).toBe(429);
    expect(again.body).toMatchObject({ code: 2005, data: null });
    const seconds = Number(again.body.msg.match(/^Please wait (\d+) seconds/)?.[1]);
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(seconds).toBeLessThanOrEqual(LIMITS.codeResendSeconds);

    expect((await sendCode(uniqueEmail(), freshIp())).body.code).toBe(0);
  });

  it('counts requests for existing accounts against the IP like any other', async () => {
    const ip = freshIp();
    for (let probe = 0; probe < LIMITS.codesPerIpPerHour; probe++) {
      const existing = await newAccount();
      expect((await sendCode(existing, ip, 'reset')).body.code).toBe(0);
    }
    const refused = await sendCode(uniqueEmail(), ip);
    expect(refused.body.code).toBe(1029);
  });
});
