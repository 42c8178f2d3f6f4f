import type { OptionOrderView, OptionProduct } from '@kestrel/contract';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { walletKeys } from '../assets/queries';
import { writePushedClock, writePushedOptionOrder } from './pushed';
import { optionKeys } from './queries';

const CLOSE = '2026-11-27T12:01:00.000Z';

const order = (id: string, changes: Partial<OptionOrderView> = {}): OptionOrderView => ({
  id,
  productId: '1',
  symbol: 'BTCUSDT',
  asset: 'USDT',
  periodSeconds: 60,
  periodNumber: 29_408_400,
  direction: 'up',
  amount: '100.000000',
  payoutRate: '0.85',
  status: 'inProgress',
  outcome: null,
  createdAt: '2026-11-27T12:00:10.000Z',
  buyCutoffTime: '2026-11-27T12:00:50.000Z',
  openPrice: null,
  openTime: null,
  closePrice: null,
  closeTime: CLOSE,
  profit: null,
  payout: null,
  settledAt: null,
  ...changes,
});

const product: OptionProduct = {
  id: '1',
  symbol: 'BTCUSDT',
  asset: 'USDT',
  open: true,
  periods: [
    {
      seconds: 60,
      periodSeconds: 60,
      periodNumber: 29_408_400,
      openTime: '2026-11-27T12:00:00.000Z',
      closeTime: CLOSE,
      buyCutoffTime: '2026-11-27T12:00:50.000Z',
      payoutRate: '0.85',
      minStake: '10',
      maxStake: '1000',
      buyCutoffSeconds: 10,
    },
  ],
  periodNumber: 29_408_400,
  closeTime: CLOSE,
  buyCutoffTime: '2026-11-27T12:00:50.000Z',
  maxOpenOrders: 10,
  maxDailyLoss: '5000',
  staleSeconds: 5,
  lastTick: { id: '7', price: '50000.00', time: '2026-11-27T12:00:20.000Z' },
  stale: false,
};

const page = (items: OptionOrderView[]) => ({ pages: [{ items, next: null }], pageParams: [''] });

describe('pushed options updates', () => {
  it('moves a settled order from awaiting delivery to my options and reads the balances again', () => {
    const client = new QueryClient();
    client.setQueryData(optionKeys.ordersOf('open', ''), page([order('5'), order('3')]));
    client.setQueryData(optionKeys.ordersOf('settled', ''), page([order('2', { status: 'completed' })]));
    client.setQueryData(walletKeys.balances(), { balances: [] });
    writePushedOptionOrder(client, order('5', { status: 'completed', outcome: 'win', profit: '85.000000' }));
    const ids = (state: 'open' | 'settled') =>
      client
        .getQueryData<ReturnType<typeof page>>(optionKeys.ordersOf(state, ''))
        ?.pages[0]?.items.map((item) => item.id);
    expect(ids('open')).toEqual(['3']);
    expect(ids('settled')).toEqual(['5', '2']);
    expect(client.getQueryState(walletKeys.balances())?.isInvalidated).toBe(true);
  });

  it("writes a round clock into its product and appends its tick to the product's price line once", () => {
    const client = new QueryClient();
    client.setQueryData(optionKeys.products(), { items: [product] });
    client.setQueryData(optionKeys.ticks('1'), { items: [product.lastTick] });
    const clock = {
      productId: '1',
      symbol: 'BTCUSDT',
      rounds: [
        {
          periodSeconds: 60,
          periodNumber: 29_408_401,
          openTime: CLOSE,
          closeTime: '2026-11-27T12:02:00.000Z',
          buyCutoffTime: '2026-11-27T12:01:50.000Z',
        },
      ],
      lastTick: { id: '8', price: '50010.00', time: '2026-11-27T12:00:51.000Z' },
      stale: false,
    };
    writePushedClock(client, clock);
    writePushedClock(client, clock);
    const cached = client.getQueryData<{ items: OptionProduct[] }>(optionKeys.products())?.items[0];
    expect(cached?.periodNumber).toBe(29_408_401);
    expect(cached?.periods[0]?.buyCutoffTime).toBe('2026-11-27T12:01:50.000Z');
    expect(cached?.periods[0]?.payoutRate).toBe('0.85');
    expect(cached?.lastTick?.id).toBe('8');
    const ticks = client.getQueryData<{ items: { id: string }[] }>(optionKeys.ticks('1'))?.items;
    expect(ticks?.map((tick) => tick.id)).toEqual(['7', '8']);
  });
});
