import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { outbox } from './outbox.schema';

export type OutboxMessage = typeof outbox.$inferInsert;

export class OutboxRepository {
  constructor(private readonly db: Db) {}

  async insert(message: OutboxMessage): Promise<number> {
    const [row] = await this.db.insert(outbox).values(message).returning({ id: outbox.id });
    if (!row) throw new Error('outbox insert returned no row');
    return row.id;
  }

  async markDelivered(id: number) {
    await this.db.update(outbox).set({ deliveredAt: sql`now()` }).where(eq(outbox.id, id));
  }

  async markFailed(id: number, error: string) {
    await this.db.update(outbox).set({ error }).where(eq(outbox.id, id));
  }
}
