import { asc, eq } from 'drizzle-orm';
import type { Database } from '../src/db/client';
import { outbox } from '../src/modules/notifications/outbox.schema';

/** Every line a test app's server wrote to its log, as written (JSON), oldest first. */
export class LogCapture {
  readonly lines: string[] = [];
  /** A pino destination. */
  readonly stream = { write: (line: string) => void this.lines.push(line) };

  /** The lines whose message is `msg`, parsed. */
  entries(msg: string): Record<string, unknown>[] {
    return this.lines
      .filter((line) => line.includes(JSON.stringify(msg)))
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((entry) => entry.msg === msg);
  }
}

const logs = new WeakMap<Database, LogCapture>();

/** Remembers the log of the app serving `database`, so that codes can be read where a developer reads them. */
export function captureLogOf(database: Database, log: LogCapture) {
  logs.set(database, log);
}

export const DEVELOPMENT_DELIVERY = 'development delivery: message written to the log, not sent';

/**
 * The last code the platform sent to an account, read from the server log of development delivery (the outbox
 * keeps codes masked). An app with SMTP_URL logs no code: read the test mailbox instead (`codeFor`).
 */
export async function lastCodeSentTo(database: Database, account: string): Promise<string> {
  const log = logs.get(database);
  if (!log) throw new Error('this database has no test app with a captured log');
  const message = log.entries(DEVELOPMENT_DELIVERY).findLast((entry) => entry.to === account);
  const code = String(message?.text ?? '').match(/\b\d{6}\b/)?.[0];
  if (!code) throw new Error(`no code was sent to ${account}`);
  return code;
}

/** Every message the platform produced for a recipient, oldest first. */
export async function outboxMessagesTo(database: Database, recipient: string) {
  return database.db.select().from(outbox).where(eq(outbox.recipient, recipient)).orderBy(asc(outbox.id));
}
