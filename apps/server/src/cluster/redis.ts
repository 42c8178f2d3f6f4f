import { Redis } from 'ioredis';

/**
 * The two connections a node keeps to Redis (ARCHITECTURE.md section 2): `command` for scripts and publishing, and
 * `subscriber`, which a subscription takes over. Both reconnect by themselves; a subscriber that reconnects
 * subscribes to its channels again (ioredis's `autoResubscribe`).
 */
export type RedisConnections = {
  command: Redis;
  subscriber: Redis;
  close(): Promise<void>;
};

export type RedisOptions = {
  /** Told when a connection drops or cannot be made; the client keeps trying. */
  onError?: (error: Error) => void;
  /** Told when a connection is ready again after it dropped, so that a node can resynchronise what it holds. */
  onReconnected?: () => void;
};

/** Opens both connections to the Redis server at `url` and waits until they answer. */
export async function openRedis(url: string, options: RedisOptions = {}): Promise<RedisConnections> {
  const open = (name: string) => {
    const connection = new Redis(url, {
      connectionName: `kestrel-${name}`,
      // A command waits for a reconnect rather than failing at once, but not for ever.
      maxRetriesPerRequest: 3,
      retryStrategy: (attempt) => Math.min(attempt * 100, 2000),
      lazyConnect: true,
      // Commands sent in one event-loop turn leave in one write: a settled batch publishes to many topics at once
      // (each user's updates, the markets' frames), and relayed commands and their answers come in bursts.
      enableAutoPipelining: true,
    });
    let dropped = false;
    connection.on('error', (error: Error) => options.onError?.(error));
    connection.on('close', () => {
      dropped = true;
    });
    connection.on('ready', () => {
      if (dropped) options.onReconnected?.();
      dropped = false;
    });
    return connection;
  };
  const command = open('command');
  const subscriber = open('subscriber');
  await Promise.all([command.connect(), subscriber.connect()]);
  return {
    command,
    subscriber,
    close: async () => {
      await Promise.allSettled([command.quit(), subscriber.quit()]);
    },
  };
}
