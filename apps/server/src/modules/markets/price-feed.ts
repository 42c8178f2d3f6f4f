import type { PriceSource } from '@kestrel/contract';

/** What a feed needs to know of a market: its symbol, and the increments its prices and sizes come in. */
export type FeedMarket = { symbol: string; tickSize: string; lotSize: string };

/** One index price observation: the price on the market's tick, the volume traded with it (base units). */
export type TickListener = (symbol: string, price: string, volume: string, at: Date) => void;

/**
 * Where index prices come from (ARCHITECTURE.md section 6): the built-in simulation by default, or a public
 * exchange's stream. A feed reports ticks; deciding that a silent feed is stale is the markets service's job.
 */
export interface PriceFeed {
  readonly source: PriceSource;
  onTick(listener: TickListener): () => void;
  /** Starts reporting ticks for these markets. */
  start(markets: readonly FeedMarket[]): Promise<void>;
  /** Where a market's prices should resume (its last close), for a feed that invents them; before `start`. */
  continueFrom?(symbol: string, price: string): void;
  /** A market's increments changed (an operator edited it while closed). */
  updateMarket(market: FeedMarket): void;
  stop(): Promise<void>;
}

/** Listener bookkeeping shared by the feeds. */
export class TickListeners {
  private readonly listeners = new Set<TickListener>();

  add(listener: TickListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(symbol: string, price: string, volume: string, at: Date) {
    for (const listener of this.listeners) listener(symbol, price, volume, at);
  }
}
