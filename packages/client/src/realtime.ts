import { streams, wsData, wsServerMessage } from '@kestrel/contract';

/*
 * An app's one WebSocket to `/ws` (ARCHITECTURE.md section 7). Screens subscribe to channels by name; the client
 * counts subscribers per channel, connects on the first one, subscribes each channel once, re-authenticates and
 * re-subscribes after a reconnect, and closes the socket a while after the last subscriber has gone.
 */

export type ChannelListener = (data: unknown) => void;

/** The bits of a browser WebSocket the client uses; tests pass a fake. */
export type SocketLike = {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
};

export type RealtimeOptions = {
  /** Full `ws:`/`wss:` address without the language. */
  url: () => string;
  createSocket: (url: string) => SocketLike;
  getToken: () => string;
  getLanguage: () => string;
  /** Delay before reconnect attempt `n` (0-based). */
  backoff?: (attempt: number) => number;
  /** How long the socket stays open after the last subscriber leaves. */
  idleCloseMs?: number;
  /** How often a `ping` keeps the connection (and proxies) awake. */
  pingMs?: number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
};

const OPEN = 1;
/** Whether a channel carries the subscriber's own data: such channels are subscribed again after each sign-in. */
function isPrivate(channel: string): boolean {
  const kind = channel.split(':', 1)[0];
  return Object.values(streams).some((stream) => stream.kind === kind && stream.access === 'private');
}
const MAX_BACKOFF_MS = 15_000;

/** 0.5 s, 1 s, 2 s … up to 15 s, with up to 30 % jitter so a restarted server is not hit all at once. */
export function defaultBackoff(attempt: number): number {
  const base = Math.min(MAX_BACKOFF_MS, 500 * 2 ** attempt);
  return Math.round(base * (1 + Math.random() * 0.3));
}

/** The payload schema of a channel: the part of its name before the first colon. */
function parseData(channel: string, data: unknown): { ok: true; data: unknown } | { ok: false } {
  const kind = channel.split(':', 1)[0] as keyof typeof wsData;
  const schema = wsData[kind];
  // Depth and ticker lists arrive many times a second; their shape is cheap to check, candles and trades too.
  if (!schema) return { ok: true, data };
  const parsed = schema.safeParse(data);
  return parsed.success ? { ok: true, data: parsed.data } : { ok: false };
}

export class RealtimeClient {
  private socket: SocketLike | null = null;
  private readonly listeners = new Map<string, Set<ChannelListener>>();
  private readonly latest = new Map<string, unknown>();
  private attempt = 0;
  private reconnectTimer: unknown = null;
  private idleTimer: unknown = null;
  private pingTimer: unknown = null;
  private authedToken = '';
  /** Whether a socket was lost since the last one opened: the next open is a reconnect. */
  private lost = false;
  private readonly reconnectListeners = new Set<() => void>();
  private readonly options: Required<RealtimeOptions>;

  constructor(options: RealtimeOptions) {
    this.options = {
      backoff: defaultBackoff,
      idleCloseMs: 10_000,
      pingMs: 25_000,
      setTimer: (fn, ms) => setTimeout(fn, ms),
      clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
      ...options,
    };
  }

  /** Starts delivering `channel`'s data to `listener`; the returned function stops it. */
  subscribe(channel: string, listener: ChannelListener): () => void {
    let set = this.listeners.get(channel);
    const first = !set;
    if (!set) {
      set = new Set();
      this.listeners.set(channel, set);
    }
    set.add(listener);
    this.cancelIdleClose();
    if (first) {
      if (this.isOpen()) this.send({ op: 'subscribe', channels: [channel] });
      else this.connect();
    }
    let active = true;
    return () => {
      if (!active) return;
      active = false;
      const current = this.listeners.get(channel);
      if (!current) return;
      current.delete(listener);
      if (current.size > 0) return;
      this.listeners.delete(channel);
      this.latest.delete(channel);
      if (this.isOpen()) this.send({ op: 'unsubscribe', channels: [channel] });
      if (this.listeners.size === 0) this.scheduleIdleClose();
    };
  }

  /**
   * Calls `listener` each time a lost socket has been replaced and every channel subscribed again: messages sent
   * in between are missing (the server closes sockets on purpose when it lost some, code 1012), so what an app
   * keeps from pushed messages, its own orders and balances, is read afresh. The returned function stops it.
   */
  onReconnect(listener: () => void): () => void {
    this.reconnectListeners.add(listener);
    return () => {
      this.reconnectListeners.delete(listener);
    };
  }

  /** The latest data seen on a subscribed channel. */
  latestData(channel: string): unknown {
    return this.latest.get(channel);
  }

  /** Channels with at least one subscriber. */
  channels(): string[] {
    return [...this.listeners.keys()];
  }

  /** Sends `auth` again (or reconnects without the old identity) after the stored token changed. */
  refreshAuth(): void {
    const token = this.options.getToken();
    if (token === this.authedToken || !this.socket) return;
    if (token && this.isOpen()) {
      this.authedToken = token;
      this.send({ op: 'auth', token });
      // Private channels refused before the token existed are asked for again.
      const privateChannels = this.channels().filter(isPrivate);
      if (privateChannels.length > 0) this.send({ op: 'subscribe', channels: privateChannels });
    } else {
      // Logged out: the server has no `unauth`, so start a fresh, anonymous connection.
      this.restart();
    }
  }

  /** Closes the socket and forgets every subscriber. */
  dispose(): void {
    this.listeners.clear();
    this.latest.clear();
    this.cancelIdleClose();
    this.teardown();
  }

  private isOpen(): boolean {
    return this.socket !== null && this.socket.readyState === OPEN;
  }

  private send(message: unknown): void {
    this.socket?.send(JSON.stringify(message));
  }

  private connect(): void {
    if (this.socket || this.reconnectTimer !== null) return;
    const lang = encodeURIComponent(this.options.getLanguage());
    const base = this.options.url();
    const url = `${base}${base.includes('?') ? '&' : '?'}lang=${lang}`;
    let socket: SocketLike;
    try {
      socket = this.options.createSocket(url);
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.attempt = 0;
      const token = this.options.getToken();
      this.authedToken = token;
      if (token) this.send({ op: 'auth', token });
      const channels = this.channels();
      if (channels.length > 0) this.send({ op: 'subscribe', channels });
      this.startPing();
      if (!this.lost) return;
      this.lost = false;
      for (const listener of [...this.reconnectListeners]) listener();
    };
    socket.onmessage = (event) => {
      if (this.socket === socket) this.handleMessage(event.data);
    };
    socket.onerror = () => {
      // A close event follows; reconnecting is decided there.
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.stopPing();
      this.lost = true;
      if (this.listeners.size > 0) this.scheduleReconnect();
    };
  }

  private handleMessage(raw: unknown): void {
    if (typeof raw !== 'string') return;
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      return;
    }
    const message = wsServerMessage.safeParse(json);
    if (!message.success || message.data.op !== 'data') return;
    const { channel } = message.data;
    const set = this.listeners.get(channel);
    if (!set) return;
    const parsed = parseData(channel, message.data.data);
    if (!parsed.ok) return;
    this.latest.set(channel, parsed.data);
    for (const listener of [...set]) listener(parsed.data);
  }

  private scheduleReconnect(): void {
    if (this.reconnectTimer !== null) return;
    const delay = this.options.backoff(this.attempt);
    this.attempt += 1;
    this.reconnectTimer = this.options.setTimer(() => {
      this.reconnectTimer = null;
      if (this.listeners.size > 0) this.connect();
    }, delay);
  }

  private scheduleIdleClose(): void {
    this.cancelIdleClose();
    this.idleTimer = this.options.setTimer(() => {
      this.idleTimer = null;
      if (this.listeners.size === 0) this.teardown();
    }, this.options.idleCloseMs);
  }

  private cancelIdleClose(): void {
    if (this.idleTimer === null) return;
    this.options.clearTimer(this.idleTimer);
    this.idleTimer = null;
  }

  private startPing(): void {
    this.stopPing();
    const tick = () => {
      this.pingTimer = this.options.setTimer(() => {
        if (this.isOpen()) this.send({ op: 'ping' });
        tick();
      }, this.options.pingMs);
    };
    tick();
  }

  private stopPing(): void {
    if (this.pingTimer === null) return;
    this.options.clearTimer(this.pingTimer);
    this.pingTimer = null;
  }

  private restart(): void {
    this.teardown();
    this.attempt = 0;
    if (this.listeners.size > 0) this.connect();
  }

  private teardown(): void {
    if (this.reconnectTimer !== null) {
      this.options.clearTimer(this.reconnectTimer);
      this.reconnectTimer = null;
    }
    this.stopPing();
    const socket = this.socket;
    this.socket = null;
    this.authedToken = '';
    if (socket) {
      socket.onclose = null;
      socket.onmessage = null;
      socket.onopen = null;
      socket.close(1000);
    }
  }
}
