import { randomUUID } from 'node:crypto';
import type {
  FuturesAction,
  FuturesOrderView,
  FuturesPosition,
  MarginMode,
  PlaceFuturesOrderBody,
} from '@kestrel/contract';
import { type Decimal, formatShortest } from '@kestrel/money';
import type { MarketMakerSettings } from '../../config';
import { AppError } from '../../http/app-error';
import type { Quote } from './quote-ladder';
import type { MarketMakerLedger } from './spot-venue';
import {
  decimal,
  fixed,
  type MakerFunds,
  type MakerMarket,
  type MakerVenue,
  type RestingQuote,
  SCALE,
  settleAll,
} from './venue';

/** The leverage the maker's perpetual quotes open positions at, in cross margin. */
export const MAKER_LEVERAGE = 5;

/** A perpetual as the futures markets directory gives it. */
export type MakerPerpetual = {
  symbol: string;
  base: string;
  quote: string;
  tickSize: Decimal;
  lotSize: Decimal;
  minNotional: Decimal;
  open: boolean;
  marketMaker: boolean;
};

/** The futures orders service: the maker trades the perpetuals through it like anyone. */
export interface FuturesMakerOrders {
  place(userId: number, body: PlaceFuturesOrderBody, reference: string | null): Promise<FuturesOrderView>;
  cancel(userId: number, orderId: string): Promise<FuturesOrderView>;
  orders(
    userId: number,
    query: { state: 'open'; symbol?: string; cursor?: string; limit: number },
  ): Promise<{ items: FuturesOrderView[]; next: string | null }>;
  positions(userId: number, symbol?: string): Promise<FuturesPosition[]>;
}

/** The users' leverage and margin mode per perpetual, which the maker sets for itself. */
export interface FuturesMakerSettings {
  of(userId: number, symbol: string): Promise<{ leverage: number; marginMode: MarginMode }>;
  update(
    userId: number,
    setting: { symbol: string; leverage: number; marginMode: MarginMode },
  ): Promise<unknown>;
}

/** The spot index the perpetuals follow (the markets service): a perpetual has no other price at the start. */
export interface PerpetualIndex {
  indexPrice(symbol: string): string | null;
  isStale(symbol: string): boolean;
  onIndexPrice(listener: (symbol: string, price: string) => void): () => void;
  onMarketChanged(listener: (market: { symbol: string }) => void): () => void;
}

const PAGE = 100;
const ONE = 10n ** BigInt(SCALE);

const isBuy = (action: FuturesAction) => action === 'openLong' || action === 'closeShort';
const isClose = (action: FuturesAction) => action === 'closeLong' || action === 'closeShort';
const remainingOf = (order: FuturesOrderView) => fixed(order.size) - fixed(order.filledSize);

/** What the maker may still close on each side: its positions less the closing quotes already resting. */
export type Closable = { long: bigint; short: bigint };

/**
 * Each quote's action, best first: a bid closes the maker's short while the short not yet covered by closing
 * quotes holds the whole quote, otherwise it opens a long; an ask closes its long or opens a short likewise.
 */
export function actionsOf(
  quotes: ReadonlyArray<Pick<Quote, 'side' | 'size'>>,
  closable: Closable,
): FuturesAction[] {
  const left = { ...closable };
  return quotes.map((quote) => {
    const size = fixed(quote.size);
    const closes = quote.side === 'buy' ? 'short' : 'long';
    if (size > 0n && size <= left[closes]) {
      left[closes] -= size;
      return quote.side === 'buy' ? 'closeShort' : 'closeLong';
    }
    return quote.side === 'buy' ? 'openLong' : 'openShort';
  });
}

/**
 * The perpetuals as the maker's venue: quotes are post-only limit orders of its futures account, at 5x cross;
 * each closes the maker's opposite position when it can and opens one otherwise. Its margin is the futures
 * account's USDT, funded once; its inventory is its net position, which the ladder leans against.
 */
export class FuturesVenue implements MakerVenue {
  readonly name = 'futures';
  private readonly funded = new Set<string>();
  /** Perpetuals whose leverage the maker has set, with the leverage its orders there use. */
  private readonly leverages = new Map<string, number>();

  constructor(
    private readonly deps: {
      ledger: MarketMakerLedger;
      markets: { all(): MakerPerpetual[]; market(symbol: string): MakerPerpetual | undefined };
      index: PerpetualIndex;
      orders: FuturesMakerOrders;
      futuresSettings: FuturesMakerSettings;
      settings: MarketMakerSettings;
    },
  ) {}

  markets(): MakerMarket[] {
    return this.deps.markets.all().map(makerMarketOf);
  }
  market(symbol: string): MakerMarket | undefined {
    const perpetual = this.deps.markets.market(symbol);
    return perpetual && makerMarketOf(perpetual);
  }
  indexPrice(symbol: string) {
    return this.deps.index.indexPrice(symbol);
  }
  isStale(symbol: string) {
    return this.deps.index.isStale(symbol);
  }
  onIndexPrice(listener: (symbol: string, price: string) => void) {
    return this.deps.index.onIndexPrice((symbol, price) => {
      if (this.deps.markets.market(symbol)) listener(symbol, price);
    });
  }
  /** A spot market's change may change what its perpetual's index is; the periodic refresh catches the rest. */
  onMarketChanged(listener: (market: MakerMarket) => void) {
    return this.deps.index.onMarketChanged(({ symbol }) => {
      const market = this.market(symbol);
      if (market) listener(market);
    });
  }

  /** Credits the margin asset of the perpetuals to the maker's futures account once. */
  async fund(userId: number) {
    for (const asset of new Set(this.deps.markets.all().map((market) => market.quote))) {
      if (this.funded.has(asset)) continue;
      if (fixed(this.deps.settings.quoteFunds) > 0n) {
        await this.deps.ledger.execute({
          type: 'credit',
          kind: 'system_add',
          from: 'adjustments',
          userId,
          account: 'futures',
          asset,
          amount: this.deps.settings.quoteFunds,
          reference: `futures-market-maker:${asset}`,
          actor: 'system',
          memo: 'futures market maker funding',
        });
      }
      this.funded.add(asset);
    }
  }

  /**
   * Its resting orders as quotes; an opening quote that could close the opposite position now (it was placed
   * before the position was taken) is to be replaced, so that the maker buys back its short rather than holds a
   * long beside it.
   */
  async quotes(userId: number, symbol: string): Promise<RestingQuote[]> {
    const open = await this.openOrders(userId, symbol);
    const closable = await this.closableOf(userId, symbol, open);
    const quotes = open.map((order) => ({
      id: order.id,
      side: isBuy(order.action) ? ('buy' as const) : ('sell' as const),
      price: order.price ?? '0',
      remaining: decimal(remainingOf(order)),
      opening: order.action === 'openLong' || order.action === 'openShort',
    }));
    // Best first on each side, as the quotes are placed: the highest bids, the lowest asks.
    const bestFirst = (side: 'buy' | 'sell') =>
      quotes
        .filter((quote) => quote.opening && quote.side === side)
        .sort((a, b) => {
          const [low, high] = side === 'buy' ? [b, a] : [a, b];
          const gap = fixed(low.price) - fixed(high.price);
          return gap < 0n ? -1 : gap > 0n ? 1 : 0;
        });
    const opening = [...bestFirst('buy'), ...bestFirst('sell')];
    const actions = actionsOf(
      opening.map((quote) => ({ side: quote.side, size: quote.remaining })),
      closable,
    );
    const replace = new Set(
      opening.filter((_, at) => isClose(actions[at] as FuturesAction)).map((quote) => quote.id),
    );
    return quotes.map(({ opening: _, ...quote }) => ({ ...quote, replace: replace.has(quote.id) }));
  }

  /**
   * The margin of one market: its share of the futures account, at most what is available plus what its own
   * opening quotes hold; at the maker's leverage, half of it opens on each side, and each side may also close the
   * opposite position. The inventory is the net position, as base held around the configured value.
   */
  async funds(userId: number, market: MakerMarket, index: string): Promise<MakerFunds> {
    const leverage = await this.leverageOf(userId, market.symbol);
    const row = (await this.deps.ledger.balancesOf(userId)).find(
      (item) => item.account === 'futures' && item.asset === market.quote,
    );
    const available = fixed(row?.available ?? '0');
    const frozen = fixed(row?.frozen ?? '0');
    let held = 0n;
    for (const order of await this.openOrders(userId, market.symbol)) held += fixed(order.margin);
    const sharing = BigInt(
      Math.max(1, this.markets().filter((item) => item.marketMaker && item.open).length),
    );
    const share = (available + frozen) / sharing;
    const margin = available + held < share ? available + held : share;
    const { long, short } = await this.positionsOf(userId, market.symbol);
    const price = fixed(index);
    const opening = (margin * BigInt(leverage)) / 2n;
    const baseValue = fixed(this.deps.settings.baseValue);
    return {
      budget: {
        quote: decimal(opening + (short * price) / ONE),
        base: decimal((opening * ONE) / price + long),
      },
      inventory: {
        baseHeld: decimal((baseValue * ONE) / price + long - short),
        targetValue: this.deps.settings.baseValue,
        limit: this.deps.settings.inventoryLimit,
      },
    };
  }

  async place(userId: number, symbol: string, quotes: Quote[]) {
    if (quotes.length === 0) return;
    const closable = await this.closableOf(userId, symbol, await this.openOrders(userId, symbol));
    const actions = actionsOf(quotes, closable);
    await settleAll(
      quotes.map(async (quote, at) => {
        const body: PlaceFuturesOrderBody = {
          symbol,
          action: actions[at] as FuturesAction,
          type: 'limit',
          price: quote.price,
          size: quote.size,
          timeInForce: 'GTC',
          // The maker adds liquidity: a quote that would take from someone's order is refused, not matched.
          postOnly: true,
        };
        try {
          await this.deps.orders.place(userId, body, `futures-market-maker:${randomUUID()}`);
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
    const open = await this.openOrders(userId, symbol);
    await settleAll(open.map((order) => this.cancel(userId, order.id)));
  }

  /** The maker's orders resting in a market (or in all), every page. */
  private async openOrders(userId: number, symbol?: string): Promise<FuturesOrderView[]> {
    const all: FuturesOrderView[] = [];
    let cursor: string | undefined;
    for (;;) {
      const page = await this.deps.orders.orders(userId, { state: 'open', symbol, cursor, limit: PAGE });
      all.push(...page.items);
      if (page.next === null) return all;
      cursor = page.next;
    }
  }

  /** What the maker may still close on each side: its positions less the closing orders resting. */
  private async closableOf(userId: number, symbol: string, open: FuturesOrderView[]): Promise<Closable> {
    const closable = await this.positionsOf(userId, symbol);
    for (const order of open) {
      if (order.action === 'closeLong') closable.long -= remainingOf(order);
      if (order.action === 'closeShort') closable.short -= remainingOf(order);
    }
    return closable;
  }

  private async positionsOf(userId: number, symbol: string): Promise<Closable> {
    const positions = await this.deps.orders.positions(userId, symbol);
    const size = (side: 'long' | 'short') =>
      positions
        .filter((position) => position.side === side)
        .reduce((total, position) => total + fixed(position.size), 0n);
    return { long: size('long'), short: size('short') };
  }

  /**
   * The leverage of the maker's orders in a perpetual: set to 5x cross the first time; a margin mode the maker
   * cannot change while it has a position there keeps the leverage it has.
   */
  private async leverageOf(userId: number, symbol: string): Promise<number> {
    const known = this.leverages.get(symbol);
    if (known !== undefined) return known;
    const { futuresSettings } = this.deps;
    const current = await futuresSettings.of(userId, symbol);
    if (current.leverage !== MAKER_LEVERAGE || current.marginMode !== 'cross') {
      try {
        await futuresSettings.update(userId, { symbol, leverage: MAKER_LEVERAGE, marginMode: 'cross' });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
      }
    }
    const { leverage } = await futuresSettings.of(userId, symbol);
    this.leverages.set(symbol, leverage);
    return leverage;
  }
}

function makerMarketOf(perpetual: MakerPerpetual): MakerMarket {
  return {
    symbol: perpetual.symbol,
    base: perpetual.base,
    quote: perpetual.quote,
    tickSize: formatShortest(perpetual.tickSize),
    lotSize: formatShortest(perpetual.lotSize),
    minNotional: formatShortest(perpetual.minNotional),
    open: perpetual.open,
    marketMaker: perpetual.marketMaker,
  };
}
