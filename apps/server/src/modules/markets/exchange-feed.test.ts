import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { ExchangeFeed } from './exchange-feed';

/** Messages recorded in the format of Binance's combined aggTrade stream, with a few that must be ignored. */
const RECORDED = readFileSync(new URL('./fixtures/binance-aggtrade.jsonl', import.meta.url), 'utf8')
  .split('\n')
  .filter((line) => line.length > 0);

const MARKETS = [
  { symbol: 'BTCUSDT', tickSize: '0.01', lotSize: '0.00001' },
  { symbol: 'ETHUSDT', tickSize: '0.01', lotSize: '0.0001' },
  { symbol: 'DOGEUSDT', tickSize: '0.00001', lotSize: '1' },
  { symbol: 'SOLUSDT', tickSize: '0.01', lotSize: '0.001' },
];

type Tick = { symbol: string; price: string; volume: string; at: number };

let server: WebSocketServer | undefined;
let sut: ExchangeFeed | undefined;
afterEach(async () => {
  await sut?.stop();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

/** A local stream that replays the recording to each connection; `dropAfter` closes the first one early. */
async function replayServer(options: { dropAfter?: number } = {}) {
  const requested: string[] = [];
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  server = wss;
  let connection = 0;
  wss.on('connection', (socket, request) => {
    requested.push(request.url ?? '');
    connection += 1;
    const lines =
      connection === 1 && options.dropAfter !== undefined ? RECORDED.slice(0, options.dropAfter) : RECORDED;
    for (const line of lines) socket.send(line);
    if (connection === 1 && options.dropAfter !== undefined) socket.close();
  });
  await new Promise<void>((resolve) => wss.once('listening', () => resolve()));
  const { port } = wss.address() as AddressInfo;
  return { url: `ws://127.0.0.1:${port}/stream`, requested };
}

function collect(feed: ExchangeFeed, count: number): Promise<Tick[]> {
  const ticks: Tick[] = [];
  return new Promise((resolve) => {
    feed.onTick((symbol, price, volume, at) => {
      ticks.push({ symbol, price, volume, at: at.getTime() });
      if (ticks.length === count) resolve(ticks);
    });
  });
}

describe('the exchange feed', () => {
  it("subscribes to each market's trades and reports them on the market's tick", async () => {
    const { url, requested } = await replayServer();
    sut = new ExchangeFeed({ url });
    const received = collect(sut, 5);
    await sut.start(MARKETS);
    expect(await received).toEqual([
      { symbol: 'BTCUSDT', price: '98512.34', volume: '0.01520', at: 1732240000101 },
      { symbol: 'ETHUSDT', price: '3352.17', volume: '0.8437', at: 1732240000208 },
      // Between two ticks: rounded down, never to a price that was not traded through.
      { symbol: 'BTCUSDT', price: '98512.35', volume: '0.00031', at: 1732240000527 },
      { symbol: 'DOGEUSDT', price: '0.38911', volume: '2571', at: 1732240000609 },
      { symbol: 'SOLUSDT', price: '242.81', volume: '12.400', at: 1732240000998 },
    ]);
    expect(requested).toEqual([
      '/stream?streams=btcusdt@aggTrade/ethusdt@aggTrade/dogeusdt@aggTrade/solusdt@aggTrade',
    ]);
  });

  it('reconnects when the stream drops, and goes on reporting', async () => {
    const { url } = await replayServer({ dropAfter: 3 });
    sut = new ExchangeFeed({ url, backoffMs: 10 });
    const received = collect(sut, 2 + 5);
    await sut.start(MARKETS);
    const ticks = await received;
    expect(sut.connections).toBe(2);
    expect(ticks.map((tick) => tick.symbol)).toEqual([
      'BTCUSDT',
      'ETHUSDT',
      'BTCUSDT',
      'ETHUSDT',
      'BTCUSDT',
      'DOGEUSDT',
      'SOLUSDT',
    ]);
  });
});
