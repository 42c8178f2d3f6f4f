import type { OrderView, PlaceOrderBody } from '@kestrel/contract';
import type { MarketMakerSettings } from '../../config';
import { AppError } from '../../http/app-error';
import type { MakerMarket, MarketMakerMarkets, MarketMakerOrders } from './market-maker';

/*
 * Small fakes of the markets and spot orders services for the maker's tests: they record what the maker asked
 * for, so each test reads its quotes as the book would hold them.
 */

export const SETTINGS: MarketMakerSettings = {
  enabled: true,
  levels: 3,
  spreadBps: 10,
  stepBps: 10,
  levelNotional: '1000',
  quoteFunds: '1000000',
  baseValue: '100000',
  inventoryLimit: '0.5',
  // Long enough that only the tests ask for refreshes.
  refreshMs: 600_000,
};

export const BTC: MakerMarket = {
  symbol: 'BTCUSDT',
  base: 'BTC',
  quote: 'USDT',
  tickSize: '0.01',
  lotSize: '0.00001',
  minNotional: '5',
  open: true,
  marketMaker: true,
};

export class FakeMarkets implements MarketMakerMarkets {
  readonly list = new Map<string, MakerMarket>();
  readonly prices = new Map<string, string>();
  readonly stale = new Set<string>();
  private readonly priceListeners = new Set<(symbol: string, price: string) => void>();
  private readonly changeListeners = new Set<(market: MakerMarket) => void>();

  constructor(markets: MakerMarket[]) {
    for (const market of markets) this.list.set(market.symbol, market);
  }
  markets() {
    return [...this.list.values()];
  }
  market(symbol: string) {
    return this.list.get(symbol);
  }
  indexPrice(symbol: string) {
    return this.prices.get(symbol) ?? null;
  }
  isStale(symbol: string) {
    return this.stale.has(symbol);
  }
  onIndexPrice(listener: (symbol: string, price: string) => void) {
    this.priceListeners.add(listener);
    return () => this.priceListeners.delete(listener);
  }
  onMarketChanged(listener: (market: MakerMarket) => void) {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }
  tick(symbol: string, price: string) {
    this.prices.set(symbol, price);
    for (const listener of this.priceListeners) listener(symbol, price);
  }
  change(symbol: string, patch: Partial<MakerMarket>) {
    const market = { ...(this.list.get(symbol) as MakerMarket), ...patch };
    this.list.set(symbol, market);
    for (const listener of this.changeListeners) listener(market);
  }
  get listeners() {
    return this.priceListeners.size + this.changeListeners.size;
  }
}

export class FakeOrders implements MarketMakerOrders {
  readonly orders: Array<OrderView & { userId: number; reference: string }> = [];
  placed = 0;
  cancelled = 0;

  async place(userId: number, body: PlaceOrderBody, reference: string) {
    this.placed += 1;
    const now = new Date().toISOString();
    const order = {
      userId,
      reference,
      id: String(this.orders.length + 1),
      symbol: body.symbol,
      side: body.side,
      type: body.type,
      timeInForce: body.timeInForce,
      postOnly: body.postOnly,
      price: body.price ?? null,
      size: body.size ?? null,
      total: null,
      filledSize: '0',
      filledTotal: '0',
      averagePrice: null,
      status: 'open' as const,
      createdAt: now,
      updatedAt: now,
    };
    this.orders.push(order);
    return order;
  }
  async cancel(userId: number, orderId: string) {
    const order = this.orders.find((item) => item.id === orderId && item.userId === userId);
    if (!order || !this.isOpen(order)) throw new AppError('notFound');
    this.cancelled += 1;
    order.status = 'cancelled';
    return order;
  }
  async cancelAll(userId: number, symbol?: string) {
    const open = await this.openOrders(userId, symbol);
    for (const order of open) await this.cancel(userId, order.id);
    return open.length;
  }
  async openOrders(userId: number, symbol?: string) {
    return this.orders.filter(
      (order) => order.userId === userId && this.isOpen(order) && (!symbol || order.symbol === symbol),
    );
  }
  private isOpen(order: OrderView) {
    return order.status === 'open' || order.status === 'partially_filled';
  }
  /** What rests: [price, size] per side, best first. */
  book(symbol = 'BTCUSDT') {
    const open = this.orders.filter((order) => order.symbol === symbol && this.isOpen(order));
    const levels = (side: 'buy' | 'sell') =>
      open
        .filter((order) => order.side === side)
        .sort((a, b) => (Number(a.price) - Number(b.price)) * (side === 'buy' ? -1 : 1))
        .map((order) => [order.price, order.size]);
    return { bids: levels('buy'), asks: levels('sell') };
  }
}
