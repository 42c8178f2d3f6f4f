import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, registerAccount } from '../../../test/api';
import { rowsOf } from '../../../test/database';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { adminApi, adminWithRole } from '../admin/test-admins';
import { verifyIdentity } from '../identity/test-identity';
import { balanceOf, deposit, ledgerOf } from '../ledger/test-ledger';
import type { MissionSources } from './mission-sources';
import { MissionsRepository } from './missions.repository';
import { MissionsService } from './missions.service';

let sut: TestApp;
let superToken: string;

beforeAll(async () => {
  sut = await createTestApp({ env: { MARKET_MAKER: 'off' } });
  superToken = (await adminWithRole(sut, 'super_admin')).token;
});
afterAll(async () => {
  await sut?.close();
});

let accounts = 0;
async function newUser() {
  accounts += 1;
  const email = `hall${accounts}-${randomBytes(3).toString('hex')}@missions.test`;
  const { token, user } = await registerAccount(sut, email, { ip: `10.7.0.${accounts}` });
  return { token, userId: user.id };
}

type View = { id: string; event: string; status: string; progress: string; claimBy: string | null };

async function hall(token: string): Promise<{ items: View[]; identityVerified: boolean }> {
  const answer = await callApi(sut, 'GET', '/api/missions', { token });
  expect(answer.body.code).toBe(0);
  return answer.body.data;
}

async function task(token: string, event: string): Promise<View> {
  const found = (await hall(token)).items.find((item) => item.event === event);
  if (!found) throw new Error(`no ${event} task in the hall`);
  return found;
}

function claim(token: string, id: string, key?: string) {
  return sut.app
    .inject({
      method: 'POST',
      url: `/api/missions/${id}/claim`,
      headers: { authorization: token, 'think-lang': 'en-US', ...(key ? { 'idempotency-key': key } : {}) },
    })
    .then((response) => ({ status: response.statusCode, body: response.json() }));
}

async function rewardsJournalled(userId: number) {
  const rows = await rowsOf<{ count: number }>(
    sut.database.db,
    sql`select count(*)::int as count from journal_transactions
      where kind = 'mission_reward' and reference like ${`mission:%:${userId}:%`}`,
  );
  return Number(rows[0]?.count ?? 0);
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

describe('the mission hall', () => {
  it('shows the seeded tasks, with progress from what the user has done', async () => {
    const user = await newUser();
    const fresh = await hall(user.token);
    expect(fresh.identityVerified).toBe(false);
    expect(fresh.items.map((item) => item.event)).toEqual(
      expect.arrayContaining([
        'identityVerified',
        'firstDeposit',
        'spotVolume',
        'optionsBought',
        'invitedVerified',
        'futuresVolume',
      ]),
    );
    expect(fresh.items.every((item) => item.status === 'inProgress')).toBe(true);

    await verifyIdentity(sut, user);
    expect(await task(user.token, 'identityVerified')).toMatchObject({ status: 'claimable', progress: '1' });
    expect((await hall(user.token)).identityVerified).toBe(true);

    await deposit(ledgerOf(sut), user.userId, 'USDT', '2000');
    expect(await task(user.token, 'firstDeposit')).toMatchObject({ status: 'claimable', progress: '1' });

    // Spot volume is the quote value of the user's fills: 0.3 BTC at 1,000 is $300.
    const seller = await newUser();
    await deposit(ledgerOf(sut), seller.userId, 'BTC', '2');
    await placeSpot(seller.token, 'sell', '1000', '1');
    await placeSpot(user.token, 'buy', '1000', '0.3');
    expect(await task(user.token, 'spotVolume')).toMatchObject({ status: 'inProgress', progress: '300' });
    expect(await task(seller.token, 'spotVolume')).toMatchObject({ progress: '300' });
    await placeSpot(user.token, 'buy', '1000', '0.7');
    expect(await task(user.token, 'spotVolume')).toMatchObject({ status: 'claimable', progress: '1000' });
  });

  it('pays a finished task once, from the rewards account into the spot account', async () => {
    const user = await newUser();
    await verifyIdentity(sut, user);
    const identity = await task(user.token, 'identityVerified');

    const paid = await claim(user.token, identity.id);
    expect(paid.body).toMatchObject({ code: 0, msg: 'Reward claimed', data: { status: 'claimed' } });
    expect(paid.body.data.claimedAt).not.toBeNull();
    expect(await balanceOf(ledgerOf(sut), user.userId, 'spot', 'USDT')).toMatchObject({
      available: '5.000000',
    });

    const again = await claim(user.token, identity.id);
    expect(again.body.code).toBe(7703);
    expect(await task(user.token, 'identityVerified')).toMatchObject({ status: 'claimed' });
    expect(await balanceOf(ledgerOf(sut), user.userId, 'spot', 'USDT')).toMatchObject({
      available: '5.000000',
    });
    expect(await rewardsJournalled(user.userId)).toBe(1);
    expect((await ledgerOf(sut).check()).problems).toEqual([]);
  });

  it('pays once when the same reward is claimed twice at the same moment', async () => {
    const user = await newUser();
    await verifyIdentity(sut, user);
    const identity = await task(user.token, 'identityVerified');

    const answers = await Promise.all([claim(user.token, identity.id), claim(user.token, identity.id)]);
    expect(answers.map((answer) => answer.body.code).sort()).toEqual([0, 7703]);
    expect(await balanceOf(ledgerOf(sut), user.userId, 'spot', 'USDT')).toMatchObject({
      available: '5.000000',
    });
    expect(await rewardsJournalled(user.userId)).toBe(1);
  });

  it('answers a retried claim with the same Idempotency-Key as the first', async () => {
    const user = await newUser();
    await verifyIdentity(sut, user);
    const identity = await task(user.token, 'identityVerified');
    const first = await claim(user.token, identity.id, 'claim-key-1');
    const retry = await claim(user.token, identity.id, 'claim-key-1');
    expect(retry.body).toEqual(first.body);
    expect(await rewardsJournalled(user.userId)).toBe(1);
  });

  it('refuses an unfinished task, and any reward to a user whose identity is not verified', async () => {
    const user = await newUser();
    const spot = await task(user.token, 'spotVolume');
    await deposit(ledgerOf(sut), user.userId, 'USDT', '10');
    const firstDeposit = await task(user.token, 'firstDeposit');
    expect(firstDeposit.status).toBe('claimable');

    expect((await claim(user.token, firstDeposit.id)).body.code).toBe(7705);
    await verifyIdentity(sut, user);
    expect((await claim(user.token, spot.id)).body.code).toBe(7702);
    expect((await claim(user.token, firstDeposit.id)).body.code).toBe(0);
    expect((await claim(user.token, '999999')).body.code).toBe(7701);
  });

  it('hides a hidden task, counts nothing for it and refuses its claim', async () => {
    const created = await adminApi(sut, 'POST', '/api/admin/missions', {
      token: superToken,
      body: {
        event: 'identityVerified',
        threshold: '1',
        rewardAsset: 'USDT',
        rewardAmount: '50',
        repeat: 'once',
        startsAt: '2026-01-01T00:00:00.000Z',
        endsAt: null,
        claimHours: 24,
        visible: false,
        reason: 'Prepared for the spring campaign',
      },
    });
    expect(created.body).toMatchObject({ code: 0, data: { visible: false, claims: 0, paid: '0' } });
    const user = await newUser();
    await verifyIdentity(sut, user);
    expect((await hall(user.token)).items.map((item) => item.id)).not.toContain(created.body.data.id);
    expect((await claim(user.token, created.body.data.id)).body.code).toBe(7701);
  });

  it('lets the back office add and change tasks, each change audited with its reason', async () => {
    const body = {
      event: 'depositAmount',
      threshold: '500',
      rewardAsset: 'USDT',
      rewardAmount: '2.5',
      repeat: 'weekly',
      startsAt: '2026-01-01T00:00:00.000Z',
      endsAt: null,
      claimHours: 48,
      visible: true,
      reason: 'Weekly deposit bonus',
    };
    const created = await adminApi(sut, 'POST', '/api/admin/missions', { token: superToken, body });
    expect(created.body).toMatchObject({ code: 0, data: { rewardAmount: '2.5', repeat: 'weekly' } });
    const id = created.body.data.id as string;
    const changed = await adminApi(sut, 'PUT', `/api/admin/missions/${id}`, {
      token: superToken,
      body: { ...body, rewardAmount: '3', reason: 'Raised after review' },
    });
    expect(changed.body).toMatchObject({ code: 0, data: { id, rewardAmount: '3' } });

    const user = await newUser();
    await deposit(ledgerOf(sut), user.userId, 'USDT', '120');
    expect(await task(user.token, 'depositAmount')).toMatchObject({ progress: '120', status: 'inProgress' });

    const audit = await rowsOf<{ action: string; reason: string }>(
      sut.database.db,
      sql`select action, reason from admin_audit where target_type = 'mission' and target_id = ${id} order by id`,
    );
    expect(audit).toEqual([
      { action: 'createMission', reason: 'Weekly deposit bonus' },
      { action: 'updateMission', reason: 'Raised after review' },
    ]);
    const list = await adminApi(sut, 'GET', '/api/admin/missions', { token: superToken });
    expect(list.body.data.items).toContainEqual(expect.objectContaining({ id, rewardAmount: '3' }));
    expect(list.body.data.rewardsPaid).toContainEqual({ asset: 'USDT', amount: expect.stringMatching(/^-/) });
  });
});

/** Sources a test sets by hand, for the tasks whose events are slow to make for real. */
class GivenSources implements MissionSources {
  options = 0;
  async identityVerified() {
    return true;
  }
  async depositCount() {
    return 0;
  }
  async deposits() {
    return [];
  }
  async spotVolume() {
    return [];
  }
  async futuresVolume() {
    return [];
  }
  async optionsBought() {
    return this.options;
  }
  async invitedVerified() {
    return 0;
  }
  async earnSubscribed() {
    return [];
  }
}

describe('cycles and expiry, with a clock the test moves', () => {
  it('expires a reward not claimed in time, and counts a daily task afresh the next day', async () => {
    const repository = new MissionsRepository(sut.database.db);
    // Far in the future, so that the hall on the real clock does not show it.
    const daily = await repository.insert({
      event: 'optionsBought',
      threshold: '3',
      rewardAsset: 'USDT',
      rewardAmount: '1',
      repeat: 'daily',
      startsAt: new Date('2030-03-01T00:00:00Z'),
      endsAt: null,
      claimHours: 2,
      visible: true,
    });
    const sources = new GivenSources();
    let now = new Date('2030-03-04T10:00:00Z');
    const hallAt = new MissionsService({
      repository,
      sources,
      ledger: ledgerOf(sut),
      prices: { indexPrice: () => null },
      now: () => now,
    });
    const user = await newUser();
    const viewOf = async () =>
      (await hallAt.list(user.userId)).items.find((item) => item.id === String(daily.id));

    sources.options = 2;
    expect(await viewOf()).toMatchObject({
      status: 'inProgress',
      progress: '2',
      cycleStartsAt: '2030-03-04T00:00:00.000Z',
      cycleEndsAt: '2030-03-05T00:00:00.000Z',
    });
    sources.options = 3;
    expect(await viewOf()).toMatchObject({ status: 'claimable', claimBy: '2030-03-04T12:00:00.000Z' });

    now = new Date('2030-03-04T12:30:00Z');
    expect(await viewOf()).toMatchObject({ status: 'expired', claimBy: null });
    await expect(hallAt.claim(user.userId, String(daily.id))).rejects.toMatchObject({
      reason: 'missionExpired',
    });

    // The next day is a new cycle: three more options finish it again, and this time it is claimed in time.
    now = new Date('2030-03-05T09:00:00Z');
    sources.options = 1;
    expect(await viewOf()).toMatchObject({ status: 'inProgress', cycleStartsAt: '2030-03-05T00:00:00.000Z' });
    sources.options = 3;
    now = new Date('2030-03-05T23:00:00Z');
    // Reached an hour before the day ends: the claim window closes with the day.
    expect(await viewOf()).toMatchObject({ status: 'claimable', claimBy: '2030-03-06T00:00:00.000Z' });
    expect(await hallAt.claim(user.userId, String(daily.id))).toMatchObject({ status: 'claimed' });
    await expect(hallAt.claim(user.userId, String(daily.id))).rejects.toMatchObject({
      reason: 'missionAlreadyClaimed',
    });
    expect(await balanceOf(ledgerOf(sut), user.userId, 'spot', 'USDT')).toMatchObject({
      available: '1.000000',
    });
    const references = await rowsOf<{ reference: string }>(
      sut.database.db,
      sql`select reference from journal_transactions where kind = 'mission_reward'
        and reference like ${`mission:${daily.id}:%`}`,
    );
    expect(references).toEqual([
      { reference: `mission:${daily.id}:${user.userId}:2030-03-05T00:00:00.000Z` },
    ]);
  });

  it('counts a weekly task from Monday 00:00 UTC', async () => {
    const repository = new MissionsRepository(sut.database.db);
    const weekly = await repository.insert({
      event: 'optionsBought',
      threshold: '1',
      rewardAsset: 'USDT',
      rewardAmount: '1',
      repeat: 'weekly',
      startsAt: new Date('2030-01-01T00:00:00Z'),
      endsAt: null,
      claimHours: 24,
      visible: true,
    });
    const hallAt = new MissionsService({
      repository,
      sources: new GivenSources(),
      ledger: ledgerOf(sut),
      prices: { indexPrice: () => null },
      // A Sunday evening.
      now: () => new Date('2030-03-10T20:00:00Z'),
    });
    const user = await newUser();
    const view = (await hallAt.list(user.userId)).items.find((item) => item.id === String(weekly.id));
    expect(view).toMatchObject({
      cycleStartsAt: '2030-03-04T00:00:00.000Z',
      cycleEndsAt: '2030-03-11T00:00:00.000Z',
    });
  });
});
