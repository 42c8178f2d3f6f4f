import type { RecordType } from '@kestrel/contract';
import type { JournalKind } from '../ledger/ledger.schema';

/** The log's name for each journal kind; a new kind does not compile until it has one. */
export const RECORD_TYPE_OF: Record<JournalKind, RecordType> = {
  deposit: 'deposit',
  withdrawal: 'withdrawal',
  transfer: 'transfer',
  fee: 'fee',
  system_add: 'systemAdd',
  system_debit: 'systemDebit',
  trade: 'trade',
};

const KIND_OF = new Map(Object.entries(RECORD_TYPE_OF).map(([kind, type]) => [type, kind as JournalKind]));

export function journalKindOf(type: RecordType): JournalKind {
  const kind = KIND_OF.get(type);
  if (!kind) throw new Error(`record type ${type} has no journal kind`);
  return kind;
}

/*
 * The cursor names the last posting of a page. Posting ids only grow, so a page boundary stays put while new
 * entries arrive at the top. It is opaque to clients so that its form may change.
 */
export function encodeCursor(postingId: bigint): string {
  return Buffer.from(postingId.toString()).toString('base64url');
}

/** The posting id a cursor names; undefined for anything this server did not hand out. */
export function decodeCursor(cursor: string): bigint | undefined {
  const text = Buffer.from(cursor, 'base64url').toString();
  return /^\d{1,19}$/.test(text) ? BigInt(text) : undefined;
}
