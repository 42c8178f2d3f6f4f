import type { Chain } from '@kestrel/contract';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { ripemd160 } from '@noble/hashes/legacy.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bech32, createBase58check, hex } from '@scure/base';
import { HARDENED_OFFSET, HDKey } from '@scure/bip32';

/*
 * Each swap order is paid to an address of its own, so that a payment is matched to its order by where it
 * arrived. The addresses are derived from an extended public key the operators configure per chain, the account
 * key of the desk's wallet (m/84'/0'/0' for bitcoin, m/44'/60'/0' for ethereum, ...): the private keys stay in
 * that wallet, and the server can make addresses but never spend from them. Order n is paid to the external
 * child 0/n, the branch a wallet scans for incoming payments.
 *
 * Bitcoin and litecoin deposits go to native segwit (P2WPKH) addresses whatever the key's version bytes, so the
 * desk's wallet must watch native segwit for that account; keys whose version announces a P2SH-wrapped wallet
 * (ypub, Mtub) are refused, as their wallet would not see these payments.
 *
 * Solana keys are ed25519, which has no public derivation (SLIP-10 derives hardened children only, from the
 * private key): a Solana deposit goes to the desk's one address with a memo that names the order.
 */

/** Chains whose deposits go to an address derived per order. */
export const DERIVED_CHAINS = [
  'bitcoin',
  'litecoin',
  'ethereum',
  'bsc',
  'tron',
] as const satisfies readonly Chain[];
export type DerivedChain = (typeof DERIVED_CHAINS)[number];

export function isDerivedChain(chain: Chain): chain is DerivedChain {
  return (DERIVED_CHAINS as readonly Chain[]).includes(chain);
}

/** Why a text is not an extended public key this chain can derive deposit addresses from. */
export type ExtendedKeyProblem =
  /** The chain's addresses cannot be derived from a public key (solana). */
  | 'notDerivable'
  /** Not a base58check extended key: a mistyped or missing character, or an invalid key inside. */
  | 'malformed'
  /** An extended private key: it must never be given to the server. */
  | 'privateKey'
  /** A testnet key, whose addresses hold nothing of value. */
  | 'testnet'
  /** A mainnet public key of a kind this chain does not take (an Ltub for bitcoin, a ypub, ...). */
  | 'unsupportedVersion';

export type ParsedExtendedKey = { ok: true; key: HDKey } | { ok: false; problem: ExtendedKeyProblem };

// Version bytes from BIP-32, BIP-49, BIP-84 and SLIP-132.
const XPUB = 0x0488b21e;
const XPRV = 0x0488ade4;
const ZPUB = 0x04b24746;
const LTUB = 0x019da462;

/** The public key versions each chain takes: the generic xpub, and the native segwit and coin-specific forms. */
const PUBLIC_VERSIONS: Record<DerivedChain, readonly number[]> = {
  bitcoin: [XPUB, ZPUB],
  litecoin: [XPUB, ZPUB, LTUB],
  ethereum: [XPUB],
  bsc: [XPUB],
  tron: [XPUB],
};

/** Private key versions, mainnet and testnet: such a key is refused as private before anything else. */
const PRIVATE_VERSIONS = new Set(
  Object.values({
    xprv: XPRV,
    yprv: 0x049d7878,
    zprv: 0x04b2430c,
    Yprv: 0x0295b005,
    Zprv: 0x02aa7a99,
    Ltpv: 0x019d9cfe,
    Mtpv: 0x01b26792,
    tprv: 0x04358394,
    uprv: 0x044a4e28,
    vprv: 0x045f18bc,
    ttpv: 0x0436ef7d,
  }),
);

const TESTNET_VERSIONS = new Set(
  Object.values({
    tpub: 0x043587cf,
    upub: 0x044a5262,
    vpub: 0x045f1cf6,
    Upub: 0x024289ef,
    Vpub: 0x02575483,
    ttub: 0x0436f6e1,
  }),
);

/** version (4) ‖ depth (1) ‖ parent fingerprint (4) ‖ child number (4) ‖ chain code (32) ‖ key (33). */
const EXTENDED_KEY_LENGTH = 78;
const KEY_OFFSET = 45;

const base58check = createBase58check(sha256);

/** Reads an extended public key an operator configured for `chain`; the text is trimmed. */
export function parseExtendedPublicKey(chain: Chain, text: string): ParsedExtendedKey {
  if (!isDerivedChain(chain)) return { ok: false, problem: 'notDerivable' };
  const trimmed = text.trim();
  let payload: Uint8Array;
  try {
    payload = base58check.decode(trimmed);
  } catch {
    return { ok: false, problem: 'malformed' };
  }
  if (payload.length !== EXTENDED_KEY_LENGTH) return { ok: false, problem: 'malformed' };
  const version = new DataView(payload.buffer, payload.byteOffset, payload.byteLength).getUint32(0);
  // A private key is serialised as 0x00 and its 32 bytes where a public key starts with 0x02 or 0x03, which
  // tells a private key under any version bytes, including ones not listed here.
  if (payload[KEY_OFFSET] === 0x00 || PRIVATE_VERSIONS.has(version))
    return { ok: false, problem: 'privateKey' };
  if (TESTNET_VERSIONS.has(version)) return { ok: false, problem: 'testnet' };
  if (!PUBLIC_VERSIONS[chain].includes(version)) return { ok: false, problem: 'unsupportedVersion' };
  try {
    // The private version is never used: the key holds no private part.
    return { ok: true, key: HDKey.fromExtendedKey(trimmed, { public: version, private: XPRV }) };
  } catch {
    // A point off the curve, or a master key (depth 0) with a parent.
    return { ok: false, problem: 'malformed' };
  }
}

/** The deposit address of order `index` on `chain`: the key's external child 0/index. */
export function depositAddressAt(chain: DerivedChain, key: HDKey, index: number): string {
  if (!Number.isInteger(index) || index < 0 || index >= HARDENED_OFFSET) {
    throw new RangeError(`a deposit index is an integer from 0 to 2^31 - 1, not ${index}`);
  }
  const { publicKey } = key.deriveChild(0).deriveChild(index);
  if (!publicKey) throw new Error('an extended key without a public key');
  return addressOfPublicKey(chain, publicKey);
}

/** The address `chain` pays to for a compressed secp256k1 public key (33 bytes). */
export function addressOfPublicKey(chain: DerivedChain, publicKey: Uint8Array): string {
  switch (chain) {
    case 'bitcoin':
      return witnessKeyHashAddress('bc', publicKey);
    case 'litecoin':
      return witnessKeyHashAddress('ltc', publicKey);
    case 'ethereum':
    case 'bsc':
      return eip55(evmAccount(publicKey));
    case 'tron':
      return base58check.encode(Uint8Array.of(0x41, ...evmAccount(publicKey)));
  }
}

/** P2WPKH (BIP-173): witness version 0 and the key's hash160, in bech32. */
function witnessKeyHashAddress(prefix: 'bc' | 'ltc', publicKey: Uint8Array): string {
  return bech32.encode(prefix, [0, ...bech32.toWords(ripemd160(sha256(publicKey)))]);
}

/** The last 20 bytes of the keccak-256 of the uncompressed public key without its 0x04 prefix. */
function evmAccount(publicKey: Uint8Array): Uint8Array {
  const uncompressed = secp256k1.Point.fromBytes(publicKey).toBytes(false);
  return keccak_256(uncompressed.subarray(1)).subarray(-20);
}

/** EIP-55: a letter is upper case where the keccak-256 of the lower-case hex has a nibble of 8 or more. */
function eip55(account: Uint8Array): string {
  const lower = hex.encode(account);
  const hash = keccak_256(new TextEncoder().encode(lower));
  let out = '0x';
  for (let i = 0; i < lower.length; i += 1) {
    const byte = hash[i >> 1] ?? 0;
    const nibble = i % 2 === 0 ? byte >> 4 : byte & 0x0f;
    const char = lower.charAt(i);
    out += nibble >= 8 ? char.toUpperCase() : char;
  }
  return out;
}
