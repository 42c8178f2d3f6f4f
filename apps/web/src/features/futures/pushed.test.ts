import type { FuturesMarket, FuturesOrderView, FuturesPosition } from '@kestrel/contract';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { walletKeys } from '../assets/queries';
import { writePushedFuturesOrder, writePushedPositions, writePushedTicker } from './pushed';
import { futuresKeys } from './queries';

const order = (id: string, changes: Partial<FuturesOrderView> = {}): FuturesOrderView => ({
  id,
  symbol: 'BTCUSDT',
  action: 'openLong',
  type: 'limit',
  timeInForce: 'GTC',
  postOnly: false,
  price: '50000',
  size: '0.01',
  filledSize: '0',
  averagePrice: null,
  leverage: 10,
  marginMode: 'cross',
  margin: '50',
  takeProfit: null,
  stopLoss: null,
  realizedPnl: '0',
  fee: '0',
  status: 'open',
  origin: 'user',
  createdAt: '2026-11-27T04:00:00.000Z',
  updatedAt: '2026-11-27T04:00:00.000Z',
  ...changes,
});

const page = (items: FuturesOrderView[]) => ({ pages: [{ items, next: null }], pageParams: [''] });

describe('pushed futures updates', () => {
  it('moves a filled order from the open list to the history and reads the balances again', () => {
    const client = new QueryClient();
    client.setQueryData(futuresKeys.ordersOf('open', 'BTCUSDT'), page([order('5'), order('3')]));
    client.setQueryData(futuresKeys.ordersOf('history', 'BTCUSDT'), page([order('2', { status: 'filled' })]));
    client.setQueryData(walletKeys.balances(), { balances: [] });
    writePushedFuturesOrder(client, order('5', { status: 'filled', filledSize: '0.01' }));
    const ids = (state: 'open' | 'history') =>
      client
        .getQueryData<ReturnType<typeof page>>(futuresKeys.ordersOf(state, 'BTCUSDT'))
        ?.pages[0]?.items.map((item) => item.id);
    expect(ids('open')).toEqual(['3']);
    expect(ids('history')).toEqual(['5', '2']);
    expect(client.getQueryState(walletKeys.balances())?.isInvalidated).toBe(true);
  });

  it('replaces the positions with the pushed list', () => {
    const client = new QueryClient();
    client.setQueryData(futuresKeys.positions(), { items: [{ side: 'long' }] });
    const short = { symbol: 'BTCUSDT', side: 'short' } as FuturesPosition;
    writePushedPositions(client, [short]);
    expect(client.getQueryData(futuresKeys.positions())).toEqual({ items: [short] });
  });

  it("writes the pushed mark price and funding into the market's summary", () => {
    const client = new QueryClient();
    const market = { symbol: 'BTCUSDT', markPrice: '1', brackets: [] } as unknown as FuturesMarket;
    client.setQueryData(futuresKeys.market('BTCUSDT'), market);
    const stats = {
      last: '2',
      open: '1',
      high: '2',
      low: '1',
      volume: '1',
      turnover: '2',
      changePercent: '100.00',
    };
    writePushedTicker(client, {
      symbol: 'BTCUSDT',
      markPrice: '2',
      indexPrice: '2.1',
      fundingRate: '-0.0001',
      nextFundingTime: '2026-11-27T08:00:00.000Z',
      stale: true,
      stats,
    });
    expect(client.getQueryData(futuresKeys.market('BTCUSDT'))).toEqual({
      ...market,
      markPrice: '2',
      indexPrice: '2.1',
      fundingRate: '-0.0001',
      nextFundingTime: '2026-11-27T08:00:00.000Z',
      stale: true,
      stats,
    });
  });
});
