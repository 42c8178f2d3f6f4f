import { catalogues } from '@kestrel/i18n/all';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiAnswer, callApi, registerAccount } from '../../../test/api';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { ADMIN_PASSWORD, adminApi, createAdmin } from '../admin/test-admins';
import { balanceOf, ledgerOf } from '../ledger/test-ledger';
import { SECURITY_PASSWORD, submitWithdrawal, userWithApprovedWallet } from '../withdrawals/test-withdrawals';
import { DEFAULT_HASHING_BOUNDS } from './password-hashing';
import { passwordHashing } from './passwords';
import { DEFAULT_RATE_LIMITS } from './rate-limits';

/*
 * Guesses sent all at once, as a script sends them: the limits are reserved before any hashing, so no more
 * guesses are checked than the limit allows, however many arrive together (decision 0029).
 */

const PASSWORD = 'secret123';
const ACCOUNT_LIMIT = DEFAULT_RATE_LIMITS.loginFailuresPerAccount;
const IP_LIMIT = DEFAULT_RATE_LIMITS.loginFailuresPerIp;
/** Up to 30 real scrypt hashes a test, two at a time on a small machine. */
const SLOW = 120_000;

let sut: TestApp;
let addresses = 0;

beforeAll(async () => {
  sut = await createTestApp();
});
afterAll(async () => {
  await sut?.close();
});

/** Every guess from an address of its own, so that only the account's limit stands in the way. */
function freshIp() {
  addresses += 1;
  return `10.88.${Math.floor(addresses / 250)}.${addresses % 250}`;
}

/** The answers of `requests` sent together, and how many passwords the server hashed to answer them. */
async function hashingsFor(requests: () => Promise<ApiAnswer>[]) {
  const before = passwordHashing.stats().started;
  const answers = await Promise.all(requests());
  return { answers, hashed: passwordHashing.stats().started - before };
}

function login(account: string, password: string, ip: string) {
  return callApi(sut, 'POST', '/api/auth/login', { body: { account, password }, ip });
}

describe('parallel guesses at a user password', () => {
  it(
    'checks at most the limit of 60 wrong passwords sent at once, and refuses the right one with them',
    async () => {
      const account = `guessed.${Date.now()}@example.com`;
      await registerAccount(sut, account, { password: PASSWORD, ip: freshIp() });

      const { answers, hashed } = await hashingsFor(() => [
        ...Array.from({ length: 60 }, () => login(account, 'wrong12345', freshIp())),
        login(account, PASSWORD, freshIp()),
      ]);

      expect(hashed).toBeLessThanOrEqual(ACCOUNT_LIMIT);
      expect(answers.filter((answer) => answer.body.code === 2001)).toHaveLength(hashed);
      expect(answers.at(-1)).toMatchObject({ status: 429, body: { code: 1029 } });
      expect(await login(account, PASSWORD, freshIp())).toMatchObject({ status: 429, body: { code: 1029 } });
    },
    SLOW,
  );
});

describe('parallel guesses at a back-office password', () => {
  it(
    'checks at most the limit of 40 wrong passwords sent at once, and refuses the right one with them',
    async () => {
      const email = `guessed.${Date.now()}@kestrel.test`;
      await createAdmin(sut, 'support', email);
      const adminLogin = (password: string) =>
        adminApi(sut, 'POST', '/api/admin/auth/login', { body: { email, password }, ip: freshIp() });

      const { answers, hashed } = await hashingsFor(() => [
        ...Array.from({ length: 40 }, () => adminLogin('wrong12345')),
        adminLogin(ADMIN_PASSWORD),
      ]);

      expect(hashed).toBeLessThanOrEqual(ACCOUNT_LIMIT);
      expect(answers.filter((answer) => answer.body.code === 5001)).toHaveLength(hashed);
      expect(answers.at(-1)).toMatchObject({ status: 429, body: { code: 1029 } });
      expect(await adminLogin(ADMIN_PASSWORD)).toMatchObject({ status: 429, body: { code: 1029 } });
    },
    SLOW,
  );
});

describe('parallel guesses from one address', () => {
  it(
    'checks at most the per-IP limit of bursts of 200 wrong logins, and then refuses the right password',
    async () => {
      const ip = freshIp();
      const account = `bystander.${Date.now()}@example.com`;
      await registerAccount(sut, account, { password: PASSWORD, ip: freshIp() });
      let guess = 0;
      // Each at an account of its own, so that no account's limit is reached before the address's.
      const burst = () =>
        hashingsFor(() =>
          Array.from({ length: 200 }, () =>
            login(`unknown${++guess}.${Date.now()}@example.com`, PASSWORD, ip),
          ),
        );

      // Guesses the hashing queue turned away (503) were not checked and count for nothing: a script sends them
      // again, so bursts go on until the address is refused outright.
      let checked = 0;
      for (let round = 0; round < 6; round++) {
        const { answers, hashed } = await burst();
        checked += hashed;
        if (answers.every((answer) => answer.body.code === 1029)) break;
      }

      expect(checked).toBeLessThanOrEqual(IP_LIMIT);
      expect(await login(account, PASSWORD, ip)).toMatchObject({ status: 429, body: { code: 1029 } });
      expect((await login(account, PASSWORD, freshIp())).body.code).toBe(0);
    },
    SLOW,
  );
});

describe('parallel guesses at a security password', () => {
  it(
    'checks at most the limit of 60 wrong ones sent with withdrawals at once, and refuses the right one',
    async () => {
      const payee = await userWithApprovedWallet(sut, '100');
      const withdraw = (securityPassword: string) =>
        submitWithdrawal(sut, payee.token, {
          targetType: 'wallet',
          targetId: payee.walletId,
          asset: 'USDT',
          amount: '20',
          securityPassword,
        });

      const { answers, hashed } = await hashingsFor(() => [
        ...Array.from({ length: 60 }, () => withdraw('000000')),
        withdraw(SECURITY_PASSWORD),
      ]);

      expect(hashed).toBeLessThanOrEqual(ACCOUNT_LIMIT);
      expect(answers.filter((answer) => answer.body.code === 3001)).toHaveLength(hashed);
      expect(answers.at(-1)).toMatchObject({ status: 429, body: { code: 1029 } });
      expect(await withdraw(SECURITY_PASSWORD)).toMatchObject({ status: 429, body: { code: 1029 } });
      expect(await balanceOf(ledgerOf(sut), payee.userId, 'spot', 'USDT')).toEqual({
        available: '100.000000',
        frozen: '0.000000',
      });
    },
    SLOW,
  );
});

describe('the hashing queue', () => {
  it(
    "refuses an address's hashes beyond its share with a translated 503, before hashing them",
    async () => {
      const ip = freshIp();
      const share = DEFAULT_HASHING_BOUNDS.perOwner;
      // Unknown accounts, each hashed like a wrong password, fewer than the address's login limit.
      const guess = (index: number) =>
        callApi(sut, 'POST', '/api/auth/login', {
          body: { account: `flood${index}.${Date.now()}@example.com`, password: PASSWORD },
          ip,
          lang: 'de',
        });

      const { answers, hashed } = await hashingsFor(() =>
        Array.from({ length: share + 4 }, (_, index) => guess(index)),
      );

      expect(hashed).toBe(share);
      const refused = answers.filter((answer) => answer.status === 503);
      expect(refused).toHaveLength(4);
      expect(refused[0]?.body).toEqual({ code: 1503, msg: catalogues.de.errors.busy, data: null });
      expect(answers.filter((answer) => answer.body.code === 2001)).toHaveLength(share);
    },
    SLOW,
  );
});
