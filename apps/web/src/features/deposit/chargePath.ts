import type { Chain } from '@kestrel/contract';
import { CHARGE_PATH } from '../../app/routes';

/** The deposit screen of one coin on one network; in the address, so a reload shows the same deposit. */
export function chargePath(asset: string, chain: Chain): string {
  return `${CHARGE_PATH}?${new URLSearchParams({ asset, chain })}`;
}
