import type { ComponentType } from 'react';
import { marketApiPath, symbolOf } from '../features/markets/paths';

/**
 * The spec's route table (§2) in one place. Every spec route is listed, with its access (§6) and its screen
 * when the screen exists; a route without a screen renders the not-found page until its capability lands.
 */
export type RouteAccess = 'public' | 'private';
export type ScreenLoader = () => Promise<{ default: ComponentType }>;

export type SpecRoute = {
  path: string;
  access: RouteAccess;
  /** Inside the tabbed shell (bottom tab bar). */
  inShell: boolean;
  screen?: ScreenLoader;
  /** API paths the screen reads first, asked for as the app opens on this route (see main.tsx). */
  prefetch?: (search: URLSearchParams) => string[];
};

export const HOME_PATH = '/home/index';
export const LOGIN_PATH = '/user/login';
export const REGISTER_PATH = '/user/register';
export const FORGOT_PATH = '/user/forgot';
export const MINE_PATH = '/user/index';
export const SETTINGS_PATH = '/user/setting';
export const PROFILE_PATH = '/user/setUserInfo';
export const SECURITY_PATH = '/user/editSafePassword';
export const IDENTITY_PATH = '/user/identification';
export const NOTIFICATION_PATH = '/home/notification';
export const MESSAGE_DETAIL_PATH = '/home/messageDetail';
export const ASSETS_PATH = '/home/assets';
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
/** Where `/` goes (spec §2). */
export const ROOT_REDIRECT = '/trade/detail';

const screens = {
  home: () => import('../features/home/HomeScreen').then((m) => ({ default: m.HomeScreen })),
  mine: () => import('../features/mine/MineScreen').then((m) => ({ default: m.MineScreen })),
  login: () => import('../features/auth/login/LoginScreen').then((m) => ({ default: m.LoginScreen })),
  register: () =>
    import('../features/auth/register/RegisterScreen').then((m) => ({ default: m.RegisterScreen })),
  forgot: () => import('../features/auth/forgot/ForgotScreen').then((m) => ({ default: m.ForgotScreen })),
  settings: () => import('../features/settings/SettingsScreen').then((m) => ({ default: m.SettingsScreen })),
  profile: () => import('../features/profile/ProfileScreen').then((m) => ({ default: m.ProfileScreen })),
  security: () => import('../features/security/SecurityScreen').then((m) => ({ default: m.SecurityScreen })),
  identity: () => import('../features/identity/IdentityScreen').then((m) => ({ default: m.IdentityScreen })),
  notification: () =>
    import('../features/inbox/NotificationScreen').then((m) => ({ default: m.NotificationScreen })),
  messageDetail: () =>
    import('../features/inbox/MessageDetailScreen').then((m) => ({ default: m.MessageDetailScreen })),
  assets: () => import('../features/assets/AssetsScreen').then((m) => ({ default: m.AssetsScreen })),
  myWallet: () => import('../features/assets/MyWalletScreen').then((m) => ({ default: m.MyWalletScreen })),
  transfer: () => import('../features/transfer/TransferScreen').then((m) => ({ default: m.TransferScreen })),
  accountRecord: () =>
    import('../features/records/AccountRecordScreen').then((m) => ({ default: m.AccountRecordScreen })),
  bankCards: () =>
    import('../features/bank-cards/BankCardsScreen').then((m) => ({ default: m.BankCardsScreen })),
  withdrawalManage: () =>
    import('../features/crypto-wallets/WithdrawalManageScreen').then((m) => ({
      default: m.WithdrawalManageScreen,
    })),
  bindWallet: () =>
    import('../features/crypto-wallets/BindWalletScreen').then((m) => ({ default: m.BindWalletScreen })),
  recharge: () => import('../features/deposit/RechargeScreen').then((m) => ({ default: m.RechargeScreen })),
  charge: () => import('../features/deposit/ChargeScreen').then((m) => ({ default: m.ChargeScreen })),
  bankCharge: () =>
    import('../features/deposit/BankChargeScreen').then((m) => ({ default: m.BankChargeScreen })),
  withdraw: () => import('../features/withdraw/WithdrawScreen').then((m) => ({ default: m.WithdrawScreen })),
  marketList: () =>
    import('../features/markets/MarketListScreen').then((m) => ({ default: m.MarketListScreen })),
  marketDetail: () =>
    import('../features/markets/MarketDetailScreen').then((m) => ({ default: m.MarketDetailScreen })),
  spotTrading: () =>
    import('../features/spot/SpotTradingScreen').then((m) => ({ default: m.SpotTradingScreen })),
  tradeTab: () => import('../features/spot/SpotTradingScreen').then((m) => ({ default: m.TradeTabScreen })),
  allTrades: () => import('../features/spot/AllTradesScreen').then((m) => ({ default: m.AllTradesScreen })),
} satisfies Record<string, ScreenLoader>;

const shell = (
  path: string,
  access: RouteAccess,
  screen?: ScreenLoader,
  prefetch?: SpecRoute['prefetch'],
): SpecRoute => ({
  path,
  access,
  inShell: true,
  ...(screen ? { screen } : {}),
  ...(prefetch ? { prefetch } : {}),
});
const page = (path: string, access: RouteAccess, screen?: ScreenLoader): SpecRoute => ({
  path,
  access,
  inShell: false,
  ...(screen ? { screen } : {}),
});

export const SPEC_ROUTES: readonly SpecRoute[] = [
  // The tabbed shell.
  shell(HOME_PATH, 'public', screens.home),
  shell('/home/service', 'private'),
  shell(MINE_PATH, 'private', screens.mine),
  shell('/current/index', 'private', screens.marketList),
  shell('/trade/index', 'private', screens.tradeTab),
  shell(ROOT_REDIRECT, 'private', screens.marketDetail, (search) => [marketApiPath(symbolOf(search))]),
  // User group.
  page(LOGIN_PATH, 'public', screens.login),
  page(REGISTER_PATH, 'public', screens.register),
  // Not in the spec's public list, but a forgotten password means no token: it must open without one.
  page(FORGOT_PATH, 'public', screens.forgot),
  page(SECURITY_PATH, 'private', screens.security),
  page('/user/service', 'private'),
  page(SETTINGS_PATH, 'private', screens.settings),
  page('/user/helpCenter', 'private'),
  page('/user/textDetail', 'private'),
  page(IDENTITY_PATH, 'private', screens.identity),
  page(PROFILE_PATH, 'private', screens.profile),
  page('/user/online', 'public'),
  // Wallet group.
  page(WITHDRAW_PATH, 'private', screens.withdraw),
  page(BANK_CARDS_PATH, 'private', screens.bankCards),
  page(TRANSFER_PATH, 'private', screens.transfer),
  page(CHARGE_PATH, 'private', screens.charge),
  page(CHARGE1_PATH, 'private', screens.charge),
  page(CHARGE2_PATH, 'private', screens.bankCharge),
  page(RECHARGE_PATH, 'private', screens.recharge),
  page(MY_WALLET_PATH, 'private', screens.myWallet),
  page(ACCOUNT_RECORD_PATH, 'private', screens.accountRecord),
  page(WITHDRAWAL_MANAGE_PATH, 'private', screens.withdrawalManage),
  page(BIND_WALLET_PATH, 'private', screens.bindWallet),
  // Home group.
  page(NOTIFICATION_PATH, 'private', screens.notification),
  page('/home/introduction', 'private'),
  page('/home/share', 'private'),
  page(ASSETS_PATH, 'private', screens.assets),
  page('/home/financial/order', 'private'),
  page('/home/financial/package', 'private'),
  page(MESSAGE_DETAIL_PATH, 'private', screens.messageDetail),
  // Trade group (/trade/detail is in the shell).
  page('/trade/historyRecord', 'private'),
  page('/trade/allTrade', 'private', screens.allTrades),
  page('/trade/spotTrading', 'private', screens.spotTrading),
  // Market group.
  page('/current/mixCash', 'public'),
  page('/current/swapOrder', 'public'),
  page('/current/orderList', 'public'),
  page('/current/orderDetails', 'private'),
];

/** The tabs that work today; the other shell routes get a tab when their screens land. */
export const TABS = [
  { path: HOME_PATH, label: 'nav.home', icon: 'home' },
  { path: '/current/index', label: 'marketsScreen.nav.markets', icon: 'markets' },
  { path: '/trade/index', label: 'marketsScreen.nav.trade', icon: 'trade' },
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
