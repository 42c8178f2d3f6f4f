import type { RecordType } from '@kestrel/contract';
import type { JournalKind } from '../ledger';

/**
 * Journal kinds that never post to a user's account, so never show in a user's log: the swap desk's legs move
 * between system accounts only (decision 0048).
 */
type SystemOnlyKind = 'swap';

/** The log's name for each journal kind; a new kind does not compile until it has one. */
export const RECORD_TYPE_OF: Record<Exclude<JournalKind, SystemOnlyKind>, RecordType> = {
  deposit: 'deposit',
  withdrawal: 'withdrawal',
  transfer: 'transfer',
  fee: 'fee',
  system_add: 'systemAdd',
  system_debit: 'systemDebit',
  trade: 'trade',
  funding: 'funding',
  liquidation: 'liquidation',
  option_stake: 'investmentDeduction',
  option_payout: 'returnOnInvestment',
};

const KIND_OF = new Map(Object.entries(RECORD_TYPE_OF).map(([kind, type]) => [type, kind as JournalKind]));

export function journalKindOf(type: RecordType): JournalKind {
  const kind = KIND_OF.get(type);
  if (!kind) throw new Error(`record type ${type} has no journal kind`);
  return kind;
}
