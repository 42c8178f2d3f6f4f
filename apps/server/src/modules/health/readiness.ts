import type { Redis } from 'ioredis';
import type { Database } from '../../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether the node takes requests; `main.ts` drains it before closing (decision 0044). */
    readiness: Readiness;
  }
}

/**
 * Whether this node can serve, as a load balancer asks it (`GET /api/ready`): not once it is draining (shutting
 * down, so that the balancer sends elsewhere before the node stops listening), nor while its database or, among
 * several nodes, Redis does not answer.
 */
export class Readiness {
  private draining = false;

  constructor(
    private readonly database: Pick<Database, 'ping'>,
    private readonly redis: Redis | undefined,
  ) {}

  /** From now on the node answers that it is not ready; requests are still served until it closes. */
  drain() {
    this.draining = true;
  }

  async ready(): Promise<boolean> {
    if (this.draining) return false;
    // A connection that is not up would queue the ping until it reconnects: not ready, without waiting.
    if (this.redis && this.redis.status !== 'ready') return false;
    try {
      await Promise.all([this.database.ping(), this.redis?.ping()]);
      return true;
    } catch {
      return false;
    }
  }
}
