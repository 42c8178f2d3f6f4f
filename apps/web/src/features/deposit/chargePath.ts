import type { Chain, DepositMethod } from '@kestrel/contract';
import { CHARGE1_PATH, CHARGE2_PATH, RECHARGE_PATH } from '../../app/paths';

/** The crypto deposit screen of one coin on one network; in the address, so a reload shows the same deposit. */
export function chargePath(asset: string, chain: Chain): string {
  return `${CHARGE1_PATH}?${new URLSearchParams({ asset, chain })}`;
}

/** The bank transfer screen of one asset. */
export function bankChargePath(asset: string): string {
  return `${CHARGE2_PATH}?${new URLSearchParams({ asset })}`;
}

/** The recharge screen with a recharge type chosen, so going back from a charge screen keeps the choice. */
export function rechargePath(method: DepositMethod): string {
  return method === 'crypto' ? RECHARGE_PATH : `${RECHARGE_PATH}?${new URLSearchParams({ type: method })}`;
}
