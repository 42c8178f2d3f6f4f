import { type PlaceOrderBody, placeOrderBody } from '@kestrel/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { callApi, registerAccount } from '../../../test/api';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { AppError } from '../../http/app-error';
import { adminApi, adminWithRole } from '../admin/test-admins';
import { MarketMakerRepository } from '../auth';
import type { LedgerService } from '../ledger';
import { createUsers, deposit } from '../ledger/test-ledger';
import type { SpotOrdersService } from '../spot/spot-orders.service';
import { spotServiceOf } from '../spot/test-spot';
import type { MembershipService } from './membership.service';
import { DEFAULT_LEVELS, daysAfter, type FakePrices, membershipOf, SYSTEM } from './test-membership';

let app: TestApp;
let ledger: LedgerService;
let spot: SpotOrdersService;
let sut: MembershipService;
let prices: FakePrices;

beforeAll(async () => {
  app = await createTestApp();
  ({ sut: spot, ledger } = await spotServiceOf(app));
  ({ sut, prices } = membershipOf(app, ledger));
});
afterAll(async () => {
  await spot?.stop();
  await app?.close();
});
afterEach(() => {
  prices.index.set('BTCUSDT', '50000');
});

async function holder(funds: Record<string, string>, account: 'spot' | 'futures' = 'spot') {
  const [user = 0] = await createUsers(app, 1);
  for (const [asset, amount] of Object.entries(funds)) await deposit(ledger, user, asset, amount, account);
  return user;
}

let references = 0;
function place(userId: number, body: Partial<PlaceOrderBody> & Pick<PlaceOrderBody, 'side' | 'type'>) {
  references += 1;
  return spot.place(userId, placeOrderBody.parse({ symbol: 'BTCUSDT', ...body }), `membership-${references}`);
}

describe("a user's level", () => {
  it('is level 0 with zero figures before any snapshot, with what level 1 needs', async () => {
    const user = await holder({ USDT: '20000' });
    expect(await sut.view(user)).toEqual({
      level: 0,
      qualifiedLevel: 0,
      keptUntil: null,
      volume30d: '0.00',
      holdings: '0.00',
      snapshotAt: null,
      next: { level: 1, volumeNeeded: '100000.00', holdingsNeeded: '10000.00' },
      levels: expect.arrayContaining([
        { level: 1, minVolume: '100000', minHoldings: '10000', makerDiscount: '0.1', takerDiscount: '0.05' },
      ]),
      graceDays: 7,
    });
  });

  it('comes from holdings across accounts, valued at the index price, when the volume is not enough', async () => {
    const user = await holder({ BTC: '0.1' });
    await deposit(ledger, user, 'USDT', '6000', 'futures');
    const at = new Date();
    await sut.snapshot(at);
    // 0.1 BTC at 50,000 and 6,000 USDT: 11,000 $, level 1 (10,000) but not 2 (50,000).
    expect(await sut.view(user)).toMatchObject({
      level: 1,
      qualifiedLevel: 1,
      keptUntil: null,
      volume30d: '0.00',
      holdings: '11000.00',
      snapshotAt: at.toISOString(),
      next: { level: 2, volumeNeeded: '1000000.00', holdingsNeeded: '39000.00' },
    });
    expect(await sut.of(user)).toEqual({ maker: '0.1', taker: '0.05' });
  });

  it('leaves the market maker at level 0, whatever it holds, since it trades for the platform', async () => {
    const marketMaker = await new MarketMakerRepository(app.database.db).ensureUser();
    await deposit(ledger, marketMaker, 'USDT', '2000000');
    await sut.snapshot(new Date());
    expect(await sut.view(marketMaker)).toMatchObject({ level: 0, snapshotAt: null });
    expect(await sut.of(marketMaker)).toEqual({ maker: '0', taker: '0' });
  });

  it('comes from the 30-day volume of spot fills, maker and taker alike, and forgets fills older than 30 days', async () => {
    await sut.update(
      {
        levels: [
          { minVolume: '0', minHoldings: '0', makerDiscount: '0', takerDiscount: '0' },
          { minVolume: '1000', minHoldings: '1000000000', makerDiscount: '0.1', takerDiscount: '0.1' },
          { minVolume: '2000', minHoldings: '2000000000', makerDiscount: '0.2', takerDiscount: '0.2' },
        ],
        graceDays: 0,
        reason: 'A small table for the test',
      },
      SYSTEM,
    );
    try {
      const buyer = await holder({ USDT: '1600' });
      const seller = await holder({ BTC: '0.03' });
      await place(buyer, { side: 'buy', type: 'limit', price: '50000', size: '0.03' });
      await place(seller, { side: 'sell', type: 'market', size: '0.03' });
      const at = new Date(Date.now() + 1000);
      await sut.snapshot(at);
      for (const user of [buyer, seller]) {
        expect(await sut.view(user)).toMatchObject({
          level: 1,
          volume30d: '1500.00',
          next: { level: 2, volumeNeeded: '500.00' },
        });
      }
      // Thirty days on, the fills are out of the window; with no grace the level goes at once.
      await sut.snapshot(daysAfter(at, 30));
      expect(await sut.view(buyer)).toMatchObject({ level: 0, qualifiedLevel: 0, volume30d: '0.00' });
    } finally {
      await sut.update({ levels: DEFAULT_LEVELS, graceDays: 7, reason: 'Back to the seeded table' }, SYSTEM);
    }
  });

  it('rises at once when the user qualifies for a higher level', async () => {
    const user = await holder({ BTC: '0.3' });
    const start = new Date();
    await sut.snapshot(start);
    expect(await sut.view(user)).toMatchObject({ level: 1, holdings: '15000.00' });
    prices.index.set('BTCUSDT', '200000');
    await sut.snapshot(daysAfter(start, 1));
    expect(await sut.view(user)).toMatchObject({ level: 2, qualifiedLevel: 2, keptUntil: null });
    expect(await sut.of(user)).toEqual({ maker: '0.2', taker: '0.1' });
  });

  it('keeps a level for the grace days after the user stops qualifying, then drops to the qualified one', async () => {
    const user = await holder({ BTC: '0.3' });
    const start = new Date();
    await sut.snapshot(start);
    prices.index.set('BTCUSDT', '20000');
    // 6,000 $: qualified for 0, kept at 1 for 7 days from the snapshot that saw it.
    const seen = daysAfter(start, 1);
    await sut.snapshot(seen);
    const keptUntil = daysAfter(seen, 7).toISOString();
    expect(await sut.view(user)).toMatchObject({
      level: 1,
      qualifiedLevel: 0,
      keptUntil,
      holdings: '6000.00',
    });
    expect(await sut.of(user)).toEqual({ maker: '0.1', taker: '0.05' });
    await sut.snapshot(daysAfter(seen, 6));
    expect(await sut.view(user)).toMatchObject({ level: 1, qualifiedLevel: 0, keptUntil });
    await sut.snapshot(daysAfter(seen, 7));
    expect(await sut.view(user)).toMatchObject({ level: 0, qualifiedLevel: 0, keptUntil: null });
    expect(await sut.of(user)).toEqual({ maker: '0', taker: '0' });
  });

  it('ends the grace when the user qualifies again, and starts a new one on the next fall', async () => {
    const user = await holder({ BTC: '0.3' });
    const start = new Date();
    await sut.snapshot(start);
    prices.index.set('BTCUSDT', '20000');
    await sut.snapshot(daysAfter(start, 1));
    expect(await sut.view(user)).toMatchObject({ level: 1, keptUntil: daysAfter(start, 8).toISOString() });
    prices.index.set('BTCUSDT', '50000');
    await sut.snapshot(daysAfter(start, 2));
    expect(await sut.view(user)).toMatchObject({ level: 1, qualifiedLevel: 1, keptUntil: null });
    prices.index.set('BTCUSDT', '20000');
    await sut.snapshot(daysAfter(start, 3));
    expect(await sut.view(user)).toMatchObject({ level: 1, keptUntil: daysAfter(start, 10).toISOString() });
  });
});

describe('the table of levels', () => {
  const valid = DEFAULT_LEVELS.slice(0, 3);
  const broken: Record<string, typeof valid> = {
    'level 0 needing volume': [{ ...DEFAULT_LEVELS[0], minVolume: '1' } as (typeof valid)[number]],
    'a level needing no more than the one below': [valid[0], valid[1], { ...valid[1] }] as typeof valid,
    'a level needing less holdings than the one below': [
      valid[0],
      valid[1],
      { ...valid[2], minHoldings: '5000' },
    ] as typeof valid,
    'a discount lower than the one below': [
      valid[0],
      valid[1],
      { ...valid[2], takerDiscount: '0.01' },
    ] as typeof valid,
  };

  for (const [what, levels] of Object.entries(broken)) {
    it(`refuses ${what}`, async () => {
      await expect(sut.update({ levels, graceDays: 7, reason: 'A broken table' }, SYSTEM)).rejects.toEqual(
        new AppError('membershipLevelsInvalid'),
      );
      expect((await sut.adminView()).levels).toHaveLength(6);
    });
  }

  it('is replaced through the back office with its reason audited, and shown with its members', async () => {
    const { token } = await adminWithRole(app, 'super_admin');
    const refused = await adminApi(app, 'PUT', '/api/admin/membership', {
      token,
      body: { levels: [valid[1]], graceDays: 7, reason: 'Level 0 needing holdings' },
    });
    expect(refused.body).toMatchObject({ code: 7801 });

    const saved = await adminApi(app, 'PUT', '/api/admin/membership', {
      token,
      body: { levels: valid, graceDays: 3, reason: 'Three levels for the launch' },
    });
    expect(saved.body).toMatchObject({ code: 0, msg: 'Membership levels saved' });
    expect(saved.body.data).toMatchObject({ graceDays: 3, updatedAt: expect.any(String) });
    expect(saved.body.data.levels.map((level: { level: number }) => level.level)).toEqual([0, 1, 2]);

    const audit = await adminApi(app, 'GET', '/api/admin/audit?action=updateMembership&pageSize=1', {
      token,
    });
    expect(audit.body.data.items[0]).toMatchObject({
      reason: 'Three levels for the launch',
      targetType: 'membershipLevels',
      before: expect.objectContaining({ graceDays: 7 }),
      after: expect.objectContaining({ graceDays: 3 }),
    });

    const shown = await adminApi(app, 'GET', '/api/admin/membership', { token });
    expect(shown.body.data.lastSnapshotAt).not.toBeNull();
    expect(shown.body.data.members).toEqual(
      expect.arrayContaining([{ level: 1, count: expect.any(Number) }]),
    );
    await sut.update({ levels: DEFAULT_LEVELS, graceDays: 7, reason: 'Back to the seeded table' }, SYSTEM);
  });

  it("answers the signed-in user's level at /api/membership", async () => {
    const { token } = await registerAccount(app, 'member@example.com');
    const answer = await callApi(app, 'GET', '/api/membership', { token });
    expect(answer.body).toMatchObject({ code: 0, data: { level: 0, snapshotAt: null, graceDays: 7 } });
    expect(answer.body.data.levels).toHaveLength(6);
  });
});
