import { type Chain, MEMO_CHAINS } from '@kestrel/contract';
import { AppError } from '../../http/app-error';
import {
  depositAddressAt,
  isDerivedChain,
  type ParsedExtendedKey,
  parseExtendedPublicKey,
} from './deposit-addresses';

/*
 * Where an order's deposit goes (docs/decisions/0048-swap-desk.md): on chains that derive, the address at the
 * order's index of the coin's extended public key (the server never holds a private key); on memo chains, the
 * desk's one address with the order's number as memo. In simulated watcher mode a coin without its own key or
 * address uses a demonstration one, and its orders say they are simulated.
 */

/** BIP-32 test vector 1's master public key: public, well known, and never the desk's. */
export const DEMONSTRATION_EXTENDED_KEY =
  'xpub661MyMwAqRbcFtXgS5sYJABqqG9YLmC4Q1Rdap9gSE8NqtwybGhePY2gZ29ESFjqJoCu1Rupje8YtGqsefD265TMg7usUDFdp6W1EGMcet8';
/** Solana's system program address (32 zero bytes): valid, and nobody's wallet. */
export const DEMONSTRATION_SOLANA_ADDRESS = '11111111111111111111111111111111';

/** Memo numbers start here, so that every memo has the same seven digits for a long while. */
const FIRST_MEMO = 1_000_000;

/** Checks an operator's key for a chain: refused as private, or as not a valid extended public key there. */
export function checkExtendedPublicKey(chain: Chain, text: string): void {
  const parsed = parseExtendedPublicKey(chain, text);
  if (parsed.ok) return;
  throw new AppError(parsed.problem === 'privateKey' ? 'swapExtendedKeyPrivate' : 'swapExtendedKeyInvalid');
}

export type DepositCoin = { network: Chain; extendedPublicKey: string | null; depositAddress: string | null };

/** Whether a coin can take deposits now; in simulated mode every coin can. */
export function coinReady(coin: DepositCoin, simulated: boolean): boolean {
  if (simulated) return true;
  if (MEMO_CHAINS.includes(coin.network)) return coin.depositAddress !== null;
  return isDerivedChain(coin.network) && coin.extendedPublicKey !== null;
}

/** Parsed keys by chain and text: deriving is the costly part, parsing need not be repeated. */
const parsedKeys = new Map<string, Extract<ParsedExtendedKey, { ok: true }>['key']>();

/** The deposit address (and memo) of the order that took `index` of the coin's counter. */
export function depositOf(
  coin: DepositCoin,
  index: number,
  simulated: boolean,
): { address: string; memo: string | null } {
  if (MEMO_CHAINS.includes(coin.network)) {
    const address = coin.depositAddress ?? (simulated ? DEMONSTRATION_SOLANA_ADDRESS : null);
    if (address === null) throw new AppError('swapCoinNotReady');
    return { address, memo: String(FIRST_MEMO + index) };
  }
  const chain = coin.network;
  if (!isDerivedChain(chain)) throw new AppError('swapCoinNotReady');
  const text = coin.extendedPublicKey ?? (simulated ? DEMONSTRATION_EXTENDED_KEY : null);
  if (text === null) throw new AppError('swapCoinNotReady');
  const cacheKey = `${chain}:${text}`;
  let key = parsedKeys.get(cacheKey);
  if (key === undefined) {
    const parsed = parseExtendedPublicKey(chain, text);
    // A stored key was checked when an operator set it; one that no longer parses is not ready.
    if (!parsed.ok) throw new AppError('swapCoinNotReady');
    key = parsed.key;
    parsedKeys.set(cacheKey, key);
  }
  return { address: depositAddressAt(chain, key, index), memo: null };
}
