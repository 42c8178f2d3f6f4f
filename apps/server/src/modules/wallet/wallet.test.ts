import { catalogues } from '@kestrel/i18n/all';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiAnswer, registerAccount } from '../../../test/api';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { users } from '../auth/auth.schema';
import type { LedgerService } from '../ledger/ledger.service';
import { balanceOf, deposit, ledgerOf } from '../ledger/test-ledger';

let sut: TestApp;
let ledger: LedgerService;
let accounts = 0;

beforeAll(async () => {
  sut = await createTestApp();
  ledger = ledgerOf(sut);
});
afterAll(async () => {
  await sut?.close();
});

/** A registered user holding `usdt` in spot. */
async function userWith(usdt: string) {
  accounts += 1;
  const { token, user } = await registerAccount(sut, `wallet${accounts}@example.com`, {
    ip: `10.1.0.${accounts}`,
  });
  if (usdt !== '0') await deposit(ledger, user.id, 'USDT', usdt);
  return { token, userId: user.id };
}

async function transfer(
  token: string,
  body: unknown,
  options: { key?: string; lang?: string } = {},
): Promise<ApiAnswer & { raw: string }> {
  const response = await sut.app.inject({
    method: 'POST',
    url: '/api/wallet/transfer',
    payload: body as Record<string, unknown>,
    headers: {
      authorization: token,
      ...(options.key ? { 'idempotency-key': options.key } : {}),
      ...(options.lang ? { 'think-lang': options.lang } : {}),
    },
  });
  return { status: response.statusCode, body: response.json(), raw: response.body };
}

const spotToFutures = (amount: string, asset = 'USDT') => ({ from: 'spot', to: 'futures', asset, amount });

describe('GET /api/wallet/balances', () => {
  it('lists every account and listed asset, zero where nothing was credited, as decimal strings', async () => {
    const { token } = await userWith('12.5');
    const response = await sut.app.inject({
      method: 'GET',
      url: '/api/wallet/balances',
      headers: { authorization: token },
    });
    expect(response.statusCode).toBe(200);
    const { balances } = response.json().data;
    // Nine listed assets (USDT, BTC, ETH, TRX, SOL, BNB and the markets' XRP, DOGE, LTC) in two accounts.
    expect(balances).toHaveLength(18);
    expect(balances).toContainEqual({
      account: 'spot',
      asset: 'USDT',
      available: '12.500000',
      frozen: '0.000000',
    });
    expect(balances).toContainEqual({
      account: 'futures',
      asset: 'BTC',
      available: '0.00000000',
      frozen: '0.00000000',
    });
  });

  it('needs a session', async () => {
    const response = await sut.app.inject({ method: 'GET', url: '/api/wallet/balances' });
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /api/wallet/transfer', () => {
  it("moves funds between the user's own accounts at once", async () => {
    const { token, userId } = await userWith('100');
    const answer = await transfer(token, spotToFutures('30.25'));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      code: 0,
      msg: 'Transfer successful',
      data: {
        id: expect.stringMatching(/^\d+$/),
        from: 'spot',
        to: 'futures',
        asset: 'USDT',
        amount: '30.250000',
      },
    });
    expect(await balanceOf(ledger, userId, 'spot', 'USDT')).toMatchObject({ available: '69.750000' });
    expect(await balanceOf(ledger, userId, 'futures', 'USDT')).toMatchObject({ available: '30.250000' });
  });

  it('refuses more than the available balance in the caller language and moves nothing', async () => {
    const { token, userId } = await userWith('10');
    const answer = await transfer(token, spotToFutures('10.000001'));
    expect(answer).toMatchObject({
      status: 400,
      body: { code: 6001, msg: 'Sorry your credit is running low' },
    });
    const german = await transfer(token, spotToFutures('11'), { lang: 'de' });
    expect(german.body.msg).toBe(catalogues.de.money.errors.insufficientBalance);
    expect(await balanceOf(ledger, userId, 'spot', 'USDT')).toMatchObject({ available: '10.000000' });
  });

  it.each([
    ['more decimals than the asset allows', spotToFutures('1.0000001'), 6002, 'Amount Error'],
    ['a zero amount', spotToFutures('0'), 6002, 'Amount Error'],
    ['a negative amount', spotToFutures('-1'), 1000, 'Amount Error'],
    ['an empty amount', spotToFutures(''), 1000, 'Amount Error'],
    ['an amount beyond the ledger', spotToFutures('1000000000000000000'), 1000, 'Amount Error'],
    ['an amount sent as a number', { ...spotToFutures('1'), amount: 1 }, 1000, 'Amount Error'],
    ['an unlisted asset', spotToFutures('1', 'PEPE'), 6003, 'This coin is not supported'],
    [
      'the same account twice',
      { ...spotToFutures('1'), to: 'spot' },
      1000,
      'Please choose two different accounts',
    ],
    ['an unknown account', { ...spotToFutures('1'), to: 'savings' }, 1000, 'Please choose an account'],
  ])('refuses %s', async (_name, body, code, msg) => {
    const { token, userId } = await userWith('5');
    const answer = await transfer(token, body);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ code, msg, data: null });
    expect(await balanceOf(ledger, userId, 'spot', 'USDT')).toMatchObject({ available: '5.000000' });
  });

  it('moves nothing for a frozen account', async () => {
    const { token, userId } = await userWith('5');
    await sut.database.db.update(users).set({ frozenAt: new Date() }).where(eq(users.id, userId));
    const answer = await transfer(token, spotToFutures('1'));
    expect(answer.status).toBe(401);
    expect(await balanceOf(ledger, userId, 'spot', 'USDT')).toMatchObject({ available: '5.000000' });
  });
});

describe('Idempotency-Key on POST /api/wallet/transfer', () => {
  it('answers a replay exactly as the first request and moves the funds once', async () => {
    const { token, userId } = await userWith('50');
    const first = await transfer(token, spotToFutures('20'), { key: 'replay-1' });
    const again = await transfer(token, spotToFutures('20'), { key: 'replay-1' });
    expect(first.status).toBe(200);
    expect(again).toEqual(first);
    expect(await balanceOf(ledger, userId, 'futures', 'USDT')).toMatchObject({ available: '20.000000' });
  });

  it('replays a refusal too, while a new key is a new request', async () => {
    const { token, userId } = await userWith('1');
    const refused = await transfer(token, spotToFutures('2'), { key: 'too-much' });
    expect(refused.body.code).toBe(6001);
    await deposit(ledger, userId, 'USDT', '5');
    expect(await transfer(token, spotToFutures('2'), { key: 'too-much' })).toEqual(refused);
    expect((await transfer(token, spotToFutures('2'), { key: 'enough-now' })).status).toBe(200);
  });

  it('answers 409 to the same key with another body, in the caller language, and moves nothing more', async () => {
    const { token, userId } = await userWith('50');
    await transfer(token, spotToFutures('20'), { key: 'conflict-1' });
    const other = await transfer(token, spotToFutures('21'), { key: 'conflict-1', lang: 'fr' });
    expect(other.status).toBe(409);
    expect(other.body).toEqual({ code: 1409, msg: catalogues.fr.errors.idempotencyConflict, data: null });
    expect(await balanceOf(ledger, userId, 'futures', 'USDT')).toMatchObject({ available: '20.000000' });
  });

  it("keeps each user's keys apart", async () => {
    const alice = await userWith('10');
    const bob = await userWith('10');
    expect((await transfer(alice.token, spotToFutures('3'), { key: 'shared' })).status).toBe(200);
    expect((await transfer(bob.token, spotToFutures('4'), { key: 'shared' })).status).toBe(200);
    expect(await balanceOf(ledger, bob.userId, 'futures', 'USDT')).toMatchObject({ available: '4.000000' });
  });

  it('refuses a malformed key', async () => {
    const { token } = await userWith('10');
    const answer = await transfer(token, spotToFutures('1'), { key: 'x'.repeat(256) });
    expect(answer.status).toBe(400);
  });

  // Racing requests need a server with several connections; PGlite runs one statement at a time.
  it.skipIf(!process.env.DATABASE_URL)(
    'gives 20 concurrent requests with one key one effect and identical answers',
    async () => {
      const { token, userId } = await userWith('100');
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => transfer(token, spotToFutures('60'), { key: 'burst' })),
      );
      expect(answers[0]?.status).toBe(200);
      expect(new Set(answers.map((answer) => `${answer.status} ${answer.raw}`)).size).toBe(1);
      expect(await balanceOf(ledger, userId, 'spot', 'USDT')).toMatchObject({ available: '40.000000' });
      expect(await balanceOf(ledger, userId, 'futures', 'USDT')).toMatchObject({ available: '60.000000' });
    },
  );
});
