import { createHash, randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Cluster } from '../cluster/cluster';

/** Every public channel's frames, from whichever node produces the channel, to every node. */
const FRAMES_TOPIC = 'realtime:frames';
/** Sessions that ended, so that every node ends their private channels. */
const SESSIONS_TOPIC = 'realtime:sessions-ended';
/** One user's private frames: only the nodes holding one of the user's sockets listen. */
const userTopic = (userId: number) => `realtime:user:${userId}`;
const NEWLINE = 0x0a;

/** A session ended: one session (by its token's SHA-256, never the token), or some of one user's sessions. */
export type SessionEnding = { tokenHash: string } | { userId: number } | { operatorId: number };

export type RelayHandlers = {
  /** A public channel's frame reached this node (its own included): fan it out to the channel's sockets here. */
  frame(channel: string, frame: Buffer): void;
  /** A frame of one of a user's private channels reached this node. */
  userFrame(userId: number, channel: string, frame: Buffer): void;
  /** A session ended on another node. */
  sessionEnded(ending: SessionEnding): void;
  /** The channel's current value, serialised, while this node produces the channel; undefined once it does not. */
  snapshotOf(channel: string): Buffer | undefined;
  /** Redis is back after a drop: messages sent meanwhile are lost, so clients must resynchronise. */
  reconnected(): void;
  /** A message could not be sent (Redis down or refusing): counted, never thrown at the publisher. */
  lost(): void;
};

type Log = { warn(details: object, message: string): void };

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * `channel\n` then the frame: the bus message a node sends once, whatever the number of subscribers anywhere.
 * Receivers cut the frame out without parsing it (channel names are ASCII, without line breaks).
 */
export function relayedMessage(channel: string, json: string): Buffer {
  return Buffer.from(`${channel}\n${json}`);
}

function split(message: Buffer): { channel: string; frame: Buffer } | undefined {
  const end = message.indexOf(NEWLINE);
  if (end <= 0) return undefined;
  return { channel: message.toString('latin1', 0, end), frame: message.subarray(end + 1) };
}

/**
 * The realtime layer's traffic between nodes (decision 0044), on the cluster's Redis bus: public frames on one
 * topic that every node hears, each user's private frames on a topic of the user's own, and ended sessions. It
 * also keeps each public channel's current value in Redis (`<prefix>:realtime:snapshot:<channel>`), written by
 * the node that produces the channel, so that a new subscriber on any node starts from it. Nothing here throws
 * at the publisher: while Redis is down messages are counted as lost, and when it is back the hub is told so
 * that its clients resynchronise.
 */
export class ClusterRelay {
  private readonly bus: Cluster['bus'];
  private readonly command: Redis;
  private readonly connections: Redis[];
  private readonly keyPrefix: string;
  private readonly users = new Map<number, Promise<() => Promise<void>>>();
  private readonly topics: Promise<() => Promise<void>>[] = [];
  /** Channels whose snapshot this node wrote, to write again after Redis comes back empty. */
  private readonly produced = new Set<string>();
  private readonly snapshotWrittenAt = new Map<string, number>();
  private readonly snapshotTimers = new Map<string, NodeJS.Timeout>();
  private readonly reads = new Map<string, Promise<Buffer | undefined>>();
  private outage = false;
  /** Whether the current outage has been logged (once an outage, not once a message). */
  private outageLogged = false;
  private closed = false;
  /** Tells this hub's own endings apart on the bus, even were two nodes given the same name. */
  private readonly sender = randomUUID();
  private readonly watchers: Array<{ connection: Redis; event: string; listener: () => void }> = [];

  constructor(
    private readonly cluster: Pick<Cluster, 'prefix' | 'bus'> & {
      redis: NonNullable<Cluster['redis']>;
    },
    private readonly handlers: RelayHandlers,
    private readonly options: { snapshotIntervalMs: number; log?: Log },
  ) {
    this.bus = cluster.bus;
    this.command = cluster.redis.command;
    this.connections = [cluster.redis.command, cluster.redis.subscriber];
    this.keyPrefix = `${cluster.prefix}:realtime:snapshot:`;
    for (const connection of this.connections) {
      this.watch(connection, 'close', () => {
        this.outage = true;
      });
      this.watch(connection, 'ready', () => this.maybeReconnected());
    }
  }

  private watch(connection: Redis, event: string, listener: () => void) {
    connection.on(event, listener);
    this.watchers.push({ connection, event, listener });
  }

  /** Starts hearing public frames and ended sessions. */
  async start(): Promise<void> {
    const frames = this.bus.subscribe(FRAMES_TOPIC, (message) => {
      const parts = split(message);
      if (parts) this.handlers.frame(parts.channel, parts.frame);
    });
    const sessions = this.bus.subscribe(SESSIONS_TOPIC, (message) => {
      const ending = parseEnding(message, this.sender);
      if (ending) this.handlers.sessionEnded(ending);
    });
    this.topics.push(frames, sessions);
    await Promise.all(this.topics);
  }

  /** Sends a public frame (`relayedMessage`) to every node. */
  publish(message: Buffer): void {
    this.send(() => this.bus.publish(FRAMES_TOPIC, message));
  }

  /** Sends a private frame (`relayedMessage`) to the nodes holding one of the user's sockets. */
  publishToUser(userId: number, message: Buffer): void {
    this.send(() => this.bus.publish(userTopic(userId), message));
  }

  /** Tells the other nodes that a session ended (this node has applied it already). */
  endSession(ending: SessionEnding): void {
    this.send(() => this.bus.publish(SESSIONS_TOPIC, JSON.stringify({ sender: this.sender, ...ending })));
  }

  /** The user has a socket on this node now: hear the user's private frames. */
  followUser(userId: number): void {
    // While Redis is down nothing is followed: when it is back, every socket here is closed and signs in again.
    if (this.users.has(userId) || this.closed || this.cluster.redis.subscriber.status !== 'ready') return;
    const subscribed = this.bus.subscribe(userTopic(userId), (message) => {
      const parts = split(message);
      if (parts) this.handlers.userFrame(userId, parts.channel, parts.frame);
    });
    // A failed subscribe leaves a no-op behind, so that the unfollow that comes later has nothing to undo.
    this.users.set(
      userId,
      subscribed.catch(() => async () => {}),
    );
  }

  /** The user's last socket on this node has gone. */
  unfollowUser(userId: number): void {
    const subscribed = this.users.get(userId);
    if (!subscribed) return;
    this.users.delete(userId);
    void subscribed.then((unsubscribe) => unsubscribe()).catch(() => undefined);
  }

  /**
   * Stores a channel's current value whose every frame is the whole value (a book's depth, a ticker, a candle):
   * the frame itself, written before it is published, so that a node that has heard the frame finds at least it.
   */
  storeSnapshot(channel: string, frame: Buffer): void {
    this.produced.add(channel);
    this.send(() => this.command.set(this.keyPrefix + channel, frame));
  }

  /**
   * Stores, at most once an interval, the current value of a channel whose frames add to what came before (the
   * latest trades): the value is read from this node's provider when written.
   */
  storeSnapshotSoon(channel: string): void {
    if (this.snapshotTimers.has(channel) || this.closed) return;
    const wait =
      (this.snapshotWrittenAt.get(channel) ?? Number.NEGATIVE_INFINITY) +
      this.options.snapshotIntervalMs -
      Date.now();
    if (wait <= 0) {
      this.writeSnapshot(channel);
      return;
    }
    const timer = setTimeout(() => {
      this.snapshotTimers.delete(channel);
      this.writeSnapshot(channel);
    }, wait);
    timer.unref();
    this.snapshotTimers.set(channel, timer);
  }

  private writeSnapshot(channel: string) {
    this.snapshotWrittenAt.set(channel, Date.now());
    const frame = this.handlers.snapshotOf(channel);
    if (!frame) {
      this.produced.delete(channel);
      return;
    }
    this.storeSnapshot(channel, frame);
  }

  /** A channel's current value as its producer last stored it; concurrent reads of a channel share one GET. */
  readSnapshot(channel: string): Promise<Buffer | undefined> {
    const pending = this.reads.get(channel);
    if (pending) return pending;
    if (this.command.status !== 'ready') return Promise.resolve(undefined);
    const read = this.command
      .getBuffer(this.keyPrefix + channel)
      .then((frame) => frame ?? undefined)
      .catch(() => undefined)
      .finally(() => this.reads.delete(channel));
    this.reads.set(channel, read);
    return read;
  }

  /** Stops listening; the connections themselves belong to the cluster. */
  close(): void {
    this.closed = true;
    for (const timer of this.snapshotTimers.values()) clearTimeout(timer);
    this.snapshotTimers.clear();
    for (const { connection, event, listener } of this.watchers.splice(0)) connection.off(event, listener);
    const subscriptions = [...this.topics.splice(0), ...this.users.values()];
    this.users.clear();
    for (const subscribed of subscriptions) {
      void subscribed.then((unsubscribe) => unsubscribe()).catch(() => undefined);
    }
  }

  /** Sends at once while Redis is connected; drops (and counts) instead of queueing while it is not. */
  private send(work: () => Promise<unknown>) {
    if (this.closed) return;
    if (this.command.status !== 'ready') {
      this.lose();
      return;
    }
    work().catch((error: unknown) => this.lose(error));
  }

  private lose(error?: unknown) {
    this.handlers.lost();
    if (this.outageLogged) return;
    this.outageLogged = true;
    this.options.log?.warn(
      { err: error },
      'realtime messages to other nodes are being lost: Redis is unreachable',
    );
  }

  private maybeReconnected() {
    if (!this.outage || this.closed) return;
    if (this.connections.some((connection) => connection.status !== 'ready')) return;
    this.outage = false;
    this.outageLogged = false;
    this.handlers.reconnected();
    // Redis may have come back empty: store again the current value of every channel this node produces.
    for (const channel of [...this.produced]) this.writeSnapshot(channel);
  }
}

function parseEnding(message: Buffer, ownSender: string): SessionEnding | undefined {
  try {
    const parsed = JSON.parse(message.toString()) as {
      sender?: unknown;
      tokenHash?: unknown;
      userId?: unknown;
      operatorId?: unknown;
    };
    if (parsed.sender === ownSender) return undefined;
    if (typeof parsed.tokenHash === 'string') return { tokenHash: parsed.tokenHash };
    if (typeof parsed.userId === 'number') return { userId: parsed.userId };
    if (typeof parsed.operatorId === 'number') return { operatorId: parsed.operatorId };
  } catch {
    // Nothing else publishes on the topic; a message that is not an ending is ignored.
  }
  return undefined;
}
