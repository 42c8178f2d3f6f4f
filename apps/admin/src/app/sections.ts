import type { AdminRole } from '@kestrel/contract';
import type { TranslationKey } from '@kestrel/i18n/admin';
import type { LucideIcon } from 'lucide-react';
import {
  ArrowDownToLine,
  ArrowLeftRight,
  ArrowUpFromLine,
  BookCheck,
  CandlestickChart,
  ChartNoAxesCombined,
  Clapperboard,
  Coins,
  CreditCard,
  Crown,
  GalleryHorizontalEnd,
  History,
  IdCard,
  LifeBuoy,
  Mail,
  Megaphone,
  Menu,
  MessagesSquare,
  PiggyBank,
  Quote,
  ShieldCheck,
  SlidersHorizontal,
  Stamp,
  Timer,
  Trophy,
  UserCog,
  UserPlus,
  Users,
  WalletCards,
} from 'lucide-react';

/**
 * The growth pages (issue 21), the help centre, the menus and the customer service desk (issue 22), named by their
 * own section of the catalogue rather than by `admin.nav`.
 */
type GrowthId =
  | 'earn'
  | 'missions'
  | 'membership'
  | 'referral'
  | 'content'
  | 'menus'
  | 'supportDesk'
  | 'cannedReplies'
  | 'demo';

/** A sidebar section: where it lives, and which key names it (`admin.nav.<id>` unless it has its own label). */
export type Section =
  | { id: GrowthId; path: string; icon: LucideIcon; label: TranslationKey }
  | {
      id:
        | 'users'
        | 'identity'
        | 'bankCards'
        | 'cryptoWallets'
        | 'deposits'
        | 'withdrawals'
        | 'assets'
        | 'markets'
        | 'perpetuals'
        | 'options'
        | 'swap'
        | 'adjustments'
        | 'adjustmentProposals'
        | 'ledger'
        | 'outbox'
        | 'announcements'
        | 'banners'
        | 'audit'
        | 'admins'
        | 'security';
      path: string;
      icon: LucideIcon;
    };

const USERS: Section = { id: 'users', path: '/users', icon: Users };
const IDENTITY: Section = { id: 'identity', path: '/identity', icon: IdCard };
const BANK_CARDS: Section = { id: 'bankCards', path: '/bank-cards', icon: CreditCard };
const CRYPTO_WALLETS: Section = { id: 'cryptoWallets', path: '/crypto-wallets', icon: WalletCards };
const DEPOSITS: Section = { id: 'deposits', path: '/deposits', icon: ArrowDownToLine };
const WITHDRAWALS: Section = { id: 'withdrawals', path: '/withdrawals', icon: ArrowUpFromLine };
const ASSETS: Section = { id: 'assets', path: '/assets', icon: Coins };
const MARKETS: Section = { id: 'markets', path: '/markets', icon: CandlestickChart };
const PERPETUALS: Section = { id: 'perpetuals', path: '/perpetuals', icon: ChartNoAxesCombined };
const OPTIONS: Section = { id: 'options', path: '/options', icon: Timer };
const SWAP: Section = { id: 'swap', path: '/swap', icon: ArrowLeftRight };
const EARN: Section = { id: 'earn', path: '/earn', icon: PiggyBank, label: 'admin.earn.nav' };
const MISSIONS: Section = { id: 'missions', path: '/missions', icon: Trophy, label: 'admin.missions.nav' };
const MEMBERSHIP: Section = {
  id: 'membership',
  path: '/membership',
  icon: Crown,
  label: 'admin.membership.nav',
};
const REFERRAL: Section = { id: 'referral', path: '/referral', icon: UserPlus, label: 'admin.referral.nav' };
const SUPPORT_DESK: Section = {
  id: 'supportDesk',
  path: '/support',
  icon: MessagesSquare,
  label: 'admin.supportDesk.nav',
};
const CANNED_REPLIES: Section = {
  id: 'cannedReplies',
  path: '/canned-replies',
  icon: Quote,
  label: 'admin.supportDesk.cannedNav',
};
const ADJUSTMENTS: Section = { id: 'adjustments', path: '/adjustments', icon: SlidersHorizontal };
const ADJUSTMENT_PROPOSALS: Section = {
  id: 'adjustmentProposals',
  path: '/adjustment-proposals',
  icon: Stamp,
};
const LEDGER: Section = { id: 'ledger', path: '/ledger', icon: BookCheck };
const OUTBOX: Section = { id: 'outbox', path: '/outbox', icon: Mail };
const ANNOUNCEMENTS: Section = { id: 'announcements', path: '/announcements', icon: Megaphone };
const BANNERS: Section = { id: 'banners', path: '/banners', icon: GalleryHorizontalEnd };
const CONTENT: Section = { id: 'content', path: '/content', icon: LifeBuoy, label: 'admin.contentDesk.nav' };
/** Menus set at run time (decision 0054), named by its own section of the catalogue. */
const MENUS: Section = { id: 'menus', path: '/menus', icon: Menu, label: 'admin.menuDesk.nav' };
/** Demo accounts (decision 0055), counted apart from real customers. */
const DEMO: Section = { id: 'demo', path: '/demo', icon: Clapperboard, label: 'admin.demoProducts.nav' };
const AUDIT: Section = { id: 'audit', path: '/audit', icon: History };
const ADMINS: Section = { id: 'admins', path: '/admins', icon: UserCog };
const SECURITY: Section = { id: 'security', path: '/security', icon: ShieldCheck };

/**
 * What each role sees in the sidebar, mirroring the server's role checks so that no link leads to a 403.
 * Every role starts at its first tool: reviewers at their first queue, content editors at announcements.
 */
const SECTIONS: Record<AdminRole, Section[]> = {
  super_admin: [
    USERS,
    IDENTITY,
    BANK_CARDS,
    CRYPTO_WALLETS,
    DEPOSITS,
    WITHDRAWALS,
    ADJUSTMENTS,
    ADJUSTMENT_PROPOSALS,
    LEDGER,
    ASSETS,
    MARKETS,
    PERPETUALS,
    OPTIONS,
    SWAP,
    EARN,
    MISSIONS,
    MEMBERSHIP,
    REFERRAL,
    DEMO,
    SUPPORT_DESK,
    CANNED_REPLIES,
    OUTBOX,
    ANNOUNCEMENTS,
    BANNERS,
    CONTENT,
    MENUS,
    AUDIT,
    ADMINS,
    SECURITY,
  ],
  // Agents answer customers and see nothing else (decision 0052): the inbox and its canned replies.
  agent: [SUPPORT_DESK, CANNED_REPLIES, SECURITY],
  support: [
    USERS,
    ADJUSTMENTS,
    ADJUSTMENT_PROPOSALS,
    OPTIONS,
    SWAP,
    EARN,
    MISSIONS,
    MEMBERSHIP,
    REFERRAL,
    DEMO,
    SUPPORT_DESK,
    CANNED_REPLIES,
    OUTBOX,
    SECURITY,
  ],
  reviewer: [
    IDENTITY,
    BANK_CARDS,
    CRYPTO_WALLETS,
    DEPOSITS,
    WITHDRAWALS,
    ADJUSTMENT_PROPOSALS,
    LEDGER,
    OPTIONS,
    SWAP,
    EARN,
    MISSIONS,
    MEMBERSHIP,
    REFERRAL,
    DEMO,
    SECURITY,
  ],
  content: [ANNOUNCEMENTS, BANNERS, CONTENT, MENUS, MISSIONS, SECURITY],
};

export function sectionsFor(role: AdminRole): Section[] {
  return SECTIONS[role];
}

/** The first page an admin of this role lands on after signing in. */
export function landingPath(role: AdminRole): string {
  return SECTIONS[role][0]?.path ?? SECURITY.path;
}

/** Whether a path (as the router sees it, under /admin) belongs to a section this role may open. */
export function mayOpen(role: AdminRole, pathname: string): boolean {
  return SECTIONS[role].some(
    (section) => pathname === section.path || pathname.startsWith(`${section.path}/`),
  );
}
