import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { callApi, registerAccount } from '../../../test/api';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { balanceOf, deposit, ledgerOf } from '../ledger/test-ledger';

/*
 * The whole server with the market maker switched on, as `npm start` runs it: the simulated feed's first ticks
 * bring the maker's quotes to the perpetuals too, and a person's market long over HTTP fills against them.
 */

let sut: TestApp;

beforeAll(async () => {
  sut = await createTestApp({ env: { MARKET_MAKER: 'on' } });
});
afterAll(async () => {
  await sut?.close();
});

async function depth(symbol: string) {
  const answer = await callApi(sut, 'GET', `/api/futures/markets/${symbol}/depth?levels=10`);
  return answer.body.data as { bids: Array<[string, string]>; asks: Array<[string, string]> };
}

describe('futures market maker in the app', () => {
  it('quotes five levels on each side of the perpetuals once the feed has ticked', async () => {
    for (const symbol of ['BTCUSDT', 'ETHUSDT']) {
      // Waits for the feed's first tick and the maker's refresh, not for a time.
      await vi.waitFor(
        async () => {
          const book = await depth(symbol);
          expect(book.bids).toHaveLength(5);
          expect(book.asks).toHaveLength(5);
        },
        { timeout: 20_000, interval: 200 },
      );
      const book = await depth(symbol);
      expect(Number(book.bids[0]?.[0])).toBeLessThan(Number(book.asks[0]?.[0]));
    }
  });

  it("fills a person's market long over HTTP against its asks", async () => {
    const { token, user } = await registerAccount(sut, 'futures-maker-buyer@example.com');
    const ledger = ledgerOf(sut);
    await deposit(ledger, user.id, 'USDT', '1000', 'futures');
    const answer = await sut.app.inject({
      method: 'POST',
      url: '/api/futures/orders',
      headers: { authorization: token, 'idempotency-key': 'futures-maker-buyer-1' },
      payload: { symbol: 'ETHUSDT', action: 'openLong', type: 'market', size: '0.1' },
    });
    expect(answer.json()).toMatchObject({ code: 0, data: { status: 'filled' } });
    const positions = await sut.app.inject({
      method: 'GET',
      url: '/api/futures/positions',
      headers: { authorization: token },
    });
    expect(positions.json().data.items).toMatchObject([{ symbol: 'ETHUSDT', side: 'long' }]);
    expect(Number((await balanceOf(ledger, user.id, 'futures', 'USDT')).frozen)).toBeGreaterThan(0);
    expect((await ledger.check()).problems).toEqual([]);
  });
});
