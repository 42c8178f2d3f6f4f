import type { AppScreen } from '@kestrel/contract/app-routes';
import type { ComponentType } from 'react';
import { loadQueryClient } from './queryLayer';

/**
 * The screens, each loaded lazily as its own chunk. The only module that imports the screens: the route table
 * names them (routes.ts) and the router and main.tsx load them from here, so no screen is ever imported by a
 * module it imports.
 */
export type ScreenLoader = () => Promise<{ default: ComponentType }>;

/**
 * A screen that reads the query cache as it first renders loads it beside its chunk. The home screen draws its
 * first frame without it (queryLayer.tsx).
 */
function withQueries<T>(screen: Promise<T>): Promise<T> {
  return Promise.all([screen, loadQueryClient()]).then(([module]) => module);
}

export const screens = {
  home: () => import('../features/home/HomeScreen').then((m) => ({ default: m.HomeScreen })),
  mine: () => withQueries(import('../features/mine/MineScreen')).then((m) => ({ default: m.MineScreen })),
  login: () =>
    withQueries(import('../features/auth/login/LoginScreen')).then((m) => ({ default: m.LoginScreen })),
  register: () =>
    withQueries(import('../features/auth/register/RegisterScreen')).then((m) => ({
      default: m.RegisterScreen,
    })),
  forgot: () =>
    withQueries(import('../features/auth/forgot/ForgotScreen')).then((m) => ({ default: m.ForgotScreen })),
  settings: () =>
    withQueries(import('../features/settings/SettingsScreen')).then((m) => ({ default: m.SettingsScreen })),
  profile: () =>
    withQueries(import('../features/profile/ProfileScreen')).then((m) => ({ default: m.ProfileScreen })),
  security: () =>
    withQueries(import('../features/security/SecurityScreen')).then((m) => ({ default: m.SecurityScreen })),
  identity: () =>
    withQueries(import('../features/identity/IdentityScreen')).then((m) => ({ default: m.IdentityScreen })),
  notification: () =>
    withQueries(import('../features/inbox/NotificationScreen')).then((m) => ({
      default: m.NotificationScreen,
    })),
  messageDetail: () =>
    withQueries(import('../features/inbox/MessageDetailScreen')).then((m) => ({
      default: m.MessageDetailScreen,
    })),
  assets: () =>
    withQueries(import('../features/assets/AssetsScreen')).then((m) => ({ default: m.AssetsScreen })),
  myWallet: () =>
    withQueries(import('../features/assets/MyWalletScreen')).then((m) => ({ default: m.MyWalletScreen })),
  transfer: () =>
    withQueries(import('../features/transfer/TransferScreen')).then((m) => ({ default: m.TransferScreen })),
  accountRecord: () =>
    withQueries(import('../features/records/AccountRecordScreen')).then((m) => ({
      default: m.AccountRecordScreen,
    })),
  bankCards: () =>
    withQueries(import('../features/bank-cards/BankCardsScreen')).then((m) => ({
      default: m.BankCardsScreen,
    })),
  withdrawalManage: () =>
    withQueries(import('../features/crypto-wallets/WithdrawalManageScreen')).then((m) => ({
      default: m.WithdrawalManageScreen,
    })),
  bindWallet: () =>
    withQueries(import('../features/crypto-wallets/BindWalletScreen')).then((m) => ({
      default: m.BindWalletScreen,
    })),
  recharge: () =>
    withQueries(import('../features/deposit/RechargeScreen')).then((m) => ({ default: m.RechargeScreen })),
  charge: () =>
    withQueries(import('../features/deposit/ChargeScreen')).then((m) => ({ default: m.ChargeScreen })),
  bankCharge: () =>
    withQueries(import('../features/deposit/BankChargeScreen')).then((m) => ({
      default: m.BankChargeScreen,
    })),
  withdraw: () =>
    withQueries(import('../features/withdraw/WithdrawScreen')).then((m) => ({ default: m.WithdrawScreen })),
  marketList: () =>
    withQueries(import('../features/markets/MarketListScreen')).then((m) => ({
      default: m.MarketListScreen,
    })),
  marketDetail: () =>
    withQueries(import('../features/markets/MarketDetailScreen')).then((m) => ({
      default: m.MarketDetailScreen,
    })),
  spotTrading: () =>
    withQueries(import('../features/spot/SpotTradingScreen')).then((m) => ({ default: m.SpotTradingScreen })),
  tradeTab: () =>
    withQueries(import('../features/spot/SpotTradingScreen')).then((m) => ({ default: m.TradeTabScreen })),
  futuresTrading: () =>
    withQueries(import('../features/futures/FuturesTradingScreen')).then((m) => ({
      default: m.FuturesTradingScreen,
    })),
  optionsTrading: () =>
    withQueries(import('../features/options/OptionsScreen')).then((m) => ({ default: m.OptionsScreen })),
  historyRecord: () =>
    withQueries(import('../features/options/HistoryRecordScreen')).then((m) => ({
      default: m.HistoryRecordScreen,
    })),
  financialPackage: () =>
    withQueries(import('../features/earn/package/FinancialPackageScreen')).then((m) => ({
      default: m.FinancialPackageScreen,
    })),
  financialOrder: () =>
    withQueries(import('../features/earn/order/FinancialOrderScreen')).then((m) => ({
      default: m.FinancialOrderScreen,
    })),
  share: () => withQueries(import('../features/share/ShareScreen')).then((m) => ({ default: m.ShareScreen })),
  allTrades: () =>
    withQueries(import('../features/spot/AllTradesScreen')).then((m) => ({ default: m.AllTradesScreen })),
  swap: () => withQueries(import('../features/swap/SwapScreen')).then((m) => ({ default: m.SwapScreen })),
  swapOrder: () =>
    withQueries(import('../features/swap/SwapOrderScreen')).then((m) => ({ default: m.SwapOrderScreen })),
  swapOrders: () =>
    withQueries(import('../features/swap/OrderListScreen')).then((m) => ({ default: m.OrderListScreen })),
  swapOrderDetails: () =>
    withQueries(import('../features/swap/OrderDetailsScreen')).then((m) => ({
      default: m.OrderDetailsScreen,
    })),
  missionHall: () =>
    withQueries(import('../features/missions/MissionHallScreen')).then((m) => ({
      default: m.MissionHallScreen,
    })),
  membershipCentre: () =>
    withQueries(import('../features/membership/MembershipScreen')).then((m) => ({
      default: m.MembershipScreen,
    })),
  helpCentre: () =>
    withQueries(import('../features/help/HelpCentreScreen')).then((m) => ({ default: m.HelpCentreScreen })),
  textDetail: () =>
    withQueries(import('../features/help/TextDetailScreen')).then((m) => ({ default: m.TextDetailScreen })),
  introduction: () =>
    withQueries(import('../features/help/TextDetailScreen')).then((m) => ({ default: m.IntroductionScreen })),
  serviceTab: () =>
    withQueries(import('../features/service/ServiceScreen')).then((m) => ({ default: m.ServiceTabScreen })),
  servicePage: () =>
    withQueries(import('../features/service/ServiceScreen')).then((m) => ({ default: m.ServicePageScreen })),
  online: () =>
    withQueries(import('../features/service/ServiceScreen')).then((m) => ({ default: m.OnlineScreen })),
} satisfies Record<AppScreen, ScreenLoader>;

/** The page of a run-time menu route (decision 0054); the router adds those routes from the session. */
export const menuEntryScreen: ScreenLoader = () =>
  withQueries(import('../features/menus/MenuEntryScreen')).then((m) => ({ default: m.MenuEntryScreen }));

/** Every screen the contract's route table names is loaded here, and no other (checked by `satisfies`). */
export type ScreenName = AppScreen;
