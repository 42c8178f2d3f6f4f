/**
 * Where the app's screens live (spec §2). Screens link to each other with these names; this module imports
 * nothing, so a screen can use it without reaching the route table that lazy-loads the screens.
 */
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
