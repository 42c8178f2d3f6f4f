/**
 * The user app's fixed routes (spec §2), in one list shared by the app and the server: the app builds its router
 * from it; the server refuses a run-time menu entry (decision 0054) whose route would clash with one of them, and a
 * `screen` entry whose path has no screen. Screens link to each other with these names. This module imports
 * nothing, so a screen can use it without reaching the route table that lazy-loads the screens.
 */
export const HOME_PATH = '/home/index';
export const LOGIN_PATH = '/user/login';
export const REGISTER_PATH = '/user/register';
export const FORGOT_PATH = '/user/forgot';
export const MINE_PATH = '/user/index';
/** Customer service: the chat as a tab of the shell, as a page of its own, and open without a token (issue 22). */
export const SERVICE_TAB_PATH = '/home/service';
export const SERVICE_PATH = '/user/service';
export const ONLINE_PATH = '/user/online';
/** The help centre (`?view=news` lists the platform news), one article (`?slug=`) and the introduction. */
export const HELP_CENTRE_PATH = '/user/helpCenter';
export const TEXT_DETAIL_PATH = '/user/textDetail';
export const INTRODUCTION_PATH = '/home/introduction';
export const SETTINGS_PATH = '/user/setting';
export const PROFILE_PATH = '/user/setUserInfo';
export const SECURITY_PATH = '/user/editSafePassword';
export const IDENTITY_PATH = '/user/identification';
export const NOTIFICATION_PATH = '/home/notification';
export const MESSAGE_DETAIL_PATH = '/home/messageDetail';
export const ASSETS_PATH = '/home/assets';
/** The mission hall: tasks, progress and rewards to claim. The spec names it by label only; its path is ours. */
export const MISSIONS_PATH = '/home/missions';
/** The membership centre: VIP level, progress and benefits. The spec names it by label only; its path is ours. */
export const MEMBERSHIP_PATH = '/home/membership';
export const MY_WALLET_PATH = '/user/wallet/myWallet';
export const TRANSFER_PATH = '/user/wallet/transfer';
export const ACCOUNT_RECORD_PATH = '/user/wallet/AccountRecord';
export const BANK_CARDS_PATH = '/user/wallet/Bank';
export const WITHDRAWAL_MANAGE_PATH = '/user/wallet/withdrawalManage';
export const BIND_WALLET_PATH = '/user/wallet/bindWalletList';
export const RECHARGE_PATH = '/user/wallet/recharge';
/** The crypto transfer's deposit screen, the spec's charge; charge1 is the same screen under the variant's name. */
export const CHARGE_PATH = '/user/wallet/charge';
export const CHARGE1_PATH = '/user/wallet/charge1';
/** The bank transfer's deposit screen (decision 0033). */
export const CHARGE2_PATH = '/user/wallet/charge2';
export const WITHDRAW_PATH = '/user/wallet/withdraw';
export const MARKETS_PATH = '/current/index';
export const MARKET_DETAIL_PATH = '/trade/detail';
export const TRADE_TAB_PATH = '/trade/index';
export const SPOT_TRADING_PATH = '/trade/spotTrading';
export const ALL_TRADES_PATH = '/trade/allTrade';
/** The perpetual futures trading screen (`?symbol=`), beside spot on the trade tab; not in the spec's table. */
export const FUTURES_TRADING_PATH = '/trade/futures';
/** Timed up/down options: buy, awaiting delivery and my options (`?tab=`); not in the spec's table (issue 19). */
export const OPTIONS_TRADING_PATH = '/trade/options';
/** The investment record: settled option orders across products (spec §2). */
export const HISTORY_RECORD_PATH = '/trade/historyRecord';
/** Earn: the financial packages (products) and the user's financial orders (issue 21). */
export const FINANCIAL_PACKAGE_PATH = '/home/financial/package';
export const FINANCIAL_ORDER_PATH = '/home/financial/order';
/** Sharing: the invitation code and link, the QR code and the poster, invitees and commissions (issue 21). */
export const SHARE_PATH = '/home/share';
/** Where `/` goes (spec §2). */
export const ROOT_REDIRECT = MARKET_DETAIL_PATH;
/** The swap (spec: mixCash): two coins, an amount on either side, fixed or floating rate; open without a token. */
export const SWAP_PATH = '/current/mixCash';
/** One swap order being paid (`?id=`): its deposit address, countdown and live status. */
export const SWAP_ORDER_PATH = '/current/swapOrder';
/** The swap orders this device created and, signed in, the account's (`?tab=`). */
export const SWAP_ORDERS_PATH = '/current/orderList';
/** Every field of one swap order (`?id=`). */
export const SWAP_ORDER_DETAILS_PATH = '/current/orderDetails';

/** The screens the app has, by name (the app's screens.ts loads each). */
export const APP_SCREENS = [
  'home',
  'mine',
  'login',
  'register',
  'forgot',
  'settings',
  'profile',
  'security',
  'identity',
  'notification',
  'messageDetail',
  'assets',
  'myWallet',
  'transfer',
  'accountRecord',
  'bankCards',
  'withdrawalManage',
  'bindWallet',
  'recharge',
  'charge',
  'bankCharge',
  'withdraw',
  'marketList',
  'marketDetail',
  'spotTrading',
  'tradeTab',
  'futuresTrading',
  'optionsTrading',
  'historyRecord',
  'financialPackage',
  'financialOrder',
  'share',
  'allTrades',
  'swap',
  'swapOrder',
  'swapOrders',
  'swapOrderDetails',
  'missionHall',
  'membershipCentre',
  'helpCentre',
  'serviceTab',
  'servicePage',
  'online',
  'textDetail',
  'introduction',
] as const;
export type AppScreen = (typeof APP_SCREENS)[number];

export type AppRouteAccess = 'public' | 'private';

/** One fixed route: its access (spec §6), whether it sits in the tabbed shell, and its screen once it exists. */
export type AppRoute = {
  path: string;
  access: AppRouteAccess;
  /** Inside the tabbed shell (bottom tab bar). */
  inShell: boolean;
  /** A route without a screen renders the not-found page until its capability lands. */
  screen?: AppScreen;
};

const shell = (path: string, access: AppRouteAccess, screen?: AppScreen): AppRoute => ({
  path,
  access,
  inShell: true,
  ...(screen ? { screen } : {}),
});
const page = (path: string, access: AppRouteAccess, screen?: AppScreen): AppRoute => ({
  path,
  access,
  inShell: false,
  ...(screen ? { screen } : {}),
});

/** The spec's route table (§2), with the routes the product added beside it. */
export const APP_ROUTES: readonly AppRoute[] = [
  // The tabbed shell.
  shell(HOME_PATH, 'public', 'home'),
  shell(SERVICE_TAB_PATH, 'private', 'serviceTab'),
  shell(MINE_PATH, 'private', 'mine'),
  shell(MARKETS_PATH, 'private', 'marketList'),
  shell(TRADE_TAB_PATH, 'private', 'tradeTab'),
  // Not in the spec: the futures side of the trade tab (issue 18), in the shell as the tab is.
  shell(FUTURES_TRADING_PATH, 'private', 'futuresTrading'),
  // Not in the spec: the options side of the trade tab (issue 19); buying and the orders need a token.
  shell(OPTIONS_TRADING_PATH, 'private', 'optionsTrading'),
  shell(MARKET_DETAIL_PATH, 'private', 'marketDetail'),
  // User group.
  page(LOGIN_PATH, 'public', 'login'),
  page(REGISTER_PATH, 'public', 'register'),
  // Not in the spec's public list, but a forgotten password means no token: it must open without one.
  page(FORGOT_PATH, 'public', 'forgot'),
  page(SECURITY_PATH, 'private', 'security'),
  page(SERVICE_PATH, 'private', 'servicePage'),
  page(SETTINGS_PATH, 'private', 'settings'),
  page(HELP_CENTRE_PATH, 'private', 'helpCentre'),
  page(TEXT_DETAIL_PATH, 'private', 'textDetail'),
  page(IDENTITY_PATH, 'private', 'identity'),
  page(PROFILE_PATH, 'private', 'profile'),
  page(ONLINE_PATH, 'public', 'online'),
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
  page(INTRODUCTION_PATH, 'private', 'introduction'),
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

/** The router matches paths case-insensitively and ignores a trailing slash; so does every lookup here. */
export function normalizeAppPath(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  return (trimmed === '' ? '/' : trimmed).toLowerCase();
}

const byPath = new Map(APP_ROUTES.map((route) => [normalizeAppPath(route.path), route]));

/** The fixed route at `path` (any case, trailing slash ignored). */
export function findAppRoute(path: string): AppRoute | undefined {
  return byPath.get(normalizeAppPath(path));
}

/**
 * The fixed route a run-time route would shadow or be shadowed by: the same path, or one a path prefix of the
 * other (`/home` would capture the home group, `/home/index/x` sits under a screen). Undefined when it is free.
 */
export function clashingAppRoute(path: string): AppRoute | undefined {
  const candidate = normalizeAppPath(path);
  return APP_ROUTES.find((route) => {
    const fixed = normalizeAppPath(route.path);
    return fixed === candidate || fixed.startsWith(`${candidate}/`) || candidate.startsWith(`${fixed}/`);
  });
}
