/** What other modules may use of the cross-chain swap desk (decision 0040). */

export type { DerivedChain, ExtendedKeyProblem, MemoChain, ParsedExtendedKey } from './deposit-addresses';
export {
  DERIVED_CHAINS,
  depositAddressAt,
  isDerivedChain,
  MEMO_CHAINS,
  parseExtendedPublicKey,
} from './deposit-addresses';
