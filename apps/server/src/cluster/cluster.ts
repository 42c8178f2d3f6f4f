import type { ClusterBus } from './bus';
import type { Leadership } from './leadership';
import type { RedisConnections } from './redis';

/**
 * What a node shares with the others (ARCHITECTURE.md section 2). Without `REDIS_URL` the node is alone: the bus
 * is in process, limits are in memory and it leads every name. With it, the bus, limits and session endings go
 * through Redis, and leadership of each market and job is contended for in PostgreSQL.
 */
export type Cluster = {
  nodeId: string;
  /** Keeps apart the Redis keys and channels of deployments (and test runs) that share one Redis server. */
  prefix: string;
  bus: ClusterBus;
  /** Set when the node runs with others. */
  redis: RedisConnections | undefined;
  leadership: Leadership;
};
