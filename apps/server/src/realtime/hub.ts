import {
  AGENT_CHANNELS,
  type AgentChannel,
  type AgentChannelEntry,
  type ChannelParams,
  type ChannelPayload,
  channelName,
  PRIVATE_CHANNELS,
  type PrivateChannel,
  type PrivateChannelEntry,
  type PublicChannel,
  WS_CLOSE_CODES,
  WS_MAX_CHANNELS,
  type WsClientMessage,
  type WsServerMessage,
  wsClientMessage,
} from '@kestrel/contract';
import type { Cluster } from '../cluster/cluster';
import type { Translate } from '../http/i18n';
import type { RealtimePublisher } from './publisher';
import { ClusterRelay, hashToken, relayedMessage, type SessionEnding } from './relay';

/** The channel kinds whose current value a module can hand to a new subscriber. */
export type SnapshotKind =
  | 'tickers'
  | 'ticker'
  | 'depth'
  | 'trades'
  | 'candles'
  | 'futuresTickers'
  | 'futuresTicker'
  | 'futuresDepth';
/** Answers a channel's current payload (the same shape as its `data` messages), or undefined when there is none. */
export type SnapshotProvider = (channel: string) => unknown | undefined;

/**
 * The part of a `ws` WebSocket the hub uses, so that tests can hand it a fake. The route forwards the socket's
 * `message`, `pong` and `close` events to the connection `connect` returns.
 */
export interface HubSocket {
  readonly readyState: number;
  readonly bufferedAmount: number;
  send(data: Buffer | string, options?: { binary?: boolean }): void;
  close(code?: number, reason?: string): void;
  terminate(): void;
  ping(): void;
}

export type RealtimeHubOptions = {
  /** Resolves a session token to its user, or undefined when the token is unknown, expired or revoked. */
  authenticate: (token: string) => Promise<{ id: number } | undefined>;
  /**
   * Resolves an operator's token (`adm_…`) to the operator, when the operator may follow the agent channels
   * (decision 0052); undefined otherwise. Without it, operator tokens are refused.
   */
  authenticateOperator?: (token: string) => Promise<{ id: number } | undefined>;
  /** Bytes queued for one client beyond which it is dropped instead of waited for. */
  maxBufferedBytes?: number;
  /** Length of the clock windows in which a `depth:*` channel sends at most once; the latest payload wins. */
  depthIntervalMs?: number;
  /** How often sockets are pinged; one that has not answered since the previous ping is terminated. */
  heartbeatMs?: number;
  /** How often an authenticated connection's token is checked again (a logout or freeze ends its private data). */
  reauthenticateMs?: number;
  /** How many sockets one event-loop turn writes to before yielding to other work. */
  fanOutSlice?: number;
  /** Connections one client address may hold at once; a further one is closed as soon as it opens. */
  maxConnectionsPerAddress?: number;
  /** Messages a connection may send: `perSecond` on average, `burst` at once; a faster client is closed. */
  messageRate?: { perSecond: number; burst: number };
  /**
   * Where a payload that cannot be serialised, or messages lost while Redis is down, are reported; publishing
   * never throws at the publisher.
   */
  logger?: {
    error: (details: object, message: string) => void;
    warn: (details: object, message: string) => void;
  };
  /**
   * The nodes this one runs with (decision 0044). With Redis, every message goes through the cluster's bus, so
   * that each node's sockets get what any node published; without it the hub fans out in process.
   */
  cluster?: Pick<Cluster, 'prefix' | 'bus' | 'redis'>;
};

const OPEN = 1;
const CONFLATED_PREFIX = 'depth:';
/**
 * Channels whose messages add to what came before (the latest trades) rather than replace it: their current
 * value is a list that no single message carries, so only the producing node's provider can answer it.
 */
const APPENDED_PREFIX = 'trades:';
/**
 * Channels that carry events of one conversation rather than a current value (decision 0052): nothing of theirs
 * is kept or replayed to a new subscriber, so a subscriber only ever gets what happens after it subscribed.
 */
const EVENT_PREFIXES = ['supportVisitor:', 'supportInbox'] as const;
function isEventChannel(channel: string): boolean {
  return EVENT_PREFIXES.some((prefix) => channel.startsWith(prefix));
}
const OPERATOR_TOKEN_PREFIX = 'adm_';
const TEXT = { binary: false } as const;
const GOLDEN_RATIO_FRACTION = (Math.sqrt(5) - 1) / 2;
/** After closing a slow client politely, how long its close frame may take to get out before the socket is cut. */
const CLOSE_GRACE_MS = 2_000;

type Conflated = {
  /** Where this channel's windows start within the interval, in milliseconds. */
  offset: number;
  lastWindow: number;
  pending: unknown;
  hasPending: boolean;
  timer?: NodeJS.Timeout;
};

/**
 * The WebSocket fan-out behind `/ws`. Every published message is serialised once, into one buffer written to all
 * its subscribers; depth channels are conflated; a client whose send buffer grows past the limit is dropped so
 * that it never holds back the others; private channels reach only the sockets of the user they belong to.
 */
export class RealtimeHub implements RealtimePublisher {
  private readonly subscribers = new Map<string, Set<Connection>>();
  private readonly userConnections = new Map<number, Set<Connection>>();
  private readonly operatorConnections = new Map<number, Set<Connection>>();
  /** Told when a connection starts or stops following `support` or an agent channel (presence, decision 0052). */
  private readonly followListeners: Array<() => void> = [];
  private readonly connections = new Set<Connection>();
  private readonly perAddress = new Map<string, number>();
  private readonly providers = new Map<string, SnapshotProvider>();
  private readonly conflated = new Map<string, Conflated>();
  private readonly fanOuts: { channel: string; frame: Buffer; targets: Connection[]; next: number }[] = [];
  private drainScheduled = false;
  /** How many conflated channels have been given a window offset. */
  private windowOffsets = 0;
  private readonly fanOutSlice: number;
  private readonly heartbeat: NodeJS.Timeout;
  private lastReauthenticationAt = Date.now();
  readonly maxBufferedBytes: number;
  private readonly depthIntervalMs: number;
  private readonly reauthenticateMs: number;
  private readonly maxConnectionsPerAddress: number;
  readonly messageRate: { perSecond: number; burst: number };
  /** Counters for monitoring and the benchmark; `lost` counts messages Redis could not take (a drop). */
  readonly stats = { published: 0, frames: 0, dropped: 0, failed: 0, lost: 0 };
  /** Set when the node runs with others on Redis: every message then goes through it. */
  private readonly relay: ClusterRelay | undefined;
  /**
   * With Redis, the latest frame heard of each channel whose frames are its whole value: what a new subscriber
   * here gets when this node does not produce the channel.
   */
  private readonly lastFrames = new Map<string, Buffer>();

  constructor(private readonly options: RealtimeHubOptions) {
    this.maxBufferedBytes = options.maxBufferedBytes ?? 1024 * 1024;
    this.depthIntervalMs = options.depthIntervalMs ?? 100;
    this.reauthenticateMs = options.reauthenticateMs ?? 60_000;
    this.fanOutSlice = options.fanOutSlice ?? 100;
    this.maxConnectionsPerAddress = options.maxConnectionsPerAddress ?? 200;
    this.messageRate = options.messageRate ?? { perSecond: 10, burst: 20 };
    this.heartbeat = setInterval(() => this.beat(), options.heartbeatMs ?? 30_000);
    this.heartbeat.unref();
    const { cluster } = options;
    this.relay = cluster?.redis
      ? new ClusterRelay(
          { ...cluster, redis: cluster.redis },
          {
            frame: (channel, frame) => this.heard(channel, frame),
            userFrame: (userId, channel, frame) => this.sendToUser(userId, channel, frame),
            sessionEnded: (ending) => this.endedElsewhere(ending),
            snapshotOf: (channel) => this.snapshotFrame(channel),
            reconnected: () => this.resynchronise(),
            lost: () => {
              this.stats.lost += 1;
            },
          },
          { snapshotIntervalMs: this.depthIntervalMs, log: options.logger },
        )
      : undefined;
  }

  /** Starts hearing the other nodes (nothing to do alone). */
  async start(): Promise<void> {
    await this.relay?.start();
  }

  /** Registers where new subscribers of a channel kind get its current value from. */
  snapshot(kind: SnapshotKind, provider: SnapshotProvider): void {
    this.providers.set(kind, provider);
  }

  publish<C extends PublicChannel>(channel: C, params: ChannelParams<C>, data: ChannelPayload<C>): void {
    this.publishAs(channelName(channel, params), data);
  }

  private publishAs(channel: string, data: unknown): void {
    this.stats.published += 1;
    if (channel.startsWith(CONFLATED_PREFIX)) {
      this.publishConflated(channel, data);
      return;
    }
    this.deliver(channel, data);
  }

  publishToUser<C extends PrivateChannelEntry>(userId: number, channel: C, data: ChannelPayload<C>): void {
    this.stats.published += 1;
    if (this.relay) {
      const message = this.encodeRelayed(channel.pattern, data);
      if (message) this.relay.publishToUser(userId, message);
      return;
    }
    const connections = this.userConnections.get(userId);
    if (!connections) return;
    let frame: Buffer | undefined;
    for (const connection of connections) {
      if (!connection.channels.has(channel.pattern)) continue;
      frame ??= this.encodeData(channel.pattern, data);
      if (!frame) return;
      connection.sendFrame(frame);
    }
  }

  /** An agents' channel's event: to every operator's socket following it, on every node. */
  publishToAgents<C extends AgentChannelEntry>(channel: C, data: ChannelPayload<C>): void {
    this.publishAs(channel.pattern, data);
  }

  /** Sockets of this node signed in as an operator and following the agent channel. */
  agentFollowers(channel: AgentChannel): number {
    return this.subscribers.get(channel)?.size ?? 0;
  }

  /** The users whose sockets on this node follow the private channel. */
  localFollowers(channel: PrivateChannelEntry): number[] {
    const users: number[] = [];
    for (const [userId, connections] of this.userConnections) {
      for (const connection of connections) {
        if (connection.channels.has(channel.pattern)) {
          users.push(userId);
          break;
        }
      }
    }
    return users;
  }

  /** Calls `listener` whenever a socket here starts or stops following `support` or an agent channel. */
  onFollowChange(listener: () => void): void {
    this.followListeners.push(listener);
  }

  /** @internal */
  followChanged(channel: string) {
    if (channel !== 'support' && !isAgentChannel(channel)) return;
    for (const listener of this.followListeners) listener();
  }

  /**
   * With Redis, always: the user's sockets may be on any node, and knowing for sure would take a registry shared
   * by every node read on each batch; reading the balances of a batch's users costs less (decision 0044).
   */
  follows(userId: number, channel: PrivateChannelEntry): boolean {
    if (this.relay) return true;
    for (const connection of this.userConnections.get(userId) ?? []) {
      if (connection.channels.has(channel.pattern)) return true;
    }
    return false;
  }

  /**
   * Starts serving one socket from `address`; the caller forwards the socket's events to the returned connection.
   * An address holding its limit of connections gets this one closed at once.
   */
  connect(socket: HubSocket, t: Translate, address: string): Connection {
    const connection = new Connection(this, socket, t, address);
    const open = this.perAddress.get(address) ?? 0;
    this.connections.add(connection);
    this.perAddress.set(address, open + 1);
    if (open >= this.maxConnectionsPerAddress) {
      connection.drop(WS_CLOSE_CODES.tooManyConnections, 'too many connections');
    }
    return connection;
  }

  /** Number of open connections (for health and tests). */
  get connectionCount(): number {
    return this.connections.size;
  }

  /** Closes every socket and stops the timers; publishing afterwards reaches nobody. */
  close(): void {
    clearInterval(this.heartbeat);
    this.relay?.close();
    for (const state of this.conflated.values()) clearTimeout(state.timer);
    this.conflated.clear();
    this.fanOuts.length = 0;
    for (const connection of [...this.connections])
      connection.drop(WS_CLOSE_CODES.goingAway, 'server closing');
  }

  /**
   * Time is cut into windows of `depthIntervalMs` and a channel sends at most once per window: the first change in
   * a window goes out at once, later ones wait for the next window and only the latest of them is sent. Windows on
   * the clock rather than a gap after each send keep a book published ten times a second from being held back by
   * timer jitter, at the price of two sends that can fall just either side of a window's edge. Each channel's
   * windows start at its own offset, so that busy books, which all change in the same settlement, do not all go
   * out in the same instant to thousands of sockets.
   */
  private publishConflated(channel: string, data: unknown) {
    // With Redis the publisher cannot see other nodes' subscribers: it conflates whoever listens.
    if (!this.relay && !this.subscribers.get(channel)?.size) return;
    let state = this.conflated.get(channel);
    if (!state) {
      state = {
        offset: this.nextWindowOffset(),
        lastWindow: -1,
        pending: undefined,
        hasPending: false,
      };
      this.conflated.set(channel, state);
    }
    const now = Date.now();
    const window = Math.floor((now - state.offset) / this.depthIntervalMs);
    if (window > state.lastWindow && !state.timer) {
      state.lastWindow = window;
      this.deliver(channel, data);
      return;
    }
    state.pending = data;
    state.hasPending = true;
    if (state.timer) return;
    const conflated = state;
    state.timer = setTimeout(
      () => {
        conflated.timer = undefined;
        if (!conflated.hasPending) return;
        const latest = conflated.pending;
        conflated.pending = undefined;
        conflated.hasPending = false;
        conflated.lastWindow = Math.max(
          conflated.lastWindow + 1,
          Math.floor((Date.now() - conflated.offset) / this.depthIntervalMs),
        );
        this.deliver(channel, latest);
      },
      Math.max((state.lastWindow + 1) * this.depthIntervalMs + state.offset - now, 0),
    );
  }

  /**
   * Offsets follow the golden-ratio sequence, which keeps any number of channels spread evenly over the interval
   * (eight books land 9 to 15 ms apart).
   */
  private nextWindowOffset(): number {
    this.windowOffsets += 1;
    return Math.floor(((this.windowOffsets * GOLDEN_RATIO_FRACTION) % 1) * this.depthIntervalMs);
  }

  private deliver(channel: string, data: unknown) {
    if (this.relay) {
      this.relayed(this.relay, channel, data);
      return;
    }
    const subscribers = this.subscribers.get(channel);
    if (!subscribers?.size) return;
    const frame = this.encodeData(channel, data);
    if (frame) this.fanOut(channel, frame);
  }

  /**
   * Serialised once here and published once on the bus, whatever the number of subscribers on every node; each
   * node, this one included, fans the frame out when it hears it. The channel's current value is stored first.
   */
  private relayed(relay: ClusterRelay, channel: string, data: unknown) {
    const message = this.encodeRelayed(channel, data);
    if (!message) return;
    if (channel.startsWith(APPENDED_PREFIX)) relay.storeSnapshotSoon(channel);
    else if (!isEventChannel(channel)) relay.storeSnapshot(channel, message.subarray(channel.length + 1));
    relay.publish(message);
  }

  /** A public frame heard on the bus. */
  private heard(channel: string, frame: Buffer) {
    if (!channel.startsWith(APPENDED_PREFIX) && !isEventChannel(channel)) this.lastFrames.set(channel, frame);
    if (this.subscribers.get(channel)?.size) this.fanOut(channel, frame);
  }

  /** A private frame heard on the bus, for this node's sockets of the user that follow the channel. */
  private sendToUser(userId: number, channel: string, frame: Buffer) {
    for (const connection of this.userConnections.get(userId) ?? []) {
      if (connection.channels.has(channel)) connection.sendFrame(frame);
    }
  }

  private fanOut(channel: string, frame: Buffer) {
    const subscribers = this.subscribers.get(channel);
    if (!subscribers?.size) return;
    this.fanOuts.push({ channel, frame, targets: [...subscribers], next: 0 });
    if (!this.drainScheduled) this.drain();
  }

  /**
   * Writes queued messages, at most `fanOutSlice` sockets per event-loop turn, so that a message for thousands of
   * subscribers does not hold up requests. Messages leave in the order they were published, so each socket still
   * sees a channel's messages in order; one that unsubscribed in the meantime is skipped.
   */
  private readonly drain = () => {
    this.drainScheduled = false;
    let budget = this.fanOutSlice;
    while (budget > 0) {
      const fanOut = this.fanOuts[0];
      if (!fanOut) break;
      const end = Math.min(fanOut.targets.length, fanOut.next + budget);
      for (let index = fanOut.next; index < end; index += 1) {
        const connection = fanOut.targets[index] as Connection;
        if (connection.channels.has(fanOut.channel)) connection.sendFrame(fanOut.frame);
      }
      budget -= end - fanOut.next;
      fanOut.next = end;
      if (end === fanOut.targets.length) this.fanOuts.shift();
    }
    if (this.fanOuts.length > 0) {
      this.drainScheduled = true;
      setImmediate(this.drain);
    }
  };

  private encodeData(channel: string, data: unknown): Buffer | undefined {
    try {
      return encode({ op: 'data', channel, data });
    } catch (error) {
      this.failedToEncode(channel, error);
      return undefined;
    }
  }

  private encodeRelayed(channel: string, data: unknown): Buffer | undefined {
    try {
      return relayedMessage(channel, JSON.stringify({ op: 'data', channel, data } satisfies WsServerMessage));
    } catch (error) {
      this.failedToEncode(channel, error);
      return undefined;
    }
  }

  private failedToEncode(channel: string, error: unknown) {
    this.stats.failed += 1;
    this.options.logger?.error({ err: error, channel }, 'realtime payload could not be serialised');
  }

  /** This node's provider's answer for a channel, serialised (stored in Redis for the other nodes). */
  private snapshotFrame(channel: string): Buffer | undefined {
    const current = this.currentValue(channel);
    return current === undefined ? undefined : this.encodeData(channel, current);
  }

  /** @internal */
  subscribe(connection: Connection, channel: string) {
    let set = this.subscribers.get(channel);
    if (!set) {
      set = new Set();
      this.subscribers.set(channel, set);
    }
    set.add(connection);
  }

  /** @internal */
  unsubscribe(connection: Connection, channel: string) {
    const set = this.subscribers.get(channel);
    if (!set) return;
    set.delete(connection);
    if (set.size === 0) {
      this.subscribers.delete(channel);
      // With Redis this node conflates for every node's subscribers, whether or not any are left here.
      const state = this.relay ? undefined : this.conflated.get(channel);
      if (state) {
        clearTimeout(state.timer);
        this.conflated.delete(channel);
      }
    }
  }

  /** A session ended (a logout): the connections signed in with its token lose their private channels now. */
  sessionEnded(token: string): void {
    const tokenHash = hashToken(token);
    this.endedHere(tokenHash);
    this.relay?.endSession({ tokenHash });
  }

  private endedHere(tokenHash: string) {
    for (const connection of [...this.connections]) connection.sessionEnded(tokenHash);
  }

  /**
   * Some or all of a user's sessions were revoked (password change or reset, a freeze): each of the user's
   * connections checks its token now rather than at the next periodic check, and one whose session ended stops.
   */
  userSessionsEnded(userId: number): void {
    this.reauthenticateUser(userId);
    this.relay?.endSession({ userId });
  }

  private reauthenticateUser(userId: number) {
    for (const connection of [...(this.userConnections.get(userId) ?? [])]) void connection.reauthenticate();
  }

  /**
   * An operator's sessions were revoked or the operator changed (disabled, another role, a TOTP reset): each of
   * the operator's connections checks its token now, on every node, and one that may no longer follow the agent
   * channels loses them.
   */
  operatorSessionsEnded(operatorId: number): void {
    this.reauthenticateOperator(operatorId);
    this.relay?.endSession({ operatorId });
  }

  private reauthenticateOperator(operatorId: number) {
    for (const connection of [...(this.operatorConnections.get(operatorId) ?? [])])
      void connection.reauthenticate();
  }

  /** A session ended on another node: applied to this node's sockets at once. */
  private endedElsewhere(ending: SessionEnding) {
    if ('tokenHash' in ending) this.endedHere(ending.tokenHash);
    else if ('userId' in ending) this.reauthenticateUser(ending.userId);
    else this.reauthenticateOperator(ending.operatorId);
  }

  /**
   * Redis came back after a drop and what went through it meanwhile is lost: every socket is closed with
   * `serviceRestart`, and its client reconnects, subscribes again and gets every channel's current value afresh.
   */
  private resynchronise() {
    this.lastFrames.clear();
    for (const connection of [...this.connections])
      connection.drop(WS_CLOSE_CODES.serviceRestart, 'service restart, reconnect');
  }

  /** @internal */
  bindUser(connection: Connection, userId: number | undefined, previous: number | undefined) {
    if (previous !== undefined) {
      const set = this.userConnections.get(previous);
      set?.delete(connection);
      if (set?.size === 0) {
        this.userConnections.delete(previous);
        this.relay?.unfollowUser(previous);
      }
    }
    if (userId === undefined) return;
    let set = this.userConnections.get(userId);
    if (!set) {
      set = new Set();
      this.userConnections.set(userId, set);
      this.relay?.followUser(userId);
    }
    set.add(connection);
  }

  /** @internal */
  bindOperator(connection: Connection, operatorId: number | undefined, previous: number | undefined) {
    if (previous !== undefined) {
      const set = this.operatorConnections.get(previous);
      set?.delete(connection);
      if (set?.size === 0) this.operatorConnections.delete(previous);
    }
    if (operatorId === undefined) return;
    let set = this.operatorConnections.get(operatorId);
    if (!set) {
      set = new Set();
      this.operatorConnections.set(operatorId, set);
    }
    set.add(connection);
  }

  private currentValue(channel: string): unknown | undefined {
    const kind = channel.split(':', 1)[0] ?? channel;
    return this.providers.get(kind)?.(channel);
  }

  /**
   * @internal Sends a new subscriber the channel's current value: from this node's provider when the node
   * produces the channel; with Redis otherwise, the latest frame heard here, or else the value the producing node
   * stored in Redis, unless a newer frame reached the socket while it was read. A stored value read just before
   * its own frame arrives reaches the socket twice, which a client takes as it takes any repeated update.
   */
  sendCurrentValue(connection: Connection, channel: string): void {
    if (isEventChannel(channel)) return;
    const current = this.currentValue(channel);
    if (current !== undefined) {
      const frame = this.encodeData(channel, current);
      if (frame) connection.sendFrame(frame);
      return;
    }
    if (!this.relay) return;
    const last = this.lastFrames.get(channel);
    if (last) {
      connection.sendFrame(last);
      return;
    }
    void this.relay.readSnapshot(channel).then((frame) => {
      if (!frame || !connection.channels.has(channel) || this.lastFrames.has(channel)) return;
      connection.sendFrame(frame);
    });
  }

  /** @internal A user's session token, or an operator's (`adm_…`). */
  authenticate(token: string): Promise<{ kind: 'user' | 'operator'; id: number } | undefined> {
    if (token.startsWith(OPERATOR_TOKEN_PREFIX)) {
      const { authenticateOperator } = this.options;
      if (!authenticateOperator) return Promise.resolve(undefined);
      return authenticateOperator(token).then((operator) =>
        operator ? { kind: 'operator' as const, id: operator.id } : undefined,
      );
    }
    return this.options
      .authenticate(token)
      .then((user) => (user ? { kind: 'user' as const, id: user.id } : undefined));
  }

  /** @internal */
  forget(connection: Connection) {
    if (!this.connections.delete(connection)) return;
    const open = (this.perAddress.get(connection.address) ?? 1) - 1;
    if (open > 0) this.perAddress.set(connection.address, open);
    else this.perAddress.delete(connection.address);
  }

  /** @internal */
  countDrop() {
    this.stats.dropped += 1;
  }

  private beat() {
    const now = Date.now();
    const reauthenticate = now - this.lastReauthenticationAt >= this.reauthenticateMs;
    if (reauthenticate) this.lastReauthenticationAt = now;
    for (const connection of [...this.connections]) {
      connection.heartbeat();
      if (reauthenticate) void connection.reauthenticate();
    }
  }
}

/** One client socket: its subscriptions, its user once authenticated, and its liveness. */
export class Connection {
  readonly channels = new Set<string>();
  private userId: number | undefined;
  /** The operator signed in on this connection (an agent), who may follow the agent channels. */
  private operatorId: number | undefined;
  private token: string | undefined;
  /** The token's SHA-256, which ended sessions are told by (on the bus, a token never travels). */
  private tokenHash: string | undefined;
  private alive = true;
  private closed = false;
  /** Messages wait here while an `auth` is being checked, so that a following subscribe sees its outcome. */
  private queue: Promise<void> | undefined;
  /** Messages the client may still send now (a token bucket refilled at the hub's message rate). */
  private allowance: number;
  private allowanceAt = Date.now();

  constructor(
    private readonly hub: RealtimeHub,
    private readonly socket: HubSocket,
    private readonly t: Translate,
    readonly address: string,
  ) {
    this.allowance = hub.messageRate.burst;
  }

  /** Handles one text frame from the client. */
  receive(text: string): void {
    this.alive = true;
    if (this.closed) return;
    if (!this.allowed()) {
      this.drop(WS_CLOSE_CODES.tooManyMessages, 'too many messages');
      return;
    }
    if (!this.queue) {
      const pending = this.handle(text);
      if (pending) this.enqueue(pending);
      return;
    }
    this.enqueue(this.queue.then(() => this.handle(text)));
  }

  private allowed(): boolean {
    const now = Date.now();
    const { perSecond, burst } = this.hub.messageRate;
    this.allowance = Math.min(burst, this.allowance + ((now - this.allowanceAt) / 1000) * perSecond);
    this.allowanceAt = now;
    if (this.allowance < 1) return false;
    this.allowance -= 1;
    return true;
  }

  private enqueue(work: Promise<void>) {
    const queue: Promise<void> = work
      .catch(() => undefined)
      .then(() => {
        if (this.queue === queue) this.queue = undefined;
      });
    this.queue = queue;
  }

  /** The socket answered a ping. */
  pong(): void {
    this.alive = true;
  }

  /** The socket has closed, for whatever reason: forget everything about it. */
  closedBySocket(): void {
    this.release();
  }

  /** Writes an already serialised message, dropping the client instead when it is not keeping up. */
  sendFrame(frame: Buffer): void {
    if (this.closed || this.socket.readyState !== OPEN) return;
    if (this.socket.bufferedAmount + frame.length > this.hub.maxBufferedBytes) {
      this.hub.countDrop();
      this.drop(WS_CLOSE_CODES.slowConsumer, 'slow consumer');
      return;
    }
    this.hub.stats.frames += 1;
    this.socket.send(frame, TEXT);
  }

  /** Closes the socket with `code` and stops sending to it at once; cuts it if the close does not get through. */
  drop(code: number, reason: string): void {
    if (this.closed) return;
    this.release();
    try {
      this.socket.close(code, reason);
    } catch {
      this.socket.terminate();
      return;
    }
    setTimeout(() => {
      if (this.socket.readyState !== 3) this.socket.terminate();
    }, CLOSE_GRACE_MS).unref();
  }

  /** @internal Called by the hub's heartbeat. */
  heartbeat(): void {
    if (this.closed) return;
    if (!this.alive) {
      this.release();
      this.socket.terminate();
      return;
    }
    this.alive = false;
    try {
      this.socket.ping();
    } catch {
      this.release();
      this.socket.terminate();
    }
  }

  /** @internal Checks the token again; a session that has ended loses its private channels. */
  async reauthenticate(): Promise<void> {
    const token = this.token;
    if (this.closed || token === undefined) return;
    const holder = await this.hub.authenticate(token).catch(() => undefined);
    if (this.closed || this.token !== token) return;
    if (holder?.kind === 'user' && holder.id === this.userId) return;
    if (holder?.kind === 'operator' && holder.id === this.operatorId) return;
    this.signOut();
    this.reply({ op: 'error', msg: this.t('errors.unauthorized') });
  }

  /** @internal The session whose token has this SHA-256 has ended. */
  sessionEnded(tokenHash: string): void {
    if (this.closed || this.tokenHash !== tokenHash) return;
    this.signOut();
    this.reply({ op: 'error', msg: this.t('errors.unauthorized') });
  }

  private handle(text: string): Promise<void> | undefined {
    const parsed = wsClientMessage.safeParse(parseJson(text));
    if (!parsed.success) {
      this.reply({ op: 'error', msg: this.t('validation.parameterError') });
      return undefined;
    }
    const message: WsClientMessage = parsed.data;
    switch (message.op) {
      case 'ping':
        this.reply({ op: 'pong', time: Date.now() });
        return undefined;
      case 'auth':
        return this.authenticate(message.token);
      case 'subscribe':
        this.subscribe(message.channels);
        return undefined;
      case 'unsubscribe':
        this.unsubscribe(message.channels);
        return undefined;
    }
  }

  private async authenticate(token: string): Promise<void> {
    const holder = await this.hub.authenticate(token).catch(() => undefined);
    if (this.closed) return;
    if (!holder) {
      this.signOut();
      this.reply({ op: 'error', msg: this.t('errors.unauthorized') });
      return;
    }
    if (holder.kind === 'operator') {
      if (this.userId !== undefined) this.signOut();
      if (holder.id !== this.operatorId) {
        this.dropAgentChannels();
        this.hub.bindOperator(this, holder.id, this.operatorId);
        this.operatorId = holder.id;
      }
    } else {
      if (this.operatorId !== undefined) this.signOut();
      if (holder.id !== this.userId) {
        this.dropPrivateChannels();
        this.hub.bindUser(this, holder.id, this.userId);
        this.userId = holder.id;
      }
    }
    this.token = token;
    this.tokenHash = hashToken(token);
    this.reply({ op: 'authenticated' });
  }

  private subscribe(requested: string[]) {
    const channels = [...new Set(requested)];
    const fresh = channels.filter((channel) => !this.channels.has(channel));
    if (
      (this.userId === undefined && fresh.some(isPrivate)) ||
      (this.operatorId === undefined && fresh.some(isAgentChannel))
    ) {
      this.reply({ op: 'error', msg: this.t('errors.unauthorized') });
      return;
    }
    if (this.channels.size + fresh.length > WS_MAX_CHANNELS) {
      this.reply({ op: 'error', msg: this.t('realtime.tooManyChannels', { max: WS_MAX_CHANNELS }) });
      return;
    }
    for (const channel of fresh) {
      this.channels.add(channel);
      if (!isPrivate(channel)) this.hub.subscribe(this, channel);
    }
    for (const channel of fresh) this.hub.followChanged(channel);
    this.reply({ op: 'subscribed', channels });
    for (const channel of fresh) {
      if (!isPrivate(channel)) this.hub.sendCurrentValue(this, channel);
    }
  }

  private unsubscribe(requested: string[]) {
    const channels = [...new Set(requested)];
    for (const channel of channels) {
      if (!this.channels.delete(channel)) continue;
      if (!isPrivate(channel)) this.hub.unsubscribe(this, channel);
      this.hub.followChanged(channel);
    }
    this.reply({ op: 'unsubscribed', channels });
  }

  private signOut() {
    this.dropPrivateChannels();
    this.dropAgentChannels();
    this.hub.bindUser(this, undefined, this.userId);
    this.hub.bindOperator(this, undefined, this.operatorId);
    this.userId = undefined;
    this.operatorId = undefined;
    this.token = undefined;
    this.tokenHash = undefined;
  }

  private dropPrivateChannels() {
    for (const channel of PRIVATE_CHANNELS) {
      if (this.channels.delete(channel)) this.hub.followChanged(channel);
    }
  }

  private dropAgentChannels() {
    for (const channel of AGENT_CHANNELS) {
      if (!this.channels.delete(channel)) continue;
      this.hub.unsubscribe(this, channel);
      this.hub.followChanged(channel);
    }
  }

  private reply(message: WsServerMessage) {
    this.sendFrame(encode(message));
  }

  private release() {
    if (this.closed) return;
    this.closed = true;
    for (const channel of this.channels) if (!isPrivate(channel)) this.hub.unsubscribe(this, channel);
    const followed = [...this.channels];
    this.channels.clear();
    for (const channel of followed) this.hub.followChanged(channel);
    this.hub.bindUser(this, undefined, this.userId);
    this.hub.bindOperator(this, undefined, this.operatorId);
    this.hub.forget(this);
  }
}

function isPrivate(channel: string): channel is PrivateChannel {
  return (PRIVATE_CHANNELS as readonly string[]).includes(channel);
}

function isAgentChannel(channel: string): channel is AgentChannel {
  return (AGENT_CHANNELS as readonly string[]).includes(channel);
}

function encode(message: WsServerMessage): Buffer {
  return Buffer.from(JSON.stringify(message));
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The live-data hub, for modules built outside `buildApp` and for tests that publish. */
    realtime: RealtimeHub;
  }
}
