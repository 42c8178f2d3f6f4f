import type { Chain } from '@kestrel/contract';

/*
 * Placeholder until the derivation of deposit addresses lands (branch h/chains): the same exports, so that the
 * desk is written against them. Replaced wholesale by that file on merge.
 */

export const DERIVED_CHAINS: readonly Chain[] = ['bitcoin', 'litecoin', 'ethereum', 'bsc', 'tron'];

export type ExtendedPublicKey = { chain: Chain; text: string };

export function parseExtendedPublicKey(chain: Chain, text: string): ExtendedPublicKey {
  if (!/^[1-9A-HJ-NP-Za-km-z]{100,120}$/.test(text) || text.slice(1, 4) !== 'pub') {
    throw new Error('not an extended public key');
  }
  return { chain, text };
}

export function depositAddressAt(chain: Chain, key: ExtendedPublicKey, index: number): string {
  return `${chain}-${key.text.slice(-8)}-${index}`;
}
