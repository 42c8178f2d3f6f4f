import { count, desc, ilike, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { containsPattern } from '../../db/contains-pattern';
import { outbox } from './outbox.schema';

/** Reading the outbox for operators: newest first, by part of the recipient, subject or body. */
export class AdminOutboxRepository {
  constructor(private readonly db: Db) {}

  async search(q: string | undefined, page: number, pageSize: number) {
    const pattern = q ? containsPattern(q) : undefined;
    const where = pattern
      ? or(ilike(outbox.recipient, pattern), ilike(outbox.subject, pattern), ilike(outbox.body, pattern))
      : undefined;
    const rows = await this.db
      .select()
      .from(outbox)
      .where(where)
      .orderBy(desc(outbox.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize);
    const [total] = await this.db.select({ value: count() }).from(outbox).where(where);
    return { rows, total: total?.value ?? 0 };
  }
}
