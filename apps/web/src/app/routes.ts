import type { ComponentType } from 'react';

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
} satisfies Record<string, ScreenLoader>;

const shell = (path: string, access: RouteAccess, screen?: ScreenLoader): SpecRoute => ({
  path,
  access,
  inShell: true,
  ...(screen ? { screen } : {}),
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
  shell('/current/index', 'private'),
  shell('/trade/index', 'private'),
  shell(ROOT_REDIRECT, 'private'),
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
  page('/user/wallet/withdraw', 'private'),
  page('/user/wallet/Bank', 'private'),
  page('/user/wallet/transfer', 'private'),
  page('/user/wallet/charge', 'private'),
  page('/user/wallet/recharge', 'private'),
  page('/user/wallet/myWallet', 'private'),
  page('/user/wallet/AccountRecord', 'private'),
  page('/user/wallet/withdrawalManage', 'private'),
  page('/user/wallet/bindWalletList', 'private'),
  // Home group.
  page(NOTIFICATION_PATH, 'private', screens.notification),
  page('/home/introduction', 'private'),
  page('/home/share', 'private'),
  page('/home/assets', 'private'),
  page('/home/financial/order', 'private'),
  page('/home/financial/package', 'private'),
  page(MESSAGE_DETAIL_PATH, 'private', screens.messageDetail),
  // Trade group (/trade/detail is in the shell).
  page('/trade/historyRecord', 'private'),
  page('/trade/allTrade', 'private'),
  page('/trade/spotTrading', 'private'),
  // Market group.
  page('/current/mixCash', 'public'),
  page('/current/swapOrder', 'public'),
  page('/current/orderList', 'public'),
  page('/current/orderDetails', 'private'),
];

/** The tabs that work today; the other shell routes get a tab when their screens land. */
export const TABS = [
  { path: HOME_PATH, label: 'nav.home', icon: 'home' },
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
