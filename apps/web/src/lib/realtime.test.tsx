import { RealtimeClient } from '@kestrel/client';
import { streams } from '@kestrel/contract/routes';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeSocket } from '../test/fakeRealtime';
import { setRealtimeClient, useChannel } from './realtime';

/** Timers run by hand, so nothing depends on wall-clock time. */
class ManualTimers {
  private next = 1;
  pending = new Map<number, { fn: () => void; ms: number }>();
  set = (fn: () => void, ms: number) => {
    const id = this.next++;
    this.pending.set(id, { fn, ms });
    return id;
  };
  clear = (id: unknown) => {
    this.pending.delete(id as number);
  };
  /** Runs every pending timer of exactly `ms` milliseconds. */
  fire(ms: number) {
    for (const [id, timer] of [...this.pending]) {
      if (timer.ms !== ms) continue;
      this.pending.delete(id);
      timer.fn();
    }
  }
}

const ticker = (price: string) => ({
  symbol: 'BTCUSDT',
  indexPrice: price,
  stale: false,
  stats: {
    last: price,
    open: '100',
    high: '120',
    low: '90',
    volume: '10',
    turnover: '1000',
    changePercent: '1.00',
  },
});

let sockets: FakeSocket[];
let timers: ManualTimers;
let token: string;
let sut: RealtimeClient;

beforeEach(() => {
  sockets = [];
  timers = new ManualTimers();
  token = '';
  sut = new RealtimeClient({
    url: () => 'ws://test/ws',
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    getToken: () => token,
    getLanguage: () => 'ar',
    backoff: (attempt) => 1000 + attempt,
    idleCloseMs: 5000,
    pingMs: 25_000,
    setTimer: timers.set,
    clearTimer: timers.clear,
  });
});

afterEach(() => {
  setRealtimeClient(null);
});

describe('the realtime client', () => {
  it('connects lazily with the language and subscribes once per channel however many listeners', () => {
    expect(sockets).toHaveLength(0);
    const received: unknown[] = [];
    const stopA = sut.subscribe('ticker:BTCUSDT', (data) => received.push(['a', data]));
    const stopB = sut.subscribe('ticker:BTCUSDT', (data) => received.push(['b', data]));
    expect(sockets).toHaveLength(1);
    expect(sockets[0]?.url).toBe('ws://test/ws?lang=ar');
    sockets[0]?.open();
    expect(sockets[0]?.sent).toEqual([{ op: 'subscribe', channels: ['ticker:BTCUSDT'] }]);

    sockets[0]?.push('ticker:BTCUSDT', ticker('101'));
    expect(received).toEqual([
      ['a', ticker('101')],
      ['b', ticker('101')],
    ]);

    stopA();
    expect(sockets[0]?.sent).toHaveLength(1);
    stopB();
    expect(sockets[0]?.sent.at(-1)).toEqual({ op: 'unsubscribe', channels: ['ticker:BTCUSDT'] });
  });

  it('drops payloads that do not match the channel schema and messages of channels nobody wants', () => {
    const received: unknown[] = [];
    sut.subscribe('ticker:BTCUSDT', (data) => received.push(data));
    sockets[0]?.open();
    sockets[0]?.push('ticker:BTCUSDT', { symbol: 'BTCUSDT' });
    sockets[0]?.push('ticker:ETHUSDT', ticker('5'));
    sockets[0]?.onmessage?.({ data: 'not json' });
    expect(received).toEqual([]);
    expect(sut.latestData('ticker:BTCUSDT')).toBeUndefined();
  });

  it('sends auth with the stored token before subscribing', () => {
    token = 'secret-token';
    sut.subscribe('orders', () => {});
    sockets[0]?.open();
    expect(sockets[0]?.sent).toEqual([
      { op: 'auth', token: 'secret-token' },
      { op: 'subscribe', channels: ['orders'] },
    ]);
  });

  it('reconnects with backoff, re-authenticates and re-subscribes every channel', () => {
    token = 't1';
    sut.subscribe('tickers', () => {});
    sut.subscribe('depth:BTCUSDT', () => {});
    sockets[0]?.open();
    sockets[0]?.drop();
    expect(sockets).toHaveLength(1);
    timers.fire(1000);
    expect(sockets).toHaveLength(2);
    // The second socket fails before opening: the next attempt waits longer.
    sockets[1]?.drop();
    timers.fire(1000);
    expect(sockets).toHaveLength(2);
    timers.fire(1001);
    expect(sockets).toHaveLength(3);
    sockets[2]?.open();
    expect(sockets[2]?.sent).toEqual([
      { op: 'auth', token: 't1' },
      { op: 'subscribe', channels: ['tickers', 'depth:BTCUSDT'] },
    ]);
    // A successful open resets the backoff.
    sockets[2]?.drop();
    timers.fire(1000);
    expect(sockets).toHaveLength(4);
  });

  it('tells when the socket is back after it was lost, once every channel is subscribed again', () => {
    sut.subscribe('orders', () => {});
    const reconnects: number[] = [];
    sut.onReconnect(() => reconnects.push(sockets.at(-1)?.sent.length ?? 0));
    sockets[0]?.open();
    expect(reconnects).toEqual([]);
    sockets[0]?.drop();
    timers.fire(1000);
    sockets[1]?.drop();
    timers.fire(1001);
    expect(reconnects).toEqual([]);
    sockets[2]?.open();
    expect(reconnects).toEqual([1]);
    // A sign-out starts a fresh socket on purpose: nothing was lost.
    token = 't1';
    sut.refreshAuth();
    token = '';
    sut.refreshAuth();
    sockets.at(-1)?.open();
    expect(reconnects).toEqual([1]);
  });

  it('does not reconnect when nobody listens, and closes the socket a while after the last listener leaves', () => {
    const stop = sut.subscribe('tickers', () => {});
    sockets[0]?.open();
    stop();
    expect(sockets[0]?.closed).toBe(false);
    // A new listener within the idle time keeps the same socket.
    const again = sut.subscribe('tickers', () => {});
    timers.fire(5000);
    expect(sockets[0]?.closed).toBe(false);
    expect(sockets).toHaveLength(1);
    again();
    timers.fire(5000);
    expect(sockets[0]?.closed).toBe(true);
    expect(sockets).toHaveLength(1);
  });

  it('authenticates the open socket when the user signs in, and starts afresh on sign out', () => {
    sut.subscribe('balances', () => {});
    sockets[0]?.open();
    expect(sockets[0]?.sent).toEqual([{ op: 'subscribe', channels: ['balances'] }]);
    token = 'fresh';
    sut.refreshAuth();
    expect(sockets[0]?.sent.slice(1)).toEqual([
      { op: 'auth', token: 'fresh' },
      { op: 'subscribe', channels: ['balances'] },
    ]);
    token = '';
    sut.refreshAuth();
    expect(sockets[0]?.closed).toBe(true);
    expect(sockets).toHaveLength(2);
  });
});

function Price() {
  const data = useChannel(streams.ticker, { symbol: 'BTCUSDT' });
  return <p>price {data?.indexPrice ?? 'none'}</p>;
}

describe('useChannel', () => {
  it('renders the latest data and unsubscribes on unmount', () => {
    setRealtimeClient(sut);
    const view = render(<Price />);
    expect(screen.getByText('price none')).toBeTruthy();
    act(() => {
      sockets[0]?.open();
      sockets[0]?.push('ticker:BTCUSDT', ticker('123.5'));
    });
    expect(screen.getByText('price 123.5')).toBeTruthy();
    act(() => sockets[0]?.push('ticker:BTCUSDT', ticker('124')));
    expect(screen.getByText('price 124')).toBeTruthy();

    // A second component on the same channel starts from the latest value without a new subscription.
    render(<Price />);
    expect(screen.getAllByText('price 124')).toHaveLength(2);
    expect(sockets[0]?.sent.filter((m) => (m as { op: string }).op === 'subscribe')).toHaveLength(1);

    view.unmount();
    expect(sut.channels()).toEqual(['ticker:BTCUSDT']);
  });
});
