import { urlOf } from '@kestrel/client';
import type { routes } from '@kestrel/contract/routes';
import { symbolOf } from '../features/markets/paths';
import {
  ACCOUNT_RECORD_PATH,
  ALL_TRADES_PATH,
  ASSETS_PATH,
  BANK_CARDS_PATH,
  BIND_WALLET_PATH,
  CHARGE_PATH,
  CHARGE1_PATH,
  CHARGE2_PATH,
  FINANCIAL_ORDER_PATH,
  FINANCIAL_PACKAGE_PATH,
  FORGOT_PATH,
  FUTURES_TRADING_PATH,
  HISTORY_RECORD_PATH,
  HOME_PATH,
  IDENTITY_PATH,
  LOGIN_PATH,
  MARKET_DETAIL_PATH,
  MARKETS_PATH,
  MEMBERSHIP_PATH,
  MESSAGE_DETAIL_PATH,
  MINE_PATH,
  MISSIONS_PATH,
  MY_WALLET_PATH,
  NOTIFICATION_PATH,
  OPTIONS_TRADING_PATH,
  PROFILE_PATH,
  RECHARGE_PATH,
  REGISTER_PATH,
  SECURITY_PATH,
  SETTINGS_PATH,
  SHARE_PATH,
  SPOT_TRADING_PATH,
  SWAP_ORDER_DETAILS_PATH,
  SWAP_ORDER_PATH,
  SWAP_ORDERS_PATH,
  SWAP_PATH,
  TRADE_TAB_PATH,
  TRANSFER_PATH,
  WITHDRAW_PATH,
  WITHDRAWAL_MANAGE_PATH,
} from './paths';
import type { ScreenName } from './screens';

/**
 * The spec's route table (§2) in one place. Every spec route is listed, with its access (§6) and its screen
 * when the screen exists; a route without a screen renders the not-found page until its capability lands. Screens
 * are named, not imported (screens.ts loads them), so a screen may read this table without an import circle.
 */
export type RouteAccess = 'public' | 'private';

export type SpecRoute = {
  path: string;
  access: RouteAccess;
  /** Inside the tabbed shell (bottom tab bar). */
  inShell: boolean;
  screen?: ScreenName;
  /**
   * API paths the screen reads first, asked for as the app opens on this route (see main.tsx), from the endpoint
   * table it is handed: the table loads only for an opening route that prefetches, not in every first paint.
   */
  prefetch?: (search: URLSearchParams, table: typeof routes) => string[];
};

const shell = (
  path: string,
  access: RouteAccess,
  screen?: ScreenName,
  prefetch?: SpecRoute['prefetch'],
): SpecRoute => ({
  path,
  access,
  inShell: true,
  ...(screen ? { screen } : {}),
  ...(prefetch ? { prefetch } : {}),
});
const page = (path: string, access: RouteAccess, screen?: ScreenName): SpecRoute => ({
  path,
  access,
  inShell: false,
  ...(screen ? { screen } : {}),
});

export const SPEC_ROUTES: readonly SpecRoute[] = [
  // The tabbed shell.
  shell(HOME_PATH, 'public', 'home'),
  shell('/home/service', 'private', 'serviceTab'),
  shell(MINE_PATH, 'private', 'mine'),
  shell(MARKETS_PATH, 'private', 'marketList'),
  shell(TRADE_TAB_PATH, 'private', 'tradeTab'),
  // Not in the spec: the futures side of the trade tab (issue 18), in the shell as the tab is.
  shell(FUTURES_TRADING_PATH, 'private', 'futuresTrading'),
  // Not in the spec: the options side of the trade tab (issue 19); buying and the orders need a token.
  shell(OPTIONS_TRADING_PATH, 'private', 'optionsTrading'),
  shell(MARKET_DETAIL_PATH, 'private', 'marketDetail', (search, table) => [
    urlOf(table.getMarket, { params: { symbol: symbolOf(search) } }),
  ]),
  // User group.
  page(LOGIN_PATH, 'public', 'login'),
  page(REGISTER_PATH, 'public', 'register'),
  // Not in the spec's public list, but a forgotten password means no token: it must open without one.
  page(FORGOT_PATH, 'public', 'forgot'),
  page(SECURITY_PATH, 'private', 'security'),
  page('/user/service', 'private', 'servicePage'),
  page(SETTINGS_PATH, 'private', 'settings'),
  page('/user/helpCenter', 'private', 'helpCentre'),
  page('/user/textDetail', 'private', 'textDetail'),
  page(IDENTITY_PATH, 'private', 'identity'),
  page(PROFILE_PATH, 'private', 'profile'),
  page('/user/online', 'public', 'online'),
  // Wallet group.
  page(WITHDRAW_PATH, 'private', 'withdraw'),
  page(BANK_CARDS_PATH, 'private', 'bankCards'),
  page(TRANSFER_PATH, 'private', 'transfer'),
  page(CHARGE_PATH, 'private', 'charge'),
  page(CHARGE1_PATH, 'private', 'charge'),
  page(CHARGE2_PATH, 'private', 'bankCharge'),
  page(RECHARGE_PATH, 'private', 'recharge'),
  page(MY_WALLET_PATH, 'private', 'myWallet'),
  page(ACCOUNT_RECORD_PATH, 'private', 'accountRecord'),
  page(WITHDRAWAL_MANAGE_PATH, 'private', 'withdrawalManage'),
  page(BIND_WALLET_PATH, 'private', 'bindWallet'),
  // Home group.
  page(NOTIFICATION_PATH, 'private', 'notification'),
  page('/home/introduction', 'private', 'introduction'),
  page(SHARE_PATH, 'private', 'share'),
  page(ASSETS_PATH, 'private', 'assets'),
  page(FINANCIAL_ORDER_PATH, 'private', 'financialOrder'),
  page(FINANCIAL_PACKAGE_PATH, 'private', 'financialPackage'),
  page(MESSAGE_DETAIL_PATH, 'private', 'messageDetail'),
  // Not in the spec's table: the mission hall and the membership centre it names by label (issue 21).
  page(MISSIONS_PATH, 'private', 'missionHall'),
  page(MEMBERSHIP_PATH, 'private', 'membershipCentre'),
  // Trade group (/trade/detail is in the shell).
  page(HISTORY_RECORD_PATH, 'private', 'historyRecord'),
  page(ALL_TRADES_PATH, 'private', 'allTrades'),
  page(SPOT_TRADING_PATH, 'private', 'spotTrading'),
  // Market group: the swap, open without a token (an order opens by the secret this device keeps).
  page(SWAP_PATH, 'public', 'swap'),
  page(SWAP_ORDER_PATH, 'public', 'swapOrder'),
  page(SWAP_ORDERS_PATH, 'public', 'swapOrders'),
  // Not in the spec's public list, but an anonymous visitor's order list opens each order's details here.
  page(SWAP_ORDER_DETAILS_PATH, 'public', 'swapOrderDetails'),
];

/** The tabs that work today; the other shell routes get a tab when their screens land. */
export const TABS = [
  { path: HOME_PATH, label: 'nav.home', icon: 'home' },
  { path: MARKETS_PATH, label: 'marketsScreen.nav.markets', icon: 'markets' },
  { path: TRADE_TAB_PATH, label: 'marketsScreen.nav.trade', icon: 'trade' },
  { path: '/home/service', label: 'service.tab', icon: 'service' },
  { path: MINE_PATH, label: 'nav.mine', icon: 'mine' },
] as const;

/** The router matches paths case-insensitively and ignores a trailing slash; so does every lookup here. */
export function normalizePath(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  return (trimmed === '' ? '/' : trimmed).toLowerCase();
}

const byPath = new Map(SPEC_ROUTES.map((route) => [normalizePath(route.path), route]));

export function findRoute(path: string): SpecRoute | undefined {
  return byPath.get(normalizePath(path));
}

export function hasScreen(path: string): boolean {
  return findRoute(path)?.screen !== undefined;
}
