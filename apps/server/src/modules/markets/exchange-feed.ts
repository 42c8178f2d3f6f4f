import WebSocket from 'ws';
import { floorTo, formatScaled, placesOf, scaled } from './decimal';
import { type FeedMarket, type PriceFeed, type TickListener, TickListeners } from './price-feed';

/*
 * Index prices from a public exchange's stream, for live deployments (off by default, MARKET_FEED=exchange):
 * Binance's combined stream of aggregate trades. Each message is one aggregated trade:
 *   {"stream":"btcusdt@aggTrade","data":{"e":"aggTrade","s":"BTCUSDT","p":"95000.12","q":"0.015","T":1732240000000}}
 * The connection is reopened with growing delays when it drops; while it is down the markets go stale.
 */

export const BINANCE_STREAM_URL = 'wss://stream.binance.com:9443/stream';

type AggTrade = { e?: string; s?: string; p?: string; q?: string; T?: number };

export type ExchangeFeedOptions = {
  /** The combined-stream endpoint; `?streams=` is added for the markets. */
  url?: string;
  /** First reconnection delay; doubled after each failure up to `maxBackoffMs`. */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** Told about connection failures (the app's logger). */
  onError?: (error: Error) => void;
};

type Increments = { tick: bigint; tickPlaces: number; lotPlaces: number };

export class ExchangeFeed implements PriceFeed {
  readonly source = 'exchange' as const;
  private readonly listeners = new TickListeners();
  private readonly markets = new Map<string, Increments>();
  private socket: WebSocket | undefined;
  private retry: NodeJS.Timeout | undefined;
  private stopped = false;
  private delay: number;
  /** How many times a connection was opened; read by tests of the reconnection. */
  connections = 0;

  constructor(private readonly options: ExchangeFeedOptions = {}) {
    this.delay = options.backoffMs ?? 1000;
  }

  onTick(listener: TickListener): () => void {
    return this.listeners.add(listener);
  }

  async start(markets: readonly FeedMarket[]): Promise<void> {
    for (const market of markets) this.updateMarket(market);
    this.stopped = false;
    this.connect();
  }

  updateMarket(market: FeedMarket) {
    this.markets.set(market.symbol, {
      tick: scaled(market.tickSize),
      tickPlaces: placesOf(market.tickSize),
      lotPlaces: placesOf(market.lotSize),
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    const socket = this.socket;
    this.socket = undefined;
    if (socket && socket.readyState !== WebSocket.CLOSED) {
      await new Promise<void>((resolve) => {
        socket.once('close', () => resolve());
        socket.terminate();
      });
    }
  }

  /** Reads one stream message; anything that is not a well-formed trade of a known market is ignored. */
  handle(text: string) {
    let message: { data?: AggTrade };
    try {
      message = JSON.parse(text);
    } catch {
      return;
    }
    const trade = message.data;
    if (trade?.e !== 'aggTrade' || typeof trade.s !== 'string') return;
    const market = this.markets.get(trade.s);
    if (
      !market ||
      typeof trade.p !== 'string' ||
      typeof trade.q !== 'string' ||
      typeof trade.T !== 'number'
    ) {
      return;
    }
    let price: bigint;
    let size: bigint;
    try {
      price = floorTo(scaled(trade.p), market.tick);
      size = scaled(trade.q);
    } catch {
      return;
    }
    if (price <= 0n || size < 0n) return;
    this.listeners.emit(
      trade.s,
      formatScaled(price, market.tickPlaces),
      formatScaled(size, Math.max(market.lotPlaces, placesOf(trade.q))),
      new Date(trade.T),
    );
  }

  private streamUrl(): string {
    const streams = [...this.markets.keys()].map((symbol) => `${symbol.toLowerCase()}@aggTrade`).join('/');
    return `${this.options.url ?? BINANCE_STREAM_URL}?streams=${streams}`;
  }

  private connect() {
    if (this.stopped) return;
    this.connections += 1;
    const socket = new WebSocket(this.streamUrl());
    this.socket = socket;
    socket.on('message', (data) => {
      this.delay = this.options.backoffMs ?? 1000;
      this.handle(data.toString());
    });
    socket.on('error', (error) => this.options.onError?.(error));
    socket.on('close', () => {
      if (this.stopped || this.socket !== socket) return;
      this.retry = setTimeout(() => this.connect(), this.delay);
      this.retry.unref();
      this.delay = Math.min(this.delay * 2, this.options.maxBackoffMs ?? 30_000);
    });
  }
}
