import {
  BANK_CARDS_PATH,
  BIND_WALLET_PATH,
  CHARGE_PATH,
  CHARGE1_PATH,
  CHARGE2_PATH,
  IDENTITY_PATH,
  MISSIONS_PATH,
  PROFILE_PATH,
  RECHARGE_PATH,
  SECURITY_PATH,
  SHARE_PATH,
  SWAP_ORDER_DETAILS_PATH,
  SWAP_ORDER_PATH,
  SWAP_ORDERS_PATH,
  SWAP_PATH,
  WITHDRAW_PATH,
  WITHDRAWAL_MANAGE_PATH,
} from '../../app/paths';
import { normalizePath } from '../../app/routes';

/**
 * The screens a demo session does not open (decision 0055): their endpoints refuse a demo session (`notInDemo`,
 * code 8201), because they move real money or change the real person (deposits, withdrawals, bank cards, crypto
 * wallets, the swap desk, mission rewards, referral commissions, identity, profile and passwords). A demo session
 * sees the demo notice in their place, and no request is made. Transfers between one's own spot and futures
 * accounts stay open: futures need them.
 */
export const DEMO_BLOCKED_PATHS: readonly string[] = [
  RECHARGE_PATH,
  CHARGE_PATH,
  CHARGE1_PATH,
  CHARGE2_PATH,
  WITHDRAW_PATH,
  WITHDRAWAL_MANAGE_PATH,
  BIND_WALLET_PATH,
  BANK_CARDS_PATH,
  SWAP_PATH,
  SWAP_ORDER_PATH,
  SWAP_ORDERS_PATH,
  SWAP_ORDER_DETAILS_PATH,
  MISSIONS_PATH,
  SHARE_PATH,
  IDENTITY_PATH,
  PROFILE_PATH,
  SECURITY_PATH,
].map(normalizePath);

export function isBlockedInDemo(path: string): boolean {
  return DEMO_BLOCKED_PATHS.includes(normalizePath(path));
}
