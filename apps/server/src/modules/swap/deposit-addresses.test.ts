import { CHAINS, isValidAddress, MEMO_CHAINS } from '@kestrel/contract';
import { sha256 } from '@noble/hashes/sha2.js';
import { createBase58check, hex } from '@scure/base';
import type { HDKey } from '@scure/bip32';
import { describe, expect, it } from 'vitest';
import {
  addressOfPublicKey,
  DERIVED_CHAINS,
  type DerivedChain,
  depositAddressAt,
  parseExtendedPublicKey,
} from './deposit-addresses';

const base58check = createBase58check(sha256);

// BIP-32 test vector 1: m/0H/1/2H, its child 2 and that one's child 1000000000, with the master private key.
const VECTOR1_M_0H_1_2H =
  'xpub6D4BDPcP2GT577Vvch3R8wDkScZWzQzMMUm3PWbmWvVJrZwQY4VUNgqFJPMM3No2dFDFGTsxxpG5uJh7n7epu4trkrX7x7DogT5Uv6fcLW5';
const VECTOR1_M_0H_1_2H_2 =
  'xpub6FHa3pjLCk84BayeJxFW2SP4XRrFd1JYnxeLeU8EqN3vDfZmbqBqaGJAyiLjTAwm6ZLRQUMv1ZACTj37sR62cfN7fe5JnJ7dh8zL4fiyLHV';
const VECTOR1_M_0H_1_2H_2_1000000000 =
  'xpub6H1LXWLaKsWFhvm6RVpEL9P4KfRZSW7abD2ttkWP3SSQvnyA8FSVqNTEcYFgJS2UaFcxupHiYkro49S8yGasTvXEYBVPamhGW6cFJodrTHy';
const VECTOR1_MASTER_PRIVATE =
  'xprv9s21ZrQH143K3QTDL4LXw2F7HEK3wJUD2nW2nRk4stbPy6cq3jPPqjiChkVvvNKmPGJxWUtg6LnF5kejMRNNU3TGtRBeJgk33yuGBxrMPHi';
// BIP-32 test vector 2: the master and its child 0.
const VECTOR2_MASTER =
  'xpub661MyMwAqRbcFW31YEwpkMuc5THy2PSt5bDMsktWQcFF8syAmRUapSCGu8ED9W6oDMSgv6Zz8idoc4a6mr8BDzTJY47LJhkJ8UB7WEGuduB';
const VECTOR2_M_0 =
  'xpub69H7F5d8KSRgmmdJg2KhpAK8SR3DjMwAdkxj3ZuxV27CprR9LgpeyGmXUbC6wb7ERfvrnKZjXoUmmDznezpbZb7ap6r1D3tgFxHmwMkQTPH';

/*
 * Account keys of the BIP-39 mnemonic "abandon abandon ... about" (no passphrase), whose first addresses wallets
 * and libraries publish: BIP-84 gives the bitcoin ones; the litecoin zpub and the others are widely pinned too.
 */
const ABANDON_BITCOIN_84 =
  'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';
const ABANDON_LITECOIN_84 =
  'zpub6rPo5mF47z5coVm5rvWv7fv181awb7Vckn5Cf3xQXBVKu18kuBHDhNi1Jrb4br6vVD3ZbrnXemEsWJoR18mZwkUdzwD8TQnHDUCGxqZ6swA';
const ABANDON_ETHEREUM_44 =
  'xpub6DCoCpSuQZB2jawqnGMEPS63ePKWkwWPH4TU45Q7LPXWuNd8TMtVxRrgjtEshuqpK3mdhaWHPFsBngh5GFZaM6si3yZdUsT8ddYM3PwnATt';
const ABANDON_TRON_44 =
  'xpub6D1AabNHCupeiLM65ZR9UStMhJ1vCpyV4XbZdyhMZBiJXALQtmn9p42VTQckoHVn8WNqS7dqnJokZHAHcHGoaQgmv8D45oNUKx6DZMNZBCd';

/** The same serialised key under other version bytes, as another wallet would show it. */
function withVersion(extendedKey: string, version: number): string {
  const payload = base58check.decode(extendedKey);
  new DataView(payload.buffer, payload.byteOffset, payload.byteLength).setUint32(0, version);
  return base58check.encode(payload);
}

function keyOf(chain: DerivedChain, text: string): HDKey {
  const parsed = parseExtendedPublicKey(chain, text);
  if (!parsed.ok) throw new Error(`${text} refused: ${parsed.problem}`);
  return parsed.key;
}

describe('parseExtendedPublicKey', () => {
  it.each(DERIVED_CHAINS)('derives the published BIP-32 public children on %s', (chain) => {
    const sut = keyOf(chain, VECTOR1_M_0H_1_2H);
    expect(sut.deriveChild(2).publicExtendedKey).toBe(VECTOR1_M_0H_1_2H_2);
    expect(sut.deriveChild(2).deriveChild(1_000_000_000).publicExtendedKey).toBe(
      VECTOR1_M_0H_1_2H_2_1000000000,
    );
    expect(keyOf(chain, VECTOR2_MASTER).deriveChild(0).publicExtendedKey).toBe(VECTOR2_M_0);
  });

  it('trims the text an operator pasted', () => {
    expect(keyOf('ethereum', ` ${VECTOR2_MASTER}\n`).publicExtendedKey).toBe(VECTOR2_MASTER);
  });

  it('takes the zpub and Ltub forms of a key and derives the same public keys from them', () => {
    const zpub = withVersion(VECTOR1_M_0H_1_2H, 0x04b24746);
    const ltub = withVersion(VECTOR1_M_0H_1_2H, 0x019da462);
    expect(zpub).toMatch(/^zpub/);
    expect(ltub).toMatch(/^Ltub/);
    const expected = keyOf('bitcoin', VECTOR1_M_0H_1_2H).deriveChild(2).publicKey;
    for (const [chain, text] of [
      ['bitcoin', zpub],
      ['litecoin', zpub],
      ['litecoin', ltub],
    ] as const) {
      expect(keyOf(chain, text).deriveChild(2).publicKey).toEqual(expected);
    }
  });

  it.each([
    ['bitcoin', withVersion(VECTOR1_M_0H_1_2H, 0x019da462), 'Ltub'],
    ['ethereum', withVersion(VECTOR1_M_0H_1_2H, 0x04b24746), 'zpub'],
    ['bitcoin', withVersion(VECTOR1_M_0H_1_2H, 0x049d7cb2), 'ypub'],
    ['litecoin', withVersion(VECTOR1_M_0H_1_2H, 0x01b26ef6), 'Mtub'],
  ] as const)('refuses on %s a key that reads %s…', (chain, text, prefix) => {
    expect(text.startsWith(prefix)).toBe(true);
    expect(parseExtendedPublicKey(chain, text)).toEqual({ ok: false, problem: 'unsupportedVersion' });
  });

  it.each([
    [VECTOR1_MASTER_PRIVATE, 'xprv'],
    [withVersion(VECTOR1_MASTER_PRIVATE, 0x04b2430c), 'zprv'],
    [withVersion(VECTOR1_MASTER_PRIVATE, 0x019d9cfe), 'Ltpv'],
    [withVersion(VECTOR1_MASTER_PRIVATE, 0x04358394), 'tprv'],
    // A private key under public version bytes: the key data gives it away.
    [withVersion(VECTOR1_MASTER_PRIVATE, 0x0488b21e), 'xpub'],
    // BIP-32 test vector 5: an unknown version with a private key.
    [
      'DMwo58pR1QLEFihHiXPVykYB6fJmsTeHvyTp7hRThAtCX8CvYzgPcn8XnmdfHGMQzT7ayAmfo4z3gY5KfbrZWZ6St24UVf2Qgo6oujFktLHdHY4',
      'DMwo',
    ],
  ])('refuses a private key (%s, read as %s…) and says so', (text, prefix) => {
    expect(text.startsWith(prefix)).toBe(true);
    for (const chain of DERIVED_CHAINS) {
      expect(parseExtendedPublicKey(chain, text)).toEqual({ ok: false, problem: 'privateKey' });
    }
  });

  it.each([
    [0x043587cf, 'tpub'],
    [0x045f1cf6, 'vpub'],
    [0x0436f6e1, 'ttub'],
  ])('refuses a testnet key (%s, %s…)', (version, prefix) => {
    const text = withVersion(VECTOR2_MASTER, version);
    expect(text.startsWith(prefix)).toBe(true);
    expect(parseExtendedPublicKey('bitcoin', text)).toEqual({ ok: false, problem: 'testnet' });
    expect(parseExtendedPublicKey('litecoin', text)).toEqual({ ok: false, problem: 'testnet' });
  });

  it.each([
    [`${VECTOR2_MASTER.slice(0, 50)}X${VECTOR2_MASTER.slice(51)}`, 'one character changed'],
    [VECTOR2_MASTER.slice(0, -1), 'one character short'],
    ['', 'empty'],
    [base58check.encode(base58check.decode(VECTOR2_MASTER).subarray(0, 77)), 'a byte short, checksum right'],
    // BIP-32 test vector 5.
    [
      'xpub661MyMwAqRbcEYS8w7XLSVeEsBXy79zSzH1J8vCdxAZningWLdN3zgtU6Txnt3siSujt9RCVYsx4qHZGc62TG4McvMGcAUjeuwZdduYEvFn',
      'public key prefix 04',
    ],
    [
      'xpub661MyMwAqRbcEYS8w7XLSVeEsBXy79zSzH1J8vCdxAZningWLdN3zgtU6N8ZMMXctdiCjxTNq964yKkwrkBJJwpzZS4HS2fxvyYUA4q2Xe4',
      'public key prefix 01',
    ],
    [
      'xpub661MyMwAqRbcEYS8w7XLSVeEsBXy79zSzH1J8vCdxAZningWLdN3zgtU6Q5JXayek4PRsn35jii4veMimro1xefsM58PgBMrvdYre8QyULY',
      'public key not on the curve',
    ],
    [
      'xpub661no6RGEX3uJkY4bNnPcw4URcQTrSibUZ4NqJEw5eBkv7ovTwgiT91XX27VbEXGENhYRCf7hyEbWrR3FewATdCEebj6znwMfQkhRYHRLpJ',
      'a master key with a parent fingerprint',
    ],
  ])('refuses %s (%s)', (text) => {
    expect(parseExtendedPublicKey('bitcoin', text)).toEqual({ ok: false, problem: 'malformed' });
  });

  it('refuses solana, whose ed25519 keys have no public derivation', () => {
    expect(parseExtendedPublicKey('solana', VECTOR2_MASTER)).toEqual({ ok: false, problem: 'notDerivable' });
  });
});

describe('depositAddressAt', () => {
  it.each([
    [
      'bitcoin',
      ABANDON_BITCOIN_84,
      ['bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu', 'bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g'],
    ],
    [
      'litecoin',
      ABANDON_LITECOIN_84,
      ['ltc1qjmxnz78nmc8nq77wuxh25n2es7rzm5c2rkk4wh', 'ltc1qwlezpr3890hcp6vva9twqh27mr6edadreqvhnn'],
    ],
    [
      'ethereum',
      ABANDON_ETHEREUM_44,
      ['0x9858EfFD232B4033E47d90003D41EC34EcaEda94', '0x6Fac4D18c912343BF86fa7049364Dd4E424Ab9C0'],
    ],
    ['bsc', ABANDON_ETHEREUM_44, ['0x9858EfFD232B4033E47d90003D41EC34EcaEda94']],
    ['tron', ABANDON_TRON_44, ['TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH', 'TSeJkUh4Qv67VNFwY8LaAxERygNdy6NQZK']],
  ] as const)('gives the published first receiving addresses on %s', (chain, accountKey, addresses) => {
    const sut = keyOf(chain, accountKey);
    addresses.forEach((address, index) => {
      expect(depositAddressAt(chain, sut, index)).toBe(address);
    });
  });

  it.each(DERIVED_CHAINS)(
    'makes distinct addresses on %s that pass the chain’s own address check',
    (chain) => {
      const sut = keyOf(chain, VECTOR1_M_0H_1_2H);
      const indexes = [0, 1, 2, 99, 2 ** 31 - 1];
      const addresses = indexes.map((index) => depositAddressAt(chain, sut, index));
      for (const address of addresses) expect(isValidAddress(chain, address)).toBe(true);
      expect(new Set(addresses).size).toBe(indexes.length);
    },
  );

  it.each([-1, 1.5, 2 ** 31, Number.NaN])('refuses index %s, outside the non-hardened children', (index) => {
    expect(() => depositAddressAt('bitcoin', keyOf('bitcoin', VECTOR2_MASTER), index)).toThrow(RangeError);
  });
});

describe('addressOfPublicKey', () => {
  // The secp256k1 generator G, the public key of private key 1.
  const generator = hex.decode('0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798');

  it.each([
    ['bitcoin', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'], // BIP-173
    ['litecoin', 'ltc1qw508d6qejxtdg4y5r3zarvary0c5xw7kgmn4n9'],
    ['ethereum', '0x7E5F4552091A69125d5DfCb7b8C2659029395Bdf'],
    ['bsc', '0x7E5F4552091A69125d5DfCb7b8C2659029395Bdf'],
    ['tron', 'TMVQGm1qAQYVdetCeGRRkTWYYrLXuHK2HC'], // java-tron's genesis account "Zion"
  ] as const)('encodes G on %s as %s', (chain, address) => {
    expect(addressOfPublicKey(chain, generator)).toBe(address);
    expect(isValidAddress(chain, address)).toBe(true);
  });
});

describe('chains', () => {
  it('gives every chain either derived addresses or memos, never both', () => {
    const placed: string[] = [...DERIVED_CHAINS, ...MEMO_CHAINS];
    expect([...placed].sort()).toEqual([...CHAINS].sort());
  });
});
