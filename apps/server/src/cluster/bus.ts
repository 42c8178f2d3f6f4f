import type { RedisConnections } from './redis';

export type BusListener = (message: Buffer) => void;

/**
 * Messages every node hears (ARCHITECTURE.md sections 2 and 7): the stream frames, index ticks, ended sessions,
 * leadership handed over. One process delivers them in place; with `REDIS_URL` they go through Redis pub/sub.
 * Delivery is at most once: a node that was not connected when a message went out does not hear it, and
 * resynchronises from PostgreSQL instead.
 */
export interface ClusterBus {
  /** Sends to every node listening to the topic, this one included; answers how many nodes heard it. */
  publish(topic: string, message: string | Buffer): Promise<number>;
  /** Hears a topic until the answered function is called. */
  subscribe(topic: string, listener: BusListener): Promise<() => Promise<void>>;
}

class Topics {
  private readonly listeners = new Map<string, Set<BusListener>>();

  /** Adds a listener; answers whether it is the topic's first. */
  add(topic: string, listener: BusListener): boolean {
    const set = this.listeners.get(topic);
    if (set) {
      set.add(listener);
      return false;
    }
    this.listeners.set(topic, new Set([listener]));
    return true;
  }

  /** Removes a listener; answers whether the topic has none left. */
  remove(topic: string, listener: BusListener): boolean {
    const set = this.listeners.get(topic);
    if (!set?.delete(listener)) return false;
    if (set.size > 0) return false;
    this.listeners.delete(topic);
    return true;
  }

  deliver(topic: string, message: Buffer): number {
    const set = this.listeners.get(topic);
    if (!set) return 0;
    for (const listener of [...set]) listener(message);
    return 1;
  }
}

/** The bus of one process: a message reaches this process's listeners at once. */
export class LocalBus implements ClusterBus {
  private readonly topics = new Topics();

  async publish(topic: string, message: string | Buffer): Promise<number> {
    return this.topics.deliver(topic, typeof message === 'string' ? Buffer.from(message) : message);
  }

  async subscribe(topic: string, listener: BusListener): Promise<() => Promise<void>> {
    this.topics.add(topic, listener);
    return async () => {
      this.topics.remove(topic, listener);
    };
  }
}

/**
 * The bus of several nodes, on Redis pub/sub: each topic is a channel under the deployment's prefix, subscribed
 * to once per node however many listeners it has here.
 */
export class RedisBus implements ClusterBus {
  private readonly topics = new Topics();

  constructor(
    private readonly redis: RedisConnections,
    private readonly prefix: string,
  ) {
    redis.subscriber.on('messageBuffer', (channel: Buffer, message: Buffer) => {
      const name = channel.toString();
      if (name.startsWith(this.channelPrefix))
        this.topics.deliver(name.slice(this.channelPrefix.length), message);
    });
  }

  private get channelPrefix() {
    return `${this.prefix}:bus:`;
  }

  publish(topic: string, message: string | Buffer): Promise<number> {
    return this.redis.command.publish(this.channelPrefix + topic, message);
  }

  async subscribe(topic: string, listener: BusListener): Promise<() => Promise<void>> {
    if (this.topics.add(topic, listener)) {
      try {
        await this.redis.subscriber.subscribe(this.channelPrefix + topic);
      } catch (error) {
        // Not subscribed after all: forgotten, so that the next listener of the topic subscribes again.
        this.topics.remove(topic, listener);
        throw error;
      }
    }
    return async () => {
      if (this.topics.remove(topic, listener))
        await this.redis.subscriber.unsubscribe(this.channelPrefix + topic);
    };
  }
}
