import { describe, expect, it } from 'vitest';
import { addressField, addressKey, isValidAddress } from './addresses';
import type { Chain } from './chains';

/** The same address with one character replaced by another of the same alphabet. */
function changeOne(address: string, index: number, replacement: string): string {
  const changed = address.slice(0, index) + replacement + address.slice(index + 1);
  expect(changed).not.toBe(address);
  return changed;
}

describe('bitcoin', () => {
  const valid = [
    '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', // P2PKH, the genesis block's coinbase
    '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', // P2SH
    // BIP-173 mainnet vectors: P2WPKH (also upper case) and P2WSH.
    'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
    'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4',
    'bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3',
    // BIP-350 mainnet taproot vector.
    'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0',
  ];
  it.each(valid)('accepts %s', (address) => {
    expect(isValidAddress('bitcoin', address)).toBe(true);
  });

  it.each([
    changeOne('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', 10, 'H'),
    changeOne('3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', 5, 'X'),
    changeOne('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', 20, 'q'),
    changeOne('bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0', 30, 'x'),
  ])('refuses %s, one character changed', (address) => {
    expect(isValidAddress('bitcoin', address)).toBe(false);
  });

  it.each([
    ['mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn', 'testnet P2PKH'],
    ['tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx', 'testnet segwit'],
    // BIP-173 invalid vectors.
    ['tc1qw508d6qejxtdg4y5r3zarvary0c5xw7kg3g4ty', 'unknown prefix'],
    ['bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5', 'bad checksum'],
    ['BC13W508D6QEJXTDG4Y5R3ZARVARY0C5XW7KN40WF2', 'witness version 17'],
    ['bc1rw5uspcuh', 'program too short'],
    ['bc10w508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kw5rljs90', 'program too long'],
    ['BC1QR508D6QEJXTDG4Y5R3ZARVARYV98GJ9P', 'version 0 with 16 bytes'],
    ['bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kV8F3T4', 'mixed case'],
    ['bc1zw508d6qejxtdg4y5r3zarvaryvqyzf3du', 'padding of more than 4 bits'],
    ['bc1gmk9yu', 'empty data'],
    // BIP-350 invalid vectors.
    ['bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd', 'taproot with a bech32 checksum'],
    ['bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh', 'version 0 with a bech32m checksum'],
    ['bc1p38j9r5y49hruaue7wxjce0updqjuyyx0kh56v8s25huc6995vvpql3jow4', 'invalid character'],
    ['bc1pw5dgrnzv', 'one-byte program'],
    ['bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v07qwwzcrf', 'padding of more than 4 bits'],
    // BIP-350 valid encodings that no wallet can spend from yet: refused on purpose.
    ['BC1SW50QGDZ25J', 'witness version 16'],
    ['bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs', 'witness version 2'],
    ['bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kt5nd6y', 'version 1 not 32 bytes'],
    // BIP-173 valid encodings of versions 1, 2 and 16: bech32 checksums, which BIP-350 made invalid for them.
    [
      'bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7k7grplx',
      'version 1 in bech32, 40 bytes',
    ],
    ['BC1SW50QA3JX3S', 'version 16 in bech32'],
    ['bc1zw508d6qejxtdg4y5r3zarvaryvg6kdaj', 'version 2 in bech32'],
    // More BIP-350 invalid vectors.
    ['tc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq5zuyut', 'taproot under an unknown prefix'],
    ['BC1S0XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ54WELL', 'version 16 with a bech32 checksum'],
    ['BC130XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ7ZWS8R', 'version 17 in bech32m'],
    ['bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v8n0nx0muaewav253zgeav', 'taproot of 41 bytes'],
    ['tb1pqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesf3hn0c', 'testnet taproot'],
    ['tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7', 'testnet P2WSH'],
    ['ltc1qw508d6qejxtdg4y5r3zarvary0c5xw7kgmn4n9', 'a litecoin address'],
    ['LVuDpNCSSj6pQ7t9Pv6d6sUkLKoqDEVUnJ', 'a litecoin P2PKH address'],
    [' 1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', 'surrounding space'],
    ['', 'empty'],
  ])('refuses %s (%s)', (address) => {
    expect(isValidAddress('bitcoin', address)).toBe(false);
  });
});

describe('litecoin', () => {
  /*
   * Segwit forms re-encode the BIP-173 and BIP-350 programs under "ltc" (the P2WPKH one is also published by
   * other litecoin libraries); the base58 ones are real mainnet addresses, plus the BIP-173 key hash under each
   * version byte.
   */
  const valid = [
    ['Lg3PX8wRWmApFCoCMAsPF5P9dPHYQHEWKW', 'P2PKH (0x30)'],
    ['LVuDpNCSSj6pQ7t9Pv6d6sUkLKoqDEVUnJ', 'P2PKH (0x30) of the BIP-173 key hash'],
    ['MGEW4aba3tnrVtVhGcmoqqHaLt5ymPSLPi', 'P2SH (0x32)'],
    ['MJaRnao1s62a2zAKSkmG582KbLKianqb7v', 'P2SH (0x32) of the BIP-173 key hash'],
    ['3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', 'the old P2SH (0x05)'],
    ['ltc1qw508d6qejxtdg4y5r3zarvary0c5xw7kgmn4n9', 'P2WPKH'],
    ['LTC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KGMN4N9', 'P2WPKH in upper case'],
    ['ltc1qxtm55gultqzhqzl2p3ks50hg2478y3hehuj6dz', 'P2WPKH'],
    ['ltc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qmu8tk5', 'P2WSH'],
    ['ltc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqpj6zg2', 'taproot'],
  ];
  it.each(valid)('accepts %s (%s)', (address) => {
    expect(isValidAddress('litecoin', address)).toBe(true);
  });

  it.each([
    [changeOne('Lg3PX8wRWmApFCoCMAsPF5P9dPHYQHEWKW', 10, 'X'), 'P2PKH, one character changed'],
    [changeOne('MGEW4aba3tnrVtVhGcmoqqHaLt5ymPSLPi', 5, 'b'), 'P2SH, one character changed'],
    [changeOne('ltc1qw508d6qejxtdg4y5r3zarvary0c5xw7kgmn4n9', 20, 'q'), 'P2WPKH, one character changed'],
    ['ltc1qw508d6qejxtdg4y5r3zarvary0c5xw7kGMN4N9', 'mixed case'],
    ['ltc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq5w2wdg', 'taproot with a bech32 checksum'],
    ['ltc1qw508d6qejxtdg4y5r3zarvary0c5xw7ka8rek8', 'version 0 with a bech32m checksum'],
    ['ltc1pw508d6qejxtdg4y5r3zarvary0c5xw7kke5jmv', 'version 1 of 20 bytes'],
    ['ltc1zw508d6qejxtdg4y5r3zarvary0c5xw7ktjy0v3', 'version 2'],
    ['tltc1qw508d6qejxtdg4y5r3zarvary0c5xw7klfsuq0', 'testnet segwit'],
    ['rltc1qw508d6qejxtdg4y5r3zarvary0c5xw7k693xs3', 'regtest segwit'],
    ['mrCDrCybB6J1vRfbwM5hemdJz73FwDBC8r', 'testnet P2PKH'],
    ['QXHFfTBKYXjaaTH1e7Rox8CcdNPGHVhM59', 'testnet P2SH'],
    [
      'ltcmweb1qq20e2arnhvxw97katjkmsd35agw3capxjkrkh7dk8d30rczm8ypxuq329nwh2twmchhqn3jqh7ua4ps539f6aazh79jy76urqht4qa59ts3at6gf',
      'MWEB',
    ],
    ['1BgGZ9tcN4rm9KBzDn7KprQz87SZ26SAMH', 'bitcoin P2PKH of the same key hash'],
    ['bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', 'bitcoin segwit of the same program'],
  ])('refuses %s (%s)', (address) => {
    expect(isValidAddress('litecoin', address)).toBe(false);
  });
});

describe('ethereum and bsc (EIP-55)', () => {
  const checksummed = [
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
    '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
    '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
  ];
  const chains: Chain[] = ['ethereum', 'bsc'];

  it.each(chains.flatMap((chain) => checksummed.map((address) => [chain, address] as const)))(
    '%s accepts the spec vector %s',
    (chain, address) => {
      expect(isValidAddress(chain, address)).toBe(true);
    },
  );

  it.each(chains)('%s accepts all-lower and all-upper addresses as unchecksummed', (chain) => {
    const body = '5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
    expect(isValidAddress(chain, `0x${body.toLowerCase()}`)).toBe(true);
    expect(isValidAddress(chain, `0x${body.toUpperCase()}`)).toBe(true);
  });

  it.each([
    changeOne('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', 4, 'a'), // a letter's case flipped
    changeOne('0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359', 2, 'F'),
    changeOne('0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb', 41, 'B'),
    changeOne('0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB', 12, 'D'), // a digit replaced by a letter
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe', // 39 hex digits
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAedd',
    '5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeg',
  ])('refuses %s', (address) => {
    expect(isValidAddress('ethereum', address)).toBe(false);
    expect(isValidAddress('bsc', address)).toBe(false);
  });
});

describe('tron', () => {
  const usdtContract = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

  it('accepts a real address', () => {
    expect(isValidAddress('tron', usdtContract)).toBe(true);
  });

  it.each([
    changeOne(usdtContract, 5, 'k'),
    changeOne(usdtContract, 33, 'u'),
    usdtContract.slice(0, -1),
    '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', // valid base58check, but the bitcoin version byte
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  ])('refuses %s', (address) => {
    expect(isValidAddress('tron', address)).toBe(false);
  });
});

describe('solana', () => {
  it.each([
    '11111111111111111111111111111111', // the system program: 32 zero bytes
    'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
    'So11111111111111111111111111111111111111112',
  ])('accepts %s', (address) => {
    expect(isValidAddress('solana', address)).toBe(true);
  });

  // Solana keys carry no checksum: a changed character is only caught when it leaves the alphabet or the length.
  it.each([
    changeOne('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA', 4, '0'),
    changeOne('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA', 4, 'l'),
    'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5D', // 31 bytes
    'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DAA', // 33 bytes
    '1111111111111111111111111111111', // 31 zero bytes
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  ])('refuses %s', (address) => {
    expect(isValidAddress('solana', address)).toBe(false);
  });
});

describe('addressField', () => {
  it('trims, then checks with the chain it was made for', () => {
    expect(addressField('tron').parse(' TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t ')).toBe(
      'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
    );
    const wrongChain = addressField('ethereum').safeParse('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
    expect(wrongChain.error?.issues[0]?.message).toBe('cryptoWallets.invalidAddress');
    expect(addressField('solana').safeParse('').error?.issues[0]?.message).toBe('validation.contentBlank');
  });
});

describe('addressKey', () => {
  it('folds case only where the chain ignores it', () => {
    expect(addressKey('ethereum', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe(
      '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed',
    );
    expect(addressKey('bitcoin', 'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4')).toBe(
      'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
    );
    expect(addressKey('bitcoin', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa')).toBe(
      '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa',
    );
    expect(addressKey('litecoin', 'LTC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KGMN4N9')).toBe(
      'ltc1qw508d6qejxtdg4y5r3zarvary0c5xw7kgmn4n9',
    );
    expect(addressKey('litecoin', 'Lg3PX8wRWmApFCoCMAsPF5P9dPHYQHEWKW')).toBe(
      'Lg3PX8wRWmApFCoCMAsPF5P9dPHYQHEWKW',
    );
    expect(addressKey('tron', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe(
      'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
    );
  });
});
