import { z } from 'zod';

/*
 * The blockchains the platform moves funds on. An asset's deposit and withdrawal networks (USDT on TRC20 and
 * ERC20, BTC on Bitcoin, ...) each name one of these chains, and a bound withdrawal wallet names the chain its
 * address belongs to, so that the address can be checked with that chain's own checksum.
 */
export const CHAINS = ['bitcoin', 'ethereum', 'tron', 'solana', 'bsc', 'litecoin'] as const;
export type Chain = (typeof CHAINS)[number];

/** How people name each chain's token standard on a deposit screen. */
export const CHAIN_LABELS: Record<Chain, string> = {
  bitcoin: 'Bitcoin',
  ethereum: 'ERC20',
  tron: 'TRC20',
  solana: 'Solana',
  bsc: 'BEP20',
  litecoin: 'Litecoin',
};

export const chainField = z.enum(CHAINS, 'validation.parameterError');
