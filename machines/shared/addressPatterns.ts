/**
 * Address patterns per blockchain (spec §5, guide §6). They are UI hints that catch typos and wrong
 * networks early; the server validates checksums and has the last word.
 */
const BASE58 = 'a-km-zA-HJ-NP-Z1-9';
const BECH32 = '02-9ac-hj-np-z';

export const ADDRESS_PATTERNS = {
  bitcoin: new RegExp(`^(?:[13][${BASE58}]{25,34}|bc1q[${BECH32}]{38}|bc1[qp][${BECH32}]{58})$`),
  bitcoinTestnet: new RegExp(`^(?:[mn2][${BASE58}]{25,34}|tb1q[${BECH32}]{38}|tb1[qp][${BECH32}]{58})$`),
  litecoin: new RegExp(`^(?:[LM3][${BASE58}]{26,33}|ltc1q[${BECH32}]{38}|ltc1[qp][${BECH32}]{58})$`),
  dogecoin: new RegExp(`^[DA9][${BASE58}]{33}$`),
  tron: /^T[1-9A-HJ-NP-Za-km-z]{33}$/,
  /** User-friendly form (48 url-safe base64 characters, up to 64 with padding variants) or raw `0:<hex>`. */
  ton: /^(?:[A-Za-z0-9_\-+/=]{48,64}|-?\d:[0-9a-fA-F]{64})$/,
  /** Ethereum and every EVM network. */
  evm: /^0x[0-9a-fA-F]{40}$/,
} as const;

export type ChainKey = 'bitcoin' | 'litecoin' | 'dogecoin' | 'tron' | 'ton' | 'evm' | 'all';

const ALIASES: Record<string, ChainKey> = {
  bitcoin: 'bitcoin',
  btc: 'bitcoin',
  litecoin: 'litecoin',
  ltc: 'litecoin',
  dogecoin: 'dogecoin',
  doge: 'dogecoin',
  tron: 'tron',
  trx: 'tron',
  ton: 'ton',
  toncoin: 'ton',
  all: 'all',
};

/** The catalogue says "Bitcoin", an address-book entry may say "bitcoin" or "BTC": one key for all. */
export function chainKey(blockchain: string): ChainKey {
  return ALIASES[blockchain.trim().toLowerCase()] ?? 'evm';
}

/** Same network, however each side spells it ("Tron" / "TRX"); EVM names compare by name. */
export function sameChain(a: string, b: string): boolean {
  const ka = chainKey(a);
  const kb = chainKey(b);
  if (ka !== kb) return false;
  return ka !== 'evm' || a.trim().toLowerCase() === b.trim().toLowerCase();
}

/** Spec §5: does `address` look like an address of `blockchain`? ALL accepts any non-empty value. */
export function matchesChain(blockchain: string, address: string): boolean {
  const value = address.trim();
  if (value === '') return false;
  switch (chainKey(blockchain)) {
    case 'all':
      return true;
    case 'bitcoin':
      return ADDRESS_PATTERNS.bitcoin.test(value) || ADDRESS_PATTERNS.bitcoinTestnet.test(value);
    case 'litecoin':
      return ADDRESS_PATTERNS.litecoin.test(value);
    case 'dogecoin':
      return ADDRESS_PATTERNS.dogecoin.test(value);
    case 'tron':
      return ADDRESS_PATTERNS.tron.test(value);
    case 'ton':
      return ADDRESS_PATTERNS.ton.test(value);
    default:
      return ADDRESS_PATTERNS.evm.test(value);
  }
}

/**
 * The address inside a scanned QR: spec §2 strips a leading "ethereum:"; payment URIs of other
 * networks ("bitcoin:…?amount=", "ton://transfer/…") and EIP-681 chain ids ("@1") go the same way.
 */
export function addressFromQr(raw: string): string {
  let value = raw.trim();
  const transfer = /^ton:\/\/transfer\//i.exec(value);
  if (transfer) value = value.slice(transfer[0].length);
  else value = value.replace(/^[a-z][a-z0-9+.-]*:(?:\/\/)?/i, '');
  value = value.split('?')[0].replace(/^pay-/i, '');
  // EIP-681: "0x…@1" (chain id) or "0x…/transfer" (a function call) after the address.
  const evm = /^0x[0-9a-fA-F]{40}(?=[@/])/.exec(value);
  return (evm ? evm[0] : value).trim();
}
