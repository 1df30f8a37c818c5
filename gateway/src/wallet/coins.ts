/**
 * The coin catalogue data (spec §3). It lives in code rather than a table: it changes with releases
 * (new networks need new chain adapters anyway) and every process must agree on decimals.
 */

export type ChainNetwork = 'bitcoin' | 'ethereum' | 'tron' | 'ton' | 'litecoin' | 'dogecoin';
export type CoinNetwork = ChainNetwork | 'lightning';

export interface CoinDefinition {
  currency: string;
  name: string;
  logoName: string;
  /** Parent coin code: the implementations of one coin (USDT on Tron and on Ethereum) share it. */
  parent: string;
  /** Display decimals (spec `round`). */
  round: number;
  /** Ledger minor units: the asset's real on-chain decimals. */
  decimals: number;
  token: boolean;
  blockchain: string;
  network: CoinNetwork;
  /** Native coin of the network: pays the fees, owns the deposit address. */
  baseCurrency: string;
  urlScan: string;
  active: boolean;
  /** Confirmations before a deposit is credited. */
  requiredConfirmations: number;
}

export const COINS: readonly CoinDefinition[] = [
  {
    currency: 'BTC',
    name: 'Bitcoin',
    logoName: 'btc',
    parent: 'BTC',
    round: 8,
    decimals: 8,
    token: false,
    blockchain: 'Bitcoin',
    network: 'bitcoin',
    baseCurrency: 'BTC',
    urlScan: 'https://mempool.space/tx/{tx}',
    active: true,
    requiredConfirmations: 2,
  },
  {
    currency: 'BTC_LNG',
    name: 'Bitcoin Lightning',
    logoName: 'btc',
    parent: 'BTC',
    round: 8,
    decimals: 8,
    token: false,
    blockchain: 'Lightning',
    network: 'lightning',
    baseCurrency: 'BTC',
    urlScan: 'https://mempool.space/lightning/tx/{tx}',
    active: true,
    requiredConfirmations: 1,
  },
  {
    currency: 'ETH',
    name: 'Ethereum',
    logoName: 'eth',
    parent: 'ETH',
    round: 8,
    decimals: 18,
    token: false,
    blockchain: 'Ethereum',
    network: 'ethereum',
    baseCurrency: 'ETH',
    urlScan: 'https://etherscan.io/tx/{tx}',
    active: true,
    requiredConfirmations: 12,
  },
  {
    currency: 'USDT_ETH',
    name: 'Tether USD (ERC-20)',
    logoName: 'usdt',
    parent: 'USDT',
    round: 2,
    decimals: 6,
    token: true,
    blockchain: 'Ethereum',
    network: 'ethereum',
    baseCurrency: 'ETH',
    urlScan: 'https://etherscan.io/tx/{tx}',
    active: true,
    requiredConfirmations: 12,
  },
  {
    currency: 'TRX',
    name: 'Tron',
    logoName: 'trx',
    parent: 'TRX',
    round: 2,
    decimals: 6,
    token: false,
    blockchain: 'Tron',
    network: 'tron',
    baseCurrency: 'TRX',
    urlScan: 'https://tronscan.org/#/transaction/{tx}',
    active: true,
    requiredConfirmations: 19,
  },
  {
    currency: 'USDT_TRX',
    name: 'Tether USD (TRC-20)',
    logoName: 'usdt',
    parent: 'USDT',
    round: 2,
    decimals: 6,
    token: true,
    blockchain: 'Tron',
    network: 'tron',
    baseCurrency: 'TRX',
    urlScan: 'https://tronscan.org/#/transaction/{tx}',
    active: true,
    requiredConfirmations: 19,
  },
  {
    currency: 'TON',
    name: 'Toncoin',
    logoName: 'ton',
    parent: 'TON',
    round: 4,
    decimals: 9,
    token: false,
    blockchain: 'TON',
    network: 'ton',
    baseCurrency: 'TON',
    urlScan: 'https://tonviewer.com/transaction/{tx}',
    active: true,
    requiredConfirmations: 1,
  },
  {
    currency: 'LTC',
    name: 'Litecoin',
    logoName: 'ltc',
    parent: 'LTC',
    round: 8,
    decimals: 8,
    token: false,
    blockchain: 'Litecoin',
    network: 'litecoin',
    baseCurrency: 'LTC',
    urlScan: 'https://blockchair.com/litecoin/transaction/{tx}',
    active: true,
    requiredConfirmations: 6,
  },
  {
    currency: 'DOGE',
    name: 'Dogecoin',
    logoName: 'doge',
    parent: 'DOGE',
    round: 4,
    decimals: 8,
    token: false,
    blockchain: 'Dogecoin',
    network: 'dogecoin',
    baseCurrency: 'DOGE',
    urlScan: 'https://blockchair.com/dogecoin/transaction/{tx}',
    active: true,
    requiredConfirmations: 6,
  },
];

/** Parent coins as the coin meta lists them (spec §7 meta-info/coin). */
export const PARENT_COINS: Readonly<Record<string, { name: string; logoName: string }>> = {
  BTC: { name: 'Bitcoin', logoName: 'btc' },
  ETH: { name: 'Ethereum', logoName: 'eth' },
  USDT: { name: 'Tether USD', logoName: 'usdt' },
  TRX: { name: 'Tron', logoName: 'trx' },
  TON: { name: 'Toncoin', logoName: 'ton' },
  LTC: { name: 'Litecoin', logoName: 'ltc' },
  DOGE: { name: 'Dogecoin', logoName: 'doge' },
};

export const FIATS: readonly { currency: string; name: string }[] = [
  { currency: 'USD', name: 'US Dollar' },
  { currency: 'EUR', name: 'Euro' },
  { currency: 'KZT', name: 'Kazakhstani Tenge' },
  { currency: 'UAH', name: 'Ukrainian Hryvnia' },
  { currency: 'RUB', name: 'Russian Ruble' },
  { currency: 'AZN', name: 'Azerbaijani Manat' },
  { currency: 'CAD', name: 'Canadian Dollar' },
];
