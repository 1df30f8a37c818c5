import { mnemonicToSeedSync } from '@scure/bip39';
import { Address as TonAddress } from '@ton/core';
import { afterEach, describe, expect, it } from 'vitest';
import {
  deriveDepositAddress,
  derivationPath,
  isValidAddress,
  NETWORKS,
  normalizeAddress,
  setBitcoinNetwork,
  type Network,
} from '../src/chain/addresses.js';

const ABANDON = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const seed = mnemonicToSeedSync(ABANDON);

/**
 * Published vectors for the BIP39 "abandon … about" mnemonic. BIP84 lists the BTC ones; the rest
 * are what independent wallets derive on the same paths (Ian Coleman's BIP39 tool, Trust
 * WalletCore, Ledger Live), so a standard wallet restoring our mnemonic sees our addresses.
 */
const VECTORS: [Network, number, string][] = [
  ['bitcoin', 0, 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu'], // BIP84 first receiving address
  ['bitcoin', 1, 'bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g'], // BIP84 second receiving address
  ['ethereum', 0, '0x9858EfFD232B4033E47d90003D41EC34EcaEda94'],
  ['ethereum', 1, '0x6Fac4D18c912343BF86fa7049364Dd4E424Ab9C0'],
  ['tron', 0, 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH'],
  ['tron', 1, 'TSeJkUh4Qv67VNFwY8LaAxERygNdy6NQZK'],
  ['litecoin', 0, 'ltc1qjmxnz78nmc8nq77wuxh25n2es7rzm5c2rkk4wh'],
  ['litecoin', 1, 'ltc1qwlezpr3890hcp6vva9twqh27mr6edadreqvhnn'],
  ['dogecoin', 0, 'DBus3bamQjgJULBJtYXpEzDWQRwF5iwxgC'],
  ['ton', 0, 'UQAzWZa6nM5mJev91wGc7VCSfBoIsYRqKJpV78N8Add9-RKY'], // WalletCore: m/44'/607'/0', wallet v4R2
];

afterEach(() => setBitcoinNetwork('mainnet'));

describe('deposit address derivation', () => {
  it.each(VECTORS)('%s #%i is the published %s', (network, index, expected) => {
    expect(deriveDepositAddress(seed, network, index)).toBe(expected);
  });

  it("uses each network's standard path", () => {
    expect(NETWORKS.map((n) => derivationPath(n, 7))).toEqual([
      "m/84'/0'/0'/0/7",
      "m/44'/60'/0'/0/7",
      "m/44'/195'/0'/0/7",
      "m/44'/607'/7'",
      "m/84'/2'/0'/0/7",
      "m/44'/3'/0'/0/7",
    ]);
  });

  it('derives BIP84 testnet addresses when BITCOIN_NETWORK=testnet', () => {
    setBitcoinNetwork('testnet');
    expect(derivationPath('bitcoin', 0)).toBe("m/84'/1'/0'/0/0");
    expect(deriveDepositAddress(seed, 'bitcoin', 0)).toBe('tb1q6rz28mcfaxtmd6v789l9rrlrusdprr9pqcpvkl');
    expect(isValidAddress('bitcoin', 'tb1q6rz28mcfaxtmd6v789l9rrlrusdprr9pqcpvkl')).toBe(true);
    expect(isValidAddress('bitcoin', 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu')).toBe(false);
  });

  it("gives every index its own address and matches the network's UI pattern", () => {
    const patterns: Record<Network, RegExp> = {
      bitcoin: /^bc1q[02-9ac-hj-np-z]{38}$/,
      litecoin: /^ltc1q[02-9ac-hj-np-z]{38}$/,
      dogecoin: /^D[a-km-zA-HJ-NP-Z1-9]{33}$/,
      ethereum: /^0x[0-9a-fA-F]{40}$/,
      tron: /^T[1-9A-HJ-NP-Za-km-z]{33}$/,
      ton: /^UQ[A-Za-z0-9_-]{46}$/,
    };
    for (const network of NETWORKS) {
      const addresses = [0, 1, 2, 1000].map((i) => deriveDepositAddress(seed, network, i));
      expect(new Set(addresses).size).toBe(4);
      for (const a of addresses) {
        expect(a).toMatch(patterns[network]);
        expect(isValidAddress(network, a)).toBe(true);
      }
    }
  });

  it("refuses indexes outside BIP32's non-hardened range", () => {
    expect(() => deriveDepositAddress(seed, 'bitcoin', -1)).toThrow(RangeError);
    expect(() => deriveDepositAddress(seed, 'ethereum', 0x80000000)).toThrow(RangeError);
    expect(() => deriveDepositAddress(seed, 'ton', 1.5)).toThrow(RangeError);
  });
});

/** Valid addresses per network: our derived ones plus well-known third-party ones of other types. */
const VALID: [Network, string][] = [
  ...VECTORS.map(([n, , a]) => [n, a] as [Network, string]),
  ['bitcoin', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa'], // genesis coinbase, P2PKH
  ['bitcoin', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy'], // BIP13 P2SH example
  ['bitcoin', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'], // BIP173 example
  ['bitcoin', 'bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr'], // BIP86 taproot
  ['litecoin', 'LUWPbpM43E2p7ZSh8cyTBEkvpHmr3cB8Ez'],
  ['dogecoin', 'DH5yaieqoZN36fDVciNyRueRGvGLR3mr7L'],
  ['dogecoin', 'A7HRQk3GFCW2QasvdZxXuYj8kkQK5QrYLs'], // P2SH
  ['ethereum', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'], // EIP-55 examples
  ['ethereum', '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359'],
  ['tron', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'], // USDT TRC-20 contract
  ['ton', 'EQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqB2N'], // bounceable form
];

const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** The same address with its middle character swapped for the next one of its own alphabet (same case). */
function flipOne(network: Network, address: string): string {
  const at = Math.floor(address.length / 2);
  const ch = address[at]!;
  const alphabet = /^(bc|tb|ltc)1/i.test(address)
    ? BECH32
    : network === 'ethereum'
      ? /[0-9]/.test(ch)
        ? '0123456789'
        : 'abcdef'
      : network === 'ton'
        ? BASE64URL
        : BASE58;
  const lower = alphabet === BECH32 || network === 'ethereum' ? ch.toLowerCase() : ch;
  let next = alphabet[(alphabet.indexOf(lower) + 1) % alphabet.length]!;
  if (ch !== lower) next = next.toUpperCase();
  return address.slice(0, at) + next + address.slice(at + 1);
}

describe('address checksums', () => {
  it.each(VALID)('%s accepts %s', (network, address) => {
    expect(isValidAddress(network, address)).toBe(true);
  });

  it.each(VALID)('%s rejects %s with one character changed', (network, address) => {
    const flipped = flipOne(network, address);
    expect(flipped).not.toBe(address);
    expect(flipped).toHaveLength(address.length);
    expect(isValidAddress(network, flipped)).toBe(false);
  });

  it('EIP-55: a letter in the wrong case fails, one-case addresses carry no checksum', () => {
    const good = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94';
    expect(isValidAddress('ethereum', good.replace('Ef', 'ef'))).toBe(false);
    expect(isValidAddress('ethereum', good.toLowerCase())).toBe(true);
    expect(isValidAddress('ethereum', `0x${good.slice(2).toUpperCase()}`)).toBe(true);
    expect(isValidAddress('ethereum', good.slice(0, 41))).toBe(false);
  });

  it('rejects addresses of another network and garbage', () => {
    expect(isValidAddress('litecoin', 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu')).toBe(false);
    expect(isValidAddress('bitcoin', 'ltc1qjmxnz78nmc8nq77wuxh25n2es7rzm5c2rkk4wh')).toBe(false);
    expect(isValidAddress('dogecoin', 'LUWPbpM43E2p7ZSh8cyTBEkvpHmr3cB8Ez')).toBe(false);
    expect(isValidAddress('tron', 'DBus3bamQjgJULBJtYXpEzDWQRwF5iwxgC')).toBe(false);
    expect(isValidAddress('dogecoin', 'DRjyUS2uuieEPkhZNdQz8hE5YycxVEqSXA')).toBe(false); // Dogecoin Core's bad-checksum sample
    expect(isValidAddress('bitcoin', 'bc1qCR8te4kr609gcawutmrza0j4xv80jy8z306fyu')).toBe(false); // mixed-case bech32
    for (const network of NETWORKS) {
      for (const junk of ['', ' ', 'hello', '0x', 'x'.repeat(200)]) expect(isValidAddress(network, junk)).toBe(false);
    }
  });

  it('accepts TON raw form and normalises every spelling to the derived one', () => {
    const ours = 'UQAzWZa6nM5mJev91wGc7VCSfBoIsYRqKJpV78N8Add9-RKY';
    // Changing only the flag characters breaks the CRC16: the checksum covers the tag byte too.
    expect(isValidAddress('ton', ours.replace(/^UQ/, 'EQ'))).toBe(false);
    const parsed = TonAddress.parse(ours);
    expect(normalizeAddress('ton', parsed.toString())).toBe(ours);
    expect(normalizeAddress('ton', parsed.toRawString())).toBe(ours);
    expect(isValidAddress('ton', parsed.toRawString())).toBe(true);
    expect(normalizeAddress('ethereum', '0x9858effd232b4033e47d90003d41ec34ecaeda94')).toBe(
      '0x9858EfFD232B4033E47d90003D41EC34EcaEda94',
    );
    expect(normalizeAddress('bitcoin', 'BC1QCR8TE4KR609GCAWUTMRZA0J4XV80JY8Z306FYU')).toBe(
      'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu',
    );
  });
});
