import { randomUUID } from 'node:crypto';
import type { OrderView, PlaceOrderBody } from '@kestrel/contract';
import { formatAmount, type Units } from '@kestrel/money';
import type { MarketMakerSettings } from '../../config';
import { AppError } from '../../http/app-error';
import type { LedgerService } from '../ledger';
import type { Quote } from './quote-ladder';
import {
  decimal,
  fixed,
  type MakerMarket,
  type MakerVenue,
  type MarketMakerMarkets,
  type RestingQuote,
  SCALE,
  settleAll,
} from './venue';

/** The spot orders service: the maker trades through it like anyone. */
export interface MarketMakerOrders {
  place(userId: number, body: PlaceOrderBody, reference: string): Promise<OrderView>;
  cancel(userId: number, orderId: string): Promise<OrderView>;
  cancelAll(userId: number, symbol?: string): Promise<number>;
  openOrders(userId: number, symbol?: string): Promise<OrderView[]>;
}

export type MarketMakerLedger = Pick<LedgerService, 'execute' | 'balancesOf' | 'assets'>;

/**
 * The spot markets as the maker's venue: quotes are spot limit orders; the maker holds each quote asset, funded
 * once, and each base asset, funded once as the configured value at the index price of its first quote.
 */
export class SpotVenue implements MakerVenue {
  readonly name = 'spot';
  private readonly funded = new Set<string>();

  constructor(
    private readonly deps: {
      ledger: MarketMakerLedger;
      markets: MarketMakerMarkets;
      orders: MarketMakerOrders;
      settings: MarketMakerSettings;
    },
  ) {}

  markets() {
    return this.deps.markets.markets();
  }
  market(symbol: string) {
    return this.deps.markets.market(symbol);
  }
  indexPrice(symbol: string) {
    return this.deps.markets.indexPrice(symbol);
  }
  isStale(symbol: string) {
    return this.deps.markets.isStale(symbol);
  }
  onIndexPrice(listener: (symbol: string, price: string) => void) {
    return this.deps.markets.onIndexPrice(listener);
  }
  onMarketChanged(listener: (market: MakerMarket) => void) {
    return this.deps.markets.onMarketChanged(listener);
  }

  async fund(userId: number) {
    for (const quote of new Set(this.markets().map((market) => market.quote))) {
      await this.fundAsset(userId, quote, this.deps.settings.quoteFunds);
    }
  }

  async quotes(userId: number, symbol: string): Promise<RestingQuote[]> {
    const open = await this.deps.orders.openOrders(userId, symbol);
    return open.map((order) => ({
      id: order.id,
      side: order.side,
      price: order.price ?? '0',
      remaining: decimal(fixed(order.size ?? '0') - fixed(order.filledSize)),
    }));
  }

  /**
   * Each side may commit what is available plus what its own quotes in this market hold (they are replaced); the
   * quote asset is shared, so one market gets its share of it.
   */
  async funds(userId: number, market: MakerMarket, index: string, resting: RestingQuote[]) {
    await this.fundBase(userId, market, index);
    const balances = (await this.deps.ledger.balancesOf(userId)).filter((row) => row.account === 'spot');
    const held = (asset: string) => {
      const row = balances.find((item) => item.asset === asset);
      return { available: fixed(row?.available ?? '0'), frozen: fixed(row?.frozen ?? '0') };
    };
    const base = held(market.base);
    const quote = held(market.quote);
    let asksHold = 0n;
    let bidsHold = 0n;
    for (const order of resting) {
      const remaining = fixed(order.remaining);
      if (order.side === 'sell') asksHold += remaining;
      else bidsHold += (remaining * fixed(order.price)) / 10n ** BigInt(SCALE);
    }
    const sharing = BigInt(
      Math.max(1, this.markets().filter((item) => item.marketMaker && item.open).length),
    );
    const share = (quote.available + quote.frozen) / sharing;
    const quoteBudget = quote.available + bidsHold < share ? quote.available + bidsHold : share;
    return {
      budget: { base: decimal(base.available + asksHold), quote: decimal(quoteBudget) },
      inventory: {
        baseHeld: decimal(base.available + base.frozen),
        targetValue: this.deps.settings.baseValue,
        limit: this.deps.settings.inventoryLimit,
      },
    };
  }

  async place(userId: number, symbol: string, quotes: Quote[]) {
    await settleAll(
      quotes.map(async (quote) => {
        const body: PlaceOrderBody = {
          symbol,
          side: quote.side,
          type: 'limit',
          price: quote.price,
          size: quote.size,
          timeInForce: 'GTC',
          // The maker adds liquidity: a quote that would take from someone's order is refused, not matched.
          postOnly: true,
        };
        try {
          await this.deps.orders.place(userId, body, `market-maker:${randomUUID()}`);
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
        }
      }),
    );
  }

  async cancel(userId: number, quoteId: string) {
    try {
      await this.deps.orders.cancel(userId, quoteId);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
    }
  }

  async cancelAll(userId: number, symbol?: string) {
    await this.deps.orders.cancelAll(userId, symbol);
  }

  /** Credits the maker once per asset from the adjustments account; the ledger ignores a repeated reference. */
  private async fundAsset(userId: number, asset: string, amount: string) {
    if (this.funded.has(asset)) return;
    if (fixed(amount) > 0n) {
      await this.deps.ledger.execute({
        type: 'credit',
        kind: 'system_add',
        from: 'adjustments',
        userId,
        account: 'spot',
        asset,
        amount,
        reference: `market-maker:${asset}`,
        actor: 'system',
        memo: 'market maker funding',
      });
    }
    this.funded.add(asset);
  }

  /** The base asset's funding: the configured value at the index price, on the asset's precision. */
  private async fundBase(userId: number, market: MakerMarket, index: string) {
    if (this.funded.has(market.base)) return;
    const precision = (await this.deps.ledger.assets()).get(market.base);
    if (precision === undefined)
      throw new Error(`asset ${market.base} of ${market.symbol} is not in the ledger`);
    const units = (fixed(this.deps.settings.baseValue) * 10n ** BigInt(precision)) / fixed(index);
    await this.fundAsset(userId, market.base, formatAmount(units as Units, precision));
  }
}
