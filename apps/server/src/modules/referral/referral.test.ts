import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, registerAccount } from '../../../test/api';
import { rowsOf } from '../../../test/database';
import { lastCodeSentTo } from '../../../test/outbox';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { adminApi, adminWithRole } from '../admin/test-admins';
import { MarketMakerRepository } from '../auth';
import type { FuturesOrdersService } from '../futures';
import { futuresServiceOf, placerOf } from '../futures/test-futures-orders';
import { verifyIdentity } from '../identity/test-identity';
import { balanceOf, deposit, ledgerOf } from '../ledger/test-ledger';
import { ReferralRepository } from './referral.repository';
import { commissionUnits, rateAt } from './referral.service';
import { maskEmail, maskPhone } from './referral-views';

let sut: TestApp;
let superToken: string;

beforeAll(async () => {
  sut = await createTestApp({ env: { MARKET_MAKER: 'off' } });
  superToken = (await adminWithRole(sut, 'super_admin')).token;
});
afterAll(async () => {
  await sut?.close();
});

let registered = 0;
const tag = () => randomBytes(3).toString('hex');

/** Registers through the API, with an invitation code when given, as the registration page does. */
async function register(account: string, inviteCode?: string) {
  registered += 1;
  const ip = `10.8.${Math.floor(registered / 200)}.${registered % 200}`;
  if (!inviteCode) {
    const { token, user } = await registerAccount(sut, account, { ip });
    return { token, userId: user.id };
  }
  await callApi(sut, 'POST', '/api/auth/code', { body: { account, purpose: 'register' }, ip });
  const code = await lastCodeSentTo(sut.database, account);
  const answer = await callApi(sut, 'POST', '/api/auth/register', {
    body: {
      account,
      password: 'secret123',
      confirmPassword: 'secret123',
      code,
      termsAccepted: true,
      inviteCode,
    },
    ip,
  });
  if (answer.body.code !== 0) throw new Error(`could not register ${account}: ${answer.body.msg}`);
  return { token: answer.body.data.token as string, userId: answer.body.data.user.id as number };
}

async function overview(token: string) {
  const answer = await callApi(sut, 'GET', '/api/referral', { token });
  expect(answer.body.code).toBe(0);
  return answer.body.data;
}

async function placeSpot(token: string, side: 'buy' | 'sell', price: string, size: string) {
  const response = await sut.app.inject({
    method: 'POST',
    url: '/api/spot/orders',
    payload: { symbol: 'BTCUSDT', side, type: 'limit', price, size },
    headers: { authorization: token },
  });
  const body = response.json();
  if (body.code !== 0) throw new Error(`order refused: ${body.msg}`);
}

/** An inviter, an invitee of theirs and an uninvited counterparty, the invitee funded in USDT, the other in BTC. */
async function inviterWithInvitee() {
  const inviter = await register(`boss-${tag()}@referral.test`);
  const { inviteCode } = await overview(inviter.token);
  const invitee = await register(`invitee-${tag()}@referral.test`, inviteCode);
  const other = await register(`other-${tag()}@referral.test`);
  await deposit(ledgerOf(sut), invitee.userId, 'USDT', '100000');
  await deposit(ledgerOf(sut), other.userId, 'BTC', '10');
  return { inviter, invitee, other };
}

const runBatch = () => sut.app.referral.service.runBatch({ horizonSeconds: 0 });

async function commissionJournal(inviterId: number) {
  const rows = await rowsOf<{ count: number }>(
    sut.database.db,
    sql`select count(*)::int as count from journal_transactions j
      join referral_commissions c on j.reference = 'referral:' || c.source || ':' || c.trade_id || ':' || c.side
      where j.kind = 'referral_commission' and c.inviter_id = ${inviterId}`,
  );
  return Number(rows[0]?.count ?? 0);
}

describe('referral commissions', () => {
  it("credits the inviter a share of the invitee's fee once, however often the batch runs", async () => {
    const { inviter, invitee, other } = await inviterWithInvitee();
    // The counterparty rests a sale; the invitee buys 0.5 BTC at 1,000 as taker and pays 0.1 % in BTC: 0.0005.
    await placeSpot(other.token, 'sell', '1000', '0.5');
    await placeSpot(invitee.token, 'buy', '1000', '0.5');

    expect(await runBatch()).toBe(1);
    // 20 % of 0.0005 BTC.
    expect(await balanceOf(ledgerOf(sut), inviter.userId, 'spot', 'BTC')).toMatchObject({
      available: '0.00010000',
    });
    expect(await runBatch()).toBe(0);
    // Even with the watermark wound back (as a batch that never committed would leave it), no fee pays twice.
    await sut.database.db.execute(sql`update referral_watermarks set last_trade_id = 0`);
    expect(await runBatch()).toBe(0);
    expect(await balanceOf(ledgerOf(sut), inviter.userId, 'spot', 'BTC')).toMatchObject({
      available: '0.00010000',
    });
    expect(await commissionJournal(inviter.userId)).toBe(1);
    // The counterparty has no inviter: their fee earns nobody anything.
    const rows = await rowsOf<{ invitee_id: number }>(
      sut.database.db,
      sql`select invitee_id from referral_commissions where invitee_id = ${other.userId}`,
    );
    expect(rows).toEqual([]);
    expect((await ledgerOf(sut).check()).problems).toEqual([]);

    const mine = await callApi(sut, 'GET', '/api/referral/commissions', { token: inviter.token });
    expect(mine.body.data).toMatchObject({
      items: [
        {
          source: 'spot',
          asset: 'BTC',
          fee: '0.0005',
          amount: '0.0001',
          invitee: expect.stringMatching(/^i\*\*\*@referral\.test$/),
        },
      ],
      next: null,
    });
    expect(await overview(inviter.token)).toMatchObject({
      commissionRate: '0.2',
      invitees: 1,
      verifiedInvitees: 0,
      earned: [{ asset: 'BTC', amount: '0.00010000' }],
    });
    // Lists are the owner's: the invitee sees none of the inviter's commissions.
    const theirs = await callApi(sut, 'GET', '/api/referral/commissions', { token: invitee.token });
    expect(theirs.body.data.items).toEqual([]);
  });

  it('applies the rate in force when the fee was paid, and keeps the history of rates', async () => {
    const { inviter, invitee } = await inviterWithInvitee();
    // The invitee rests a sale as maker (its fee in USDT) that fills before the rate changes...
    await deposit(ledgerOf(sut), invitee.userId, 'BTC', '1');
    await placeSpot(invitee.token, 'sell', '2000', '0.1');
    await placeSpot(await buyerToken(), 'buy', '2000', '0.1');

    const changed = await adminApi(sut, 'PUT', '/api/admin/referral', {
      token: superToken,
      body: { commissionRate: '0.5', batchMinutes: 10, reason: 'Spring campaign' },
    });
    expect(changed.body).toMatchObject({ code: 0, data: { commissionRate: '0.5', batchMinutes: 10 } });

    // ...and another after it; the batch runs after both.
    await placeSpot(invitee.token, 'sell', '2000', '0.1');
    await placeSpot(await buyerToken(), 'buy', '2000', '0.1');
    await runBatch();

    const rows = await rowsOf<{ rate: string; amount: string }>(
      sut.database.db,
      sql`select rate::text, amount::text from referral_commissions where inviter_id = ${inviter.userId} order by id`,
    );
    // Maker fee 0.1 % of 200 USDT is 0.2 USDT: 20 % of it before the change, 50 % after.
    expect(rows.map((row) => [Number(row.rate), Number(row.amount)])).toEqual([
      [0.2, 0.04],
      [0.5, 0.1],
    ]);
    expect(await balanceOf(ledgerOf(sut), inviter.userId, 'spot', 'USDT')).toMatchObject({
      available: '0.140000',
    });

    const admin = await adminApi(sut, 'GET', '/api/admin/referral', { token: superToken });
    expect(admin.body.data).toMatchObject({ commissionRate: '0.5', batchMinutes: 10 });
    expect(admin.body.data.lastBatchAt).not.toBeNull();
    expect(admin.body.data.credited).toContainEqual({ asset: 'USDT', amount: expect.any(String) });
    const audit = await rowsOf<{ action: string; reason: string }>(
      sut.database.db,
      sql`select action, reason from admin_audit where target_type = 'referralSettings'`,
    );
    expect(audit).toContainEqual({ action: 'updateReferralSettings', reason: 'Spring campaign' });

    await adminApi(sut, 'PUT', '/api/admin/referral', {
      token: superToken,
      body: { commissionRate: '0.2', batchMinutes: 5, reason: 'Campaign over' },
    });
  });

  it('shows invitees masked, newest first, with whether they verified their identity', async () => {
    const inviter = await register(`masks-${tag()}@referral.test`);
    const { inviteCode } = await overview(inviter.token);
    const first = await register(`anna-${tag()}@example.com`, inviteCode);
    await register(`bert-${tag()}@example.com`, inviteCode);
    await verifyIdentity(sut, first);

    const page = await callApi(sut, 'GET', '/api/referral/invitees?limit=1', { token: inviter.token });
    expect(page.body.data.items).toEqual([
      { account: 'b***@example.com', joinedAt: expect.any(String), verified: false, commission: [] },
    ]);
    const next = await callApi(sut, 'GET', `/api/referral/invitees?limit=1&cursor=${page.body.data.next}`, {
      token: inviter.token,
    });
    expect(next.body.data).toMatchObject({
      items: [{ account: 'a***@example.com', verified: true }],
      next: null,
    });
    expect(await overview(inviter.token)).toMatchObject({ invitees: 2, verifiedInvitees: 1 });
    // The mission hall counts the same: one verified friend of the three its task asks for.
    const hall = await callApi(sut, 'GET', '/api/missions', { token: inviter.token });
    expect(hall.body.data.items).toContainEqual(
      expect.objectContaining({ event: 'invitedVerified', progress: '1', status: 'inProgress' }),
    );
    const stranger = await register(`stranger-${tag()}@referral.test`);
    const none = await callApi(sut, 'GET', '/api/referral/invitees', { token: stranger.token });
    expect(none.body.data).toEqual({ items: [], next: null });
  });

  it("earns no one anything from the market maker's fees, even were it someone's invitee", async () => {
    const inviter = await register(`mm-boss-${tag()}@referral.test`);
    const invitee = await register(
      `mm-invitee-${tag()}@referral.test`,
      (await overview(inviter.token)).inviteCode,
    );
    const marketMaker = await new MarketMakerRepository(sut.database.db).ensureUser();
    await sut.database.db.execute(
      sql`update users set invited_by = ${inviter.userId} where id = ${marketMaker}`,
    );

    const inviters = await new ReferralRepository(sut.database.db).invitersOf([marketMaker, invitee.userId]);
    expect([...inviters]).toEqual([[invitee.userId, inviter.userId]]);
    await sut.database.db.execute(sql`update users set invited_by = null where id = ${marketMaker}`);
  });

  it('refuses self-referral and any chain of invitations that closes on itself', async () => {
    const a = await register(`chain-a-${tag()}@referral.test`);
    const b = await register(`chain-b-${tag()}@referral.test`, (await overview(a.token)).inviteCode);
    const c = await register(`chain-c-${tag()}@referral.test`, (await overview(b.token)).inviteCode);
    const refused = (statement: ReturnType<typeof sql>) =>
      sut.database.db.execute(statement).then(
        () => 'accepted',
        (error: { cause?: { code?: string }; code?: string }) => error.cause?.code ?? error.code,
      );

    expect(await refused(sql`update users set invited_by = id where id = ${a.userId}`)).toBe('KR001');
    expect(await refused(sql`update users set invited_by = ${b.userId} where id = ${a.userId}`)).toBe(
      'KR001',
    );
    expect(await refused(sql`update users set invited_by = ${c.userId} where id = ${a.userId}`)).toBe(
      'KR001',
    );
    // A chain that stays open is fine.
    const d = await register(`chain-d-${tag()}@referral.test`);
    expect(await refused(sql`update users set invited_by = ${c.userId} where id = ${d.userId}`)).toBe(
      'accepted',
    );
  });
});

describe('commissions on futures fees', () => {
  let futures: FuturesOrdersService | undefined;
  afterAll(async () => {
    await futures?.stop();
  });

  it("credits a share of an invitee's futures fee in USDT, and counts the fill toward the futures volume task", async () => {
    const started = await futuresServiceOf(sut);
    futures = started.sut;
    started.tickers.move('BTCUSDT', '50000');
    const place = placerOf(() => started.sut, `referral-${tag()}`);
    const inviter = await register(`futures-boss-${tag()}@referral.test`);
    const invitee = await register(
      `futures-invitee-${tag()}@referral.test`,
      (await overview(inviter.token)).inviteCode,
    );
    const other = await register(`futures-other-${tag()}@referral.test`);
    await deposit(ledgerOf(sut), invitee.userId, 'USDT', '10000', 'futures');
    await deposit(ledgerOf(sut), other.userId, 'USDT', '10000', 'futures');

    await place(other.userId, { action: 'openShort', price: '50000', size: '0.1' });
    // The invitee takes it: 0.05 % of 5,000 is a fee of 2.5 USDT, 20 % of which is the inviter's.
    expect(await place(invitee.userId, { action: 'openLong', type: 'market', size: '0.1' })).toMatchObject({
      status: 'filled',
      fee: '2.5',
    });
    await runBatch();
    expect(await balanceOf(ledgerOf(sut), inviter.userId, 'spot', 'USDT')).toMatchObject({
      available: '0.500000',
    });
    const mine = await callApi(sut, 'GET', '/api/referral/commissions', { token: inviter.token });
    expect(mine.body.data.items).toEqual([
      expect.objectContaining({ source: 'futures', asset: 'USDT', fee: '2.5', amount: '0.5' }),
    ]);
    expect(await runBatch()).toBe(0);

    const hall = await callApi(sut, 'GET', '/api/missions', { token: invitee.token });
    expect(hall.body.data.items).toContainEqual(
      expect.objectContaining({ event: 'futuresVolume', progress: '5000', status: 'inProgress' }),
    );
  });
});

let buyers = 0;
async function buyerToken() {
  buyers += 1;
  const buyer = await register(`buyer${buyers}-${tag()}@referral.test`);
  await deposit(ledgerOf(sut), buyer.userId, 'USDT', '10000');
  return buyer.token;
}

describe('how commissions are worked out', () => {
  it('masks an e-mail to its first character and domain, a phone to its country code and last three digits', () => {
    expect(maskEmail('alice@example.com')).toBe('a***@example.com');
    expect(maskPhone('+447700900789')).toBe('+44*******789');
    expect(maskPhone('+14155550123')).toBe('+1*******123');
    expect(maskPhone('+8613812345678')).toBe('+86********678');
    expect(maskPhone('+971501234567')).toBe('+971******567');
  });

  it('rounds a commission down to the asset precision, a share worth less than one unit being none', () => {
    expect(commissionUnits('0.0005', '0.2', 8)).toBe(10_000n);
    expect(commissionUnits('0.000001', '0.3', 6)).toBe(0n);
    expect(commissionUnits('0.123457', '0.2', 6)).toBe(24_691n);
  });

  it('takes the rate that had started when the fee was paid', () => {
    const rates = [
      { rate: '0.2', effectiveFrom: new Date('2026-01-01T00:00:00Z') },
      { rate: '0.3', effectiveFrom: new Date('2026-06-01T00:00:00Z') },
    ];
    expect(rateAt(rates, new Date('2026-05-31T23:59:59Z'))).toBe('0.2');
    expect(rateAt(rates, new Date('2026-06-01T00:00:00Z'))).toBe('0.3');
    expect(rateAt(rates, new Date('2025-12-31T00:00:00Z'))).toBeUndefined();
  });
});
