/** What other modules may use of the cross-chain swap desk (decision 0048). */

export type { DerivedChain, ExtendedKeyProblem, ParsedExtendedKey } from './deposit-addresses';
export {
  DERIVED_CHAINS,
  depositAddressAt,
  isDerivedChain,
  parseExtendedPublicKey,
} from './deposit-addresses';
