import { hostname } from 'node:os';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { LocalBus, RedisBus } from './bus';
import type { Cluster } from './cluster';
import type { LeadershipName } from './leadership';
import { PostgresLeadership } from './postgres-leadership';
import { openRedis } from './redis';

type Log = {
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
};

/**
 * What this node shares with others (decision 0044): with `REDIS_URL`, Redis's bus and contended leadership;
 * without it, the node alone, leading everything. `close` ends the Redis connections once the app has closed.
 * `onLeadershipChange` is told of every name gained (with its epoch) or lost, for the node's metrics.
 */
export async function openCluster(
  config: Pick<Config, 'redisUrl' | 'redisPrefix' | 'nodeName'>,
  database: Pick<Database, 'db'>,
  log?: Log,
  onLeadershipChange?: (name: LeadershipName, epoch: bigint | undefined) => void,
): Promise<Cluster & { close(): Promise<void> }> {
  const nodeId = config.nodeName ?? `${hostname()}-${process.pid}`;
  if (!config.redisUrl) {
    return {
      nodeId,
      prefix: config.redisPrefix,
      bus: new LocalBus(),
      redis: undefined,
      leadership: new PostgresLeadership({
        db: database.db,
        nodeId,
        alone: true,
        log,
        onChange: onLeadershipChange,
      }),
      close: async () => {},
    };
  }
  const redis = await openRedis(config.redisUrl, {
    onError: (error) => log?.warn({ err: error }, 'Redis connection failed; retrying'),
  });
  const bus = new RedisBus(redis, config.redisPrefix);
  return {
    nodeId,
    prefix: config.redisPrefix,
    bus,
    redis,
    leadership: new PostgresLeadership({
      db: database.db,
      nodeId,
      alone: false,
      bus,
      log,
      onChange: onLeadershipChange,
    }),
    close: () => redis.close(),
  };
}
