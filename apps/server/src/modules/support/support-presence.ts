import { randomUUID } from 'node:crypto';
import { channels } from '@kestrel/contract';
import type { Redis } from 'ioredis';

/** What presence reads of the realtime hub on this node. */
export type PresenceHub = {
  agentFollowers(channel: 'supportInbox'): number;
  localFollowers(channel: typeof channels.support): number[];
  onFollowChange(listener: () => void): void;
};

/** How often a node says again who is here; an entry lapses after PRESENCE_TTL_MS without it (a node that died). */
export const PRESENCE_REFRESH_MS = 5_000;
export const PRESENCE_TTL_MS = 15_000;

/**
 * Who follows the chat live, across nodes (decision 0052): whether any agent's socket follows `supportInbox`, and
 * whether a user's socket follows `support`. Alone, the hub knows. With Redis, each node keeps sorted sets of its
 * own name scored by expiry: `<prefix>:support:agents` and `<prefix>:support:following:<user>`, written when a
 * socket here starts or stops following and refreshed every few seconds; an entry of a node that died lapses.
 */
export class SupportPresence {
  private readonly node = randomUUID();
  private timer: NodeJS.Timeout | undefined;
  private scheduled = false;
  /** The users this node last said it holds, to take them out when they leave. */
  private written = new Set<number>();
  private agentsWritten = false;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly hub: PresenceHub,
    private readonly redis?: { command: Redis; prefix: string },
    private readonly log?: { warn(details: object, message: string): void },
  ) {
    hub.onFollowChange(() => this.changed());
  }

  start() {
    if (!this.redis || this.timer) return;
    this.timer = setInterval(() => this.changed(true), PRESENCE_REFRESH_MS);
    this.timer.unref();
  }

  async stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.writing;
    if (!this.redis) return;
    const { command } = this.redis;
    if (command.status !== 'ready') return;
    const pipeline = command.pipeline();
    pipeline.zrem(this.agentsKey(), this.node);
    for (const userId of this.written) pipeline.zrem(this.userKey(userId), this.node);
    await pipeline.exec().catch(() => undefined);
  }

  /** Whether an agent's socket follows the inbox on any node. */
  async agentsOnline(): Promise<boolean> {
    if (this.hub.agentFollowers('supportInbox') > 0) return true;
    if (!this.redis) return false;
    try {
      return (await this.redis.command.zcount(this.agentsKey(), Date.now(), '+inf')) > 0;
    } catch {
      return false;
    }
  }

  /** Whether one of the user's sockets follows `support` on any node. */
  async userFollows(userId: number): Promise<boolean> {
    if (this.hub.localFollowers(channels.support).includes(userId)) return true;
    if (!this.redis) return false;
    try {
      return (await this.redis.command.zcount(this.userKey(userId), Date.now(), '+inf')) > 0;
    } catch {
      return true;
    }
  }

  /** Resolves once what this node holds now is written (tests wait on it rather than on time). */
  async settled(): Promise<void> {
    await this.writing;
    if (this.scheduled) await new Promise<void>((resolve) => setImmediate(resolve));
    await this.writing;
  }

  private agentsKey() {
    return `${this.redis?.prefix}:support:agents`;
  }

  private userKey(userId: number) {
    return `${this.redis?.prefix}:support:following:${userId}`;
  }

  private changed(refresh = false) {
    if (!this.redis || this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.writing = this.writing
        .then(() => this.write(refresh))
        .catch((error) => {
          this.log?.warn({ err: error }, 'support presence could not be written');
        });
    });
  }

  private async write(refresh: boolean) {
    if (!this.redis) return;
    const { command } = this.redis;
    if (command.status !== 'ready') return;
    const expiry = Date.now() + PRESENCE_TTL_MS;
    const pipeline = command.pipeline();
    const agents = this.hub.agentFollowers('supportInbox') > 0;
    if (agents) {
      pipeline.zadd(this.agentsKey(), expiry, this.node);
      pipeline.pexpire(this.agentsKey(), PRESENCE_TTL_MS);
    } else if (this.agentsWritten || refresh) {
      pipeline.zrem(this.agentsKey(), this.node);
    }
    this.agentsWritten = agents;
    const users = new Set(this.hub.localFollowers(channels.support));
    for (const userId of users) {
      if (!refresh && this.written.has(userId)) continue;
      pipeline.zadd(this.userKey(userId), expiry, this.node);
      pipeline.pexpire(this.userKey(userId), PRESENCE_TTL_MS);
    }
    for (const userId of this.written) {
      if (!users.has(userId)) pipeline.zrem(this.userKey(userId), this.node);
    }
    this.written = users;
    await pipeline.exec();
  }
}
