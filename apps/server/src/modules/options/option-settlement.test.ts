import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { refusedByFence } from '../../cluster/fence';
import { rowsOf } from '../../db/rows';
import { LedgerRepository, LedgerService } from '../ledger';
import { balanceOf, createUsers, deposit, ledgerOf } from '../ledger/test-ledger';
import { OptionOrdersRepository } from './option-orders.repository';
import { OptionSettlement } from './option-settlement';
import {
  type OwnProduct,
  ownProductOf,
  settlementOf,
  storedOrder,
  storeOrder,
  takeOver,
  tick,
  tickTime,
  uniqueTag,
} from './test-options';

let app: TestApp;
let ledger: LedgerService;

beforeAll(async () => {
  app = await createTestApp();
  ledger = ledgerOf(app);
});
afterAll(async () => {
  await app?.close();
});

const db = () => app.database.db;

/** A user holding `amount` USDT in spot. */
async function funded(amount = '1000') {
  const [userId = 0] = await createUsers(app, 1);
  await deposit(ledger, userId, 'USDT', amount);
  return userId;
}

const spot = async (userId: number) => (await balanceOf(ledger, userId, 'spot', 'USDT')).available;

async function payoutJournals(orderIds: readonly string[]) {
  const [row] = await rowsOf<{ count: number }>(
    db(),
    sql`select count(*)::int as count from journal_transactions
      where kind = 'option_payout' and reference = any(${`{${orderIds.map((id) => `option-payout:${id}`).join(',')}}`}::text[])`,
  );
  return row?.count ?? 0;
}

describe('the rule of an order', () => {
  let product: OwnProduct;
  beforeAll(async () => {
    product = await ownProductOf(db(), uniqueTag());
  });

  it('opens at the first tick recorded strictly after acceptance, not at one recorded at that very instant', async () => {
    const userId = await funded();
    const earlier = await funded();
    const first = await tick(db(), product, '99');
    const atAcceptance = await tick(db(), product, '100');
    const opening = await tick(db(), product, '101');
    const closing = await tick(db(), product, '105');
    const id = await storeOrder(db(), ledger, product, {
      userId,
      direction: 'up',
      amount: '100',
      acceptedAt: tickTime(atAcceptance.id),
      closeTime: tickTime(closing.id),
    });
    // An order accepted at the tick before opens at the tick this order was accepted at.
    const earlierId = await storeOrder(db(), ledger, product, {
      userId: earlier,
      direction: 'up',
      amount: '10',
      acceptedAt: tickTime(first.id),
      closeTime: tickTime(closing.id),
    });
    await tick(db(), product, '90');

    const settled = await settlementOf(app, ledger).settleDue(
      { id: product.productId, asset: 'USDT', staleSeconds: 10 },
      product.epoch,
    );

    expect(settled).toBe(2);
    expect((await storedOrder(db(), earlierId)).openTickId).toBe(atAcceptance.id);
    expect(await storedOrder(db(), id)).toMatchObject({
      status: 'settled',
      outcome: 'win',
      rule: 'upWins',
      openTickId: opening.id,
      closeTickId: closing.id,
      payout: '185.000000000000000000',
      profit: '85.000000000000000000',
    });
    expect(await spot(userId)).toBe('1085.000000');
    expect((await ledger.check()).problems).toEqual([]);
  });

  it('returns the stake on equal prices', async () => {
    const userId = await funded();
    const before = await tick(db(), product, '200');
    const opening = await tick(db(), product, '201');
    const closing = await tick(db(), product, '201');
    const id = await storeOrder(db(), ledger, product, {
      userId,
      direction: 'down',
      amount: '50',
      acceptedAt: tickTime(before.id),
      closeTime: tickTime(closing.id),
    });
    await tick(db(), product, '300');

    await settlementOf(app, ledger).settleDue(
      { id: product.productId, asset: 'USDT', staleSeconds: 10 },
      product.epoch,
    );

    expect(await storedOrder(db(), id)).toMatchObject({
      outcome: 'tie',
      rule: 'equalReturned',
      openTickId: opening.id,
      closeTickId: closing.id,
      payout: '50.000000000000000000',
      profit: '0.000000000000000000',
    });
    expect(await spot(userId)).toBe('1000.000000');
  });

  it('pays nothing on a loss and the stake stays in the pool', async () => {
    const userId = await funded();
    const before = await tick(db(), product, '300');
    const opening = await tick(db(), product, '301');
    const closing = await tick(db(), product, '299');
    const id = await storeOrder(db(), ledger, product, {
      userId,
      direction: 'up',
      amount: '40',
      acceptedAt: tickTime(before.id),
      closeTime: tickTime(closing.id),
    });
    await tick(db(), product, '310');
    await settlementOf(app, ledger).settleDue(
      { id: product.productId, asset: 'USDT', staleSeconds: 10 },
      product.epoch,
    );
    expect(await storedOrder(db(), id)).toMatchObject({
      outcome: 'loss',
      rule: 'downWins',
      openTickId: opening.id,
      payout: '0.000000000000000000',
      profit: '-40.000000000000000000',
    });
    expect(await spot(userId)).toBe('960.000000');
    expect(await payoutJournals([id])).toBe(0);
  });
});

describe('a round whose close found the feed stale', () => {
  it('is void and returns every stake', async () => {
    const product = await ownProductOf(db(), uniqueTag());
    const up = await funded();
    const down = await funded();
    // The round closed 30 s ago and no tick was recorded in the 10 s before its close.
    const ids = await Promise.all(
      (
        [
          [up, 'up'],
          [down, 'down'],
        ] as const
      ).map(([userId, direction]) =>
        storeOrder(db(), ledger, product, {
          userId,
          direction,
          amount: '25',
          acceptedAt: sql`clock_timestamp() - interval '40 seconds'`,
          closeTime: sql`clock_timestamp() - interval '30 seconds'`,
        }),
      ),
    );
    await tick(db(), product, '100');

    await settlementOf(app, ledger).settleDue(
      { id: product.productId, asset: 'USDT', staleSeconds: 10 },
      product.epoch,
    );

    for (const id of ids) {
      expect(await storedOrder(db(), id)).toMatchObject({
        status: 'settled',
        outcome: 'void',
        rule: 'voidStale',
        closeTickId: null,
        payout: '25.000000000000000000',
        profit: '0.000000000000000000',
      });
    }
    expect(await spot(up)).toBe('1000.000000');
    expect(await spot(down)).toBe('1000.000000');
  });

  it('waits while neither a tick after the close nor the staleness window has come', async () => {
    const product = await ownProductOf(db(), uniqueTag());
    const userId = await funded();
    const before = await tick(db(), product, '100');
    const id = await storeOrder(db(), ledger, product, {
      userId,
      direction: 'up',
      amount: '10',
      acceptedAt: tickTime(before.id),
      closeTime: sql`clock_timestamp()`,
    });
    const settled = await settlementOf(app, ledger).settleDue(
      { id: product.productId, asset: 'USDT', staleSeconds: 10 },
      product.epoch,
    );
    expect(settled).toBe(0);
    expect((await storedOrder(db(), id)).status).toBe('open');
  });
});

/** A ledger whose batches fail from the `failFrom`-th on, as a node that dies in the middle of a close. */
class DyingLedger extends LedgerService {
  private calls = 0;
  constructor(
    testApp: TestApp,
    private readonly failFrom: number,
  ) {
    super(new LedgerRepository(testApp.database.db));
  }
  override async batch<T>(work: Parameters<LedgerService['batch']>[0]): Promise<T> {
    this.calls += 1;
    if (this.calls >= this.failFrom) throw new Error('the node died');
    return super.batch(work) as Promise<T>;
  }
}

describe('a close interrupted by a restart', () => {
  it('settles each order exactly once when the next owner takes over after the first chunk committed', async () => {
    const product = await ownProductOf(db(), uniqueTag());
    const users = await Promise.all([1, 2, 3, 4, 5].map(() => funded()));
    const before = await tick(db(), product, '100');
    await tick(db(), product, '101');
    const closing = await tick(db(), product, '110');
    const ids: string[] = [];
    for (const userId of users) {
      ids.push(
        await storeOrder(db(), ledger, product, {
          userId,
          direction: 'up',
          amount: '100',
          acceptedAt: tickTime(before.id),
          closeTime: tickTime(closing.id),
        }),
      );
    }
    await tick(db(), product, '120');

    // The first owner settles a chunk of two and dies before the second commits.
    const dying = settlementOf(app, new DyingLedger(app, 2), 2);
    await expect(
      dying.settleDue({ id: product.productId, asset: 'USDT', staleSeconds: 10 }, product.epoch),
    ).rejects.toThrow('the node died');
    const first = await Promise.all(ids.map((id) => storedOrder(db(), id)));
    expect(first.filter((order) => order.status === 'settled')).toHaveLength(2);

    // The next owner settles what is left, and a second try of the dead owner's chunk changes nothing.
    const epoch = await takeOver(db(), product);
    const next = settlementOf(app, ledgerOf(app), 2);
    expect(await next.settleDue({ id: product.productId, asset: 'USDT', staleSeconds: 10 }, epoch)).toBe(3);
    expect(await next.settleDue({ id: product.productId, asset: 'USDT', staleSeconds: 10 }, epoch)).toBe(0);

    for (const userId of users) expect(await spot(userId)).toBe('1085.000000');
    expect(await payoutJournals(ids)).toBe(5);
    expect((await ledger.check()).problems).toEqual([]);
  });
});

describe('a round of several chunks', () => {
  it('settles every order once with chunks in flight at the same time', async () => {
    const product = await ownProductOf(db(), uniqueTag());
    const users = await Promise.all([1, 2, 3, 4, 5, 6, 7].map(() => funded()));
    const before = await tick(db(), product, '100');
    await tick(db(), product, '99');
    const closing = await tick(db(), product, '98');
    const ids: string[] = [];
    for (const userId of users) {
      ids.push(
        await storeOrder(db(), ledger, product, {
          userId,
          direction: 'down',
          amount: '20',
          acceptedAt: tickTime(before.id),
          closeTime: tickTime(closing.id),
        }),
      );
    }
    await tick(db(), product, '97');
    const parallel = new OptionSettlement(new OptionOrdersRepository(db()), ledger, () => {}, 2, 3);
    expect(
      await parallel.settleDue({ id: product.productId, asset: 'USDT', staleSeconds: 10 }, product.epoch),
    ).toBe(7);
    for (const userId of users) expect(await spot(userId)).toBe('1017.000000');
    expect(await payoutJournals(ids)).toBe(7);
    expect((await ledger.check()).problems).toEqual([]);
  });
});

describe('the fence', () => {
  it("refuses a deposed owner's ticks and settlement, which change nothing", async () => {
    const product = await ownProductOf(db(), uniqueTag());
    const userId = await funded();
    const before = await tick(db(), product, '100');
    await tick(db(), product, '101');
    const closing = await tick(db(), product, '102');
    const id = await storeOrder(db(), ledger, product, {
      userId,
      direction: 'up',
      amount: '100',
      acceptedAt: tickTime(before.id),
      closeTime: tickTime(closing.id),
    });
    await tick(db(), product, '103');
    const epoch = await takeOver(db(), product);

    const refused = await tick(db(), product, '104', product.epoch).catch((error: unknown) => error);
    expect(refusedByFence(refused)).toBe(true);
    const settling = await settlementOf(app, ledger)
      .settleDue({ id: product.productId, asset: 'USDT', staleSeconds: 10 }, product.epoch)
      .catch((error: unknown) => error);
    expect(refusedByFence(settling)).toBe(true);
    expect((await storedOrder(db(), id)).status).toBe('open');
    expect(await payoutJournals([id])).toBe(0);
    expect(await spot(userId)).toBe('900.000000');

    // The owner of the new epoch writes both.
    await tick(db(), product, '105', epoch);
    await settlementOf(app, ledger).settleDue(
      { id: product.productId, asset: 'USDT', staleSeconds: 10 },
      epoch,
    );
    expect((await storedOrder(db(), id)).status).toBe('settled');
  });

  it('keeps recorded ticks as they were: no update or delete', async () => {
    const product = await ownProductOf(db(), uniqueTag());
    const recorded = await tick(db(), product, '100');
    await expect(
      db().execute(sql`update option_ticks set price = 1 where id = ${recorded.id}::bigint`),
    ).rejects.toThrow();
    await expect(
      db().execute(sql`delete from option_ticks where id = ${recorded.id}::bigint`),
    ).rejects.toThrow();
  });
});
