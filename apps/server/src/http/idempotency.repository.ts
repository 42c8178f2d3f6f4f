import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { idempotencyKeys } from '../db/schema';

export type IdempotencyRecord = typeof idempotencyKeys.$inferSelect;

/** The SQL of Idempotency-Key records: claim, take over a lapsed claim, complete, give up. */
export class IdempotencyRepository {
  constructor(private readonly db: Db) {}

  /** Claims the key for a first run; false when another request already holds it or has answered. */
  async claim(owner: string, key: string, requestHash: string, leaseSeconds: number): Promise<boolean> {
    const rows = await this.db
      .insert(idempotencyKeys)
      .values({ owner, key, requestHash, lockedUntil: sql`now() + make_interval(secs => ${leaseSeconds})` })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    return rows.length === 1;
  }

  /** Takes over a claim whose request never answered (its process died) once its lease has run out. */
  async takeOver(owner: string, key: string, leaseSeconds: number): Promise<boolean> {
    const rows = await this.db
      .update(idempotencyKeys)
      .set({ lockedUntil: sql`now() + make_interval(secs => ${leaseSeconds})` })
      .where(
        and(ofKey(owner, key), isNull(idempotencyKeys.status), lt(idempotencyKeys.lockedUntil, sql`now()`)),
      )
      .returning({ key: idempotencyKeys.key });
    return rows.length === 1;
  }

  async find(owner: string, key: string): Promise<IdempotencyRecord | undefined> {
    const [row] = await this.db.select().from(idempotencyKeys).where(ofKey(owner, key));
    return row;
  }

  async complete(owner: string, key: string, status: number, response: unknown) {
    await this.db
      .update(idempotencyKeys)
      .set({ status, response, lockedUntil: null })
      .where(ofKey(owner, key));
  }

  /** Frees a key whose request failed without an answer worth replaying, so that a retry runs again. */
  async release(owner: string, key: string) {
    await this.db.delete(idempotencyKeys).where(and(ofKey(owner, key), isNull(idempotencyKeys.status)));
  }
}

function ofKey(owner: string, key: string) {
  return and(eq(idempotencyKeys.owner, owner), eq(idempotencyKeys.key, key));
}
