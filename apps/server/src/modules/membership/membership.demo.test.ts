import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { startDemo } from '../demo/test-demo';
import { createUsers, deposit, ledgerOf } from '../ledger/test-ledger';
import type { MembershipService } from './membership.service';
import { membershipOf } from './test-membership';

/* Demo accounts (decision 0055) hold virtual funds: they reach no VIP level and get no fee discount. */

let app: TestApp;
let sut: MembershipService;

beforeAll(async () => {
  app = await createTestApp();
  ({ sut } = membershipOf(app, ledgerOf(app)));
});
afterAll(async () => {
  await app?.close();
});

describe('a demo account in the membership snapshot', () => {
  it('stays at level 0 with its 100,000 virtual USDT, where a real user holding as much is a member', async () => {
    const demo = (await startDemo(app, '10.34.0.1')).user.id;
    const [real = 0] = await createUsers(app, 1);
    await deposit(ledgerOf(app), real, 'USDT', '100000');

    await sut.snapshot(new Date());

    expect((await sut.view(real)).level).toBeGreaterThan(0);
    expect(await sut.view(demo)).toMatchObject({ level: 0, snapshotAt: null });
    expect(await sut.of(demo)).toEqual({ maker: '0', taker: '0' });
  });
});
