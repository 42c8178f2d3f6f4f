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
  earn_subscription: 'investmentDeduction',
  earn_interest: 'returnOnInvestment',
  earn_redemption: 'returnOnInvestment',
  mission_reward: 'reward',
  referral_commission: 'commission',
  demo_grant: 'virtualFunds',
  demo_return: 'virtualFunds',
};

/** The journal kinds a log type gathers (investment deduction: option stakes and earn subscriptions, ...). */
export function journalKindsOf(type: RecordType): JournalKind[] {
  const kinds = Object.entries(RECORD_TYPE_OF)
    .filter(([, recordType]) => recordType === type)
    .map(([kind]) => kind as JournalKind);
  if (kinds.length === 0) throw new Error(`record type ${type} has no journal kind`);
  return kinds;
}
