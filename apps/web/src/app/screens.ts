import type { ComponentType } from 'react';

/**
 * The screens, each loaded lazily as its own chunk. The only module that imports the screens: the route table
 * names them (routes.ts) and the router and main.tsx load them from here, so no screen is ever imported by a
 * module it imports.
 */
export type ScreenLoader = () => Promise<{ default: ComponentType }>;

export const screens = {
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

export type ScreenName = keyof typeof screens;
