import type { OrderView } from '@kestrel/contract';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { writePushedOrder } from './pushedOrders';
import { spotKeys } from './queries';

function order(id: string, patch: Partial<OrderView> = {}): OrderView {
  return {
    id,
    symbol: 'BTCUSDT',
    side: 'buy',
    type: 'limit',
    timeInForce: 'GTC',
    postOnly: false,
    price: '100',
    size: '1',
    filledSize: '0',
    averagePrice: null,
    total: null,
    status: 'open',
    createdAt: '2026-11-26T10:00:00.000Z',
    ...patch,
  } as OrderView;
}

function cacheWith(lists: Record<string, { ids: string[]; next: string | null }>) {
  const queryClient = new QueryClient();
  for (const [key, list] of Object.entries(lists)) {
    const [state, symbol] = key.split('/') as ['open' | 'history', string];
    queryClient.setQueryData(spotKeys.ordersOf(state, symbol), {
      pages: [{ items: list.ids.map((id) => order(id)), next: list.next }],
      pageParams: [''],
    });
  }
  return queryClient;
}

function idsOf(queryClient: QueryClient, state: 'open' | 'history', symbol: string) {
  const data = queryClient.getQueryData<{ pages: { items: OrderView[] }[] }>(
    spotKeys.ordersOf(state, symbol),
  );
  return data?.pages.flatMap((page) => page.items.map((item) => `${item.id}:${item.status}`));
}

describe('an order pushed over the orders channel', () => {
  it('replaces the order where it is listed, with no request', () => {
    const queryClient = cacheWith({ 'open/BTCUSDT': { ids: ['9', '7', '5'], next: null } });
    writePushedOrder(queryClient, order('7', { status: 'partially_filled', filledSize: '0.5' }));
    expect(idsOf(queryClient, 'open', 'BTCUSDT')).toEqual(['9:open', '7:partially_filled', '5:open']);
  });

  it('adds a new order in its place, newest first, to the lists of its market and of every market', () => {
    const queryClient = cacheWith({
      'open/BTCUSDT': { ids: ['9', '5'], next: null },
      'open/': { ids: ['12', '9', '5'], next: null },
      'open/ETHUSDT': { ids: ['11'], next: null },
    });
    writePushedOrder(queryClient, order('10'));
    expect(idsOf(queryClient, 'open', 'BTCUSDT')).toEqual(['10:open', '9:open', '5:open']);
    expect(idsOf(queryClient, 'open', '')).toEqual(['12:open', '10:open', '9:open', '5:open']);
    expect(idsOf(queryClient, 'open', 'ETHUSDT')).toEqual(['11:open']);
  });

  it('moves a filled order from the open orders to the history', () => {
    const queryClient = cacheWith({
      'open/BTCUSDT': { ids: ['9', '7'], next: null },
      'history/BTCUSDT': { ids: ['8', '3'], next: null },
    });
    writePushedOrder(queryClient, order('7', { status: 'filled', filledSize: '1' }));
    expect(idsOf(queryClient, 'open', 'BTCUSDT')).toEqual(['9:open']);
    expect(idsOf(queryClient, 'history', 'BTCUSDT')).toEqual(['8:open', '7:filled', '3:open']);
  });

  it('leaves an order older than the loaded pages to the page that is not loaded yet', () => {
    const queryClient = cacheWith({ 'history/BTCUSDT': { ids: ['8', '6'], next: '6' } });
    writePushedOrder(queryClient, order('2', { status: 'cancelled' }));
    expect(idsOf(queryClient, 'history', 'BTCUSDT')).toEqual(['8:open', '6:open']);
  });
});
