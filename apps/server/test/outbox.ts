import { asc, desc, eq } from 'drizzle-orm';
import type { Database } from '../src/db/client';
import { outbox } from '../src/db/schema';

/** The last code the platform sent to an account, read from the outbox as an operator would. */
export async function lastCodeSentTo(database: Database, account: string): Promise<string> {
  const [message] = await database.db
    .select()
    .from(outbox)
    .where(eq(outbox.recipient, account))
    .orderBy(desc(outbox.id))
    .limit(1);
  const code = message?.body.match(/\b\d{6}\b/)?.[0];
  if (!code) throw new Error(`no code was sent to ${account}`);
  return code;
}

/** Every message the platform produced for a recipient, oldest first. */
export async function outboxMessagesTo(database: Database, recipient: string) {
  return database.db.select().from(outbox).where(eq(outbox.recipient, recipient)).orderBy(asc(outbox.id));
}
