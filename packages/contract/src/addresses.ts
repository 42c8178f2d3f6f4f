import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { base58, bech32, bech32m, createBase58check } from '@scure/base';
import { z } from 'zod';
import type { Chain } from './chains';

/*
 * Withdrawal addresses are checked with each chain's own encoding and checksum before anything is stored, so that
 * a mistyped character is caught on the form instead of sending funds nowhere. Only mainnet forms are accepted:
 * a testnet address would pass a naive check and lose the funds just the same.
 */

const base58check = createBase58check(sha256);

/** The catalogue message for every address that fails its chain's check (spec wording "Invalid Address"). */
export const INVALID_ADDRESS_MESSAGE = 'cryptoWallets.invalidAddress';

function decodeBase58check(address: string): Uint8Array | undefined {
  try {
    return base58check.decode(address);
  } catch {
    return undefined;
  }
}

/** Bitcoin P2PKH (version 0x00, "1...") and P2SH (version 0x05, "3...") with a 20-byte hash. */
function isBitcoinBase58(address: string): boolean {
  const payload = decodeBase58check(address);
  return payload?.length === 21 && (payload[0] === 0x00 || payload[0] === 0x05);
}

/**
 * Litecoin P2PKH (version 0x30, "L..."), P2SH (version 0x32, "M...") and the P2SH version litecoin shared with
 * bitcoin before it had its own (0x05, "3..."), which wallets still show and accept.
 */
function isLitecoinBase58(address: string): boolean {
  const payload = decodeBase58check(address);
  return payload?.length === 21 && (payload[0] === 0x30 || payload[0] === 0x32 || payload[0] === 0x05);
}

/**
 * Native segwit on mainnet ("bc1..." on bitcoin, "ltc1..." on litecoin): version 0 uses bech32 (BIP-173) with a
 * 20-byte key hash or a 32-byte script hash; version 1 uses bech32m (BIP-350) and is taproot, always 32 bytes.
 * Versions 2-16 are valid encodings but no wallet can spend from them yet, so a withdrawal there would be lost;
 * they are refused. The prefix must match exactly, which also refuses testnets ("tb", "tltc", "rltc") and
 * litecoin's MWEB addresses ("ltcmweb"), which are not segwit outputs.
 */
function isSegwit(address: string, prefix: 'bc' | 'ltc'): boolean {
  const v0 = bech32.decodeUnsafe(address);
  if (v0) {
    if (v0.prefix !== prefix || v0.words[0] !== 0) return false;
    const program = bech32.fromWordsUnsafe(v0.words.slice(1));
    return program !== undefined && (program.length === 20 || program.length === 32);
  }
  const v1 = bech32m.decodeUnsafe(address);
  if (v1?.prefix !== prefix || v1.words[0] !== 1) return false;
  const program = bech32m.fromWordsUnsafe(v1.words.slice(1));
  return program !== undefined && program.length === 32;
}

/**
 * EIP-55: a hex address whose letters are all lower or all upper case carries no checksum and is accepted as
 * typed; mixed case is a checksum, and each letter must be upper case exactly where the keccak-256 of the
 * lower-case address has a nibble of 8 or more.
 */
function isEvmAddress(address: string): boolean {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return false;
  const body = address.slice(2);
  if (body === body.toLowerCase() || body === body.toUpperCase()) return true;
  const hash = keccak_256(new TextEncoder().encode(body.toLowerCase()));
  for (let i = 0; i < 40; i += 1) {
    const char = body.charAt(i);
    if (!/[a-fA-F]/.test(char)) continue;
    const byte = hash[i >> 1] ?? 0;
    const nibble = i % 2 === 0 ? byte >> 4 : byte & 0x0f;
    if (nibble >= 8 !== (char === char.toUpperCase())) return false;
  }
  return true;
}

/** TRON: base58check of 21 bytes, the first 0x41 (which is why every address starts with "T"). */
function isTronAddress(address: string): boolean {
  const payload = decodeBase58check(address);
  return payload?.length === 21 && payload[0] === 0x41;
}

/** Solana: a 32-byte public key in plain base58, with no checksum to verify. */
function isSolanaAddress(address: string): boolean {
  if (address.length < 32 || address.length > 44) return false;
  try {
    return base58.decode(address).length === 32;
  } catch {
    return false;
  }
}

/** Whether `address` is a valid mainnet address on `chain`; exact text, no trimming. */
export function isValidAddress(chain: Chain, address: string): boolean {
  switch (chain) {
    case 'bitcoin':
      return isBitcoinBase58(address) || isSegwit(address, 'bc');
    case 'litecoin':
      return isLitecoinBase58(address) || isSegwit(address, 'ltc');
    case 'ethereum':
    case 'bsc':
      return isEvmAddress(address);
    case 'tron':
      return isTronAddress(address);
    case 'solana':
      return isSolanaAddress(address);
  }
}

/**
 * The address as its chain compares it, to tell whether two typed addresses are one: hex (EIP-55) and bech32
 * addresses are case-insensitive, base58 ones (legacy bitcoin and litecoin, TRON, Solana) are not.
 */
export function addressKey(chain: Chain, address: string): string {
  if (chain === 'ethereum' || chain === 'bsc') return address.toLowerCase();
  if (chain === 'bitcoin' && address.toLowerCase().startsWith('bc1')) return address.toLowerCase();
  if (chain === 'litecoin' && address.toLowerCase().startsWith('ltc1')) return address.toLowerCase();
  return address;
}

/** An address field for one known chain, e.g. a platform deposit address configured per network. */
export const addressField = (chain: Chain) =>
  z
    .string('validation.contentBlank')
    .trim()
    .min(1, 'validation.contentBlank')
    .refine((address) => isValidAddress(chain, address), INVALID_ADDRESS_MESSAGE);
