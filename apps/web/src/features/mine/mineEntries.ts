import type { TranslationKey } from '@kestrel/i18n/web';
import {
  ArrowDownToLine,
  ArrowLeftRight,
  ArrowUpFromLine,
  Bell,
  Coins,
  CreditCard,
  Crown,
  Gift,
  Globe,
  Headset,
  IdCard,
  LifeBuoy,
  LockKeyhole,
  type LucideIcon,
  PiggyBank,
  ReceiptText,
  Repeat,
  Settings,
  Trophy,
  UserRound,
  WalletCards,
} from 'lucide-react';
import {
  ACCOUNT_RECORD_PATH,
  BANK_CARDS_PATH,
  FINANCIAL_ORDER_PATH,
  FINANCIAL_PACKAGE_PATH,
  HELP_CENTRE_PATH,
  IDENTITY_PATH,
  MEMBERSHIP_PATH,
  MISSIONS_PATH,
  NOTIFICATION_PATH,
  PROFILE_PATH,
  RECHARGE_PATH,
  SECURITY_PATH,
  SERVICE_PATH,
  SETTINGS_PATH,
  SHARE_PATH,
  SWAP_ORDERS_PATH,
  TRANSFER_PATH,
  WITHDRAW_PATH,
  WITHDRAWAL_MANAGE_PATH,
} from '../../app/paths';
import { hasScreen } from '../../app/routes';
import { TestId } from '../../testIds';
import { HelpTestId } from '../help/testIds';
import { MembershipTestId } from '../membership/testIds';
import { MissionsTestId } from '../missions/testIds';
import { ServiceTestId } from '../service/testIds';

/** What a row shows beside its label; the screen fills it in. */
export type MineEntryValue = 'identityStatus' | 'unread' | 'language';

export type MineEntry = {
  path: string;
  label: TranslationKey;
  icon: LucideIcon;
  testId: string;
  value?: MineEntryValue;
  /** Location state for the screen it opens (Language opens the settings' language list). */
  state?: unknown;
};

/**
 * The rows of the Mine screen, in order. A row is shown only once its route has a screen, so none leads to a page
 * that is not there: a screen of the spec that lands (share, help center, customer service, financial orders,
 * investment records, …) adds its line here.
 */
export const MINE_ENTRIES: readonly MineEntry[] = [
  { path: RECHARGE_PATH, label: 'deposit.title', icon: ArrowDownToLine, testId: TestId.mineDeposit },
  { path: WITHDRAW_PATH, label: 'withdraw.title', icon: ArrowUpFromLine, testId: TestId.mineWithdraw },
  { path: TRANSFER_PATH, label: 'transfer.title', icon: ArrowLeftRight, testId: TestId.mineTransfer },
  { path: ACCOUNT_RECORD_PATH, label: 'records.title', icon: ReceiptText, testId: TestId.mineRecords },
  { path: SWAP_ORDERS_PATH, label: 'swap.orders', icon: Repeat, testId: TestId.mineSwapOrders },
  { path: FINANCIAL_PACKAGE_PATH, label: 'earn.entry', icon: PiggyBank, testId: TestId.mineEarn },
  { path: FINANCIAL_ORDER_PATH, label: 'earn.ordersEntry', icon: Coins, testId: TestId.mineEarnOrders },
  { path: SHARE_PATH, label: 'share.entry', icon: Gift, testId: TestId.mineShare },
  { path: MISSIONS_PATH, label: 'missions.title', icon: Trophy, testId: MissionsTestId.mineEntry },
  { path: MEMBERSHIP_PATH, label: 'membership.title', icon: Crown, testId: MembershipTestId.mineEntry },
  { path: PROFILE_PATH, label: 'profile.title', icon: UserRound, testId: TestId.minePersonalInfo },
  {
    path: IDENTITY_PATH,
    label: 'identity.title',
    icon: IdCard,
    testId: TestId.mineIdentity,
    value: 'identityStatus',
  },
  {
    path: WITHDRAWAL_MANAGE_PATH,
    label: 'cryptoWallets.title',
    icon: WalletCards,
    testId: TestId.mineWithdrawalManage,
  },
  { path: BANK_CARDS_PATH, label: 'bankCards.title', icon: CreditCard, testId: TestId.mineBankCards },
  { path: SECURITY_PATH, label: 'security.title', icon: LockKeyhole, testId: TestId.mineSecurity },
  { path: SERVICE_PATH, label: 'service.mineEntry', icon: Headset, testId: ServiceTestId.mineEntry },
  { path: HELP_CENTRE_PATH, label: 'help.title', icon: LifeBuoy, testId: HelpTestId.mineEntry },
  { path: NOTIFICATION_PATH, label: 'inbox.title', icon: Bell, testId: TestId.mineMessages, value: 'unread' },
  { path: SETTINGS_PATH, label: 'mine.settings', icon: Settings, testId: TestId.mineSettings },
  {
    path: SETTINGS_PATH,
    label: 'mine.language',
    icon: Globe,
    testId: TestId.mineLanguage,
    value: 'language',
    state: { openLanguage: true },
  },
];

/** The entries whose screens exist. */
export function shownEntries(
  entries: readonly MineEntry[] = MINE_ENTRIES,
  exists: (path: string) => boolean = hasScreen,
): MineEntry[] {
  return entries.filter((entry) => exists(entry.path));
}
