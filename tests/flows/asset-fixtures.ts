/** Catalogue entries, balances and transactions shared by the asset, receive and details flow tests. */
import type { Asset, Coin, Transaction } from '../../src/api/wallet';

/** Noon UTC: "today" and "yesterday" are unambiguous in any test time zone within ±11 h. */
export const NOW = new Date('2026-03-03T12:00:00Z');

export const btcCoin: Coin = {
  currency: 'BTC',
  name: 'Bitcoin',
  logoName: 'btc',
  secondaryLogoName: null,
  parentName: 'BTC',
  round: 8,
  active: true,
  crypto: true,
  token: false,
  blockchain: 'Bitcoin',
  baseCurrency: 'BTC',
  network: 'bitcoin',
  urlScan: 'https://mempool.space/tx/{tx}',
  implementations: [{ currency: 'BTC' }],
};

export const usdtTrxCoin: Coin = {
  currency: 'USDT_TRX',
  name: 'Tether USD (TRC-20)',
  logoName: 'usdt',
  secondaryLogoName: 'trx',
  parentName: 'USDT',
  round: 2,
  active: true,
  crypto: true,
  token: true,
  blockchain: 'Tron',
  baseCurrency: 'TRX',
  network: 'tron',
  urlScan: 'https://tronscan.org/#/transaction/{tx}',
  implementations: [{ currency: 'USDT_TRX' }],
};

export const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
export const EXTERNAL_ADDRESS = 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh';
export const HASH = '7a1f3c9e5b2d4f6a8c0e1b3d5f7a9c2e4b6d8f0a1c3e5b7d9f2a4c6e8b0d2f4a';

export const btcAsset = (totalAvailable = '1.25000000', onHold = '0'): Asset => ({
  currency: 'BTC',
  isCrypto: true,
  isToken: false,
  totalAvailable,
  onHold,
  depositAddress: BTC_ADDRESS,
});

const base = { currency: 'BTC', fee: null, hash: HASH } as const;

export const deposit = (state: Transaction['state'], more: Partial<Transaction> = {}): Transaction => ({
  ...base,
  id: 'tx-deposit',
  direction: 'DEPOSIT',
  transactionType: 'DEPOSIT',
  state,
  amount: '0.50000000',
  from: EXTERNAL_ADDRESS,
  to: BTC_ADDRESS,
  createdDate: '2026-03-03T11:00:00Z',
  explorerLink: `https://mempool.space/tx/${HASH}`,
  ...(state === 'IN_PROGRESS'
    ? { confirmations: 1, requiredConfirmations: 2 }
    : { confirmations: 2, requiredConfirmations: 2 }),
  ...more,
});

export const withdrawal: Transaction = {
  ...base,
  id: 'tx-withdrawal',
  direction: 'WITHDRAWAL',
  transactionType: 'WITHDRAWAL',
  state: 'COMPLETED',
  amount: '0.10000000',
  fee: '0.00012000',
  from: BTC_ADDRESS,
  to: EXTERNAL_ADDRESS,
  createdDate: '2026-03-02T12:00:00Z',
  explorerLink: `https://mempool.space/tx/${HASH}`,
};

/** A send that failed after the server had quoted (and echoed back) its fee: nothing was charged. */
export const failedSend: Transaction = {
  ...withdrawal,
  id: 'tx-send-failed',
  state: 'FAILED',
  explorerLink: null,
  hash: null,
};

export const swap: Transaction = {
  id: 'tx-swap',
  currency: 'BTC',
  direction: 'WITHDRAWAL',
  transactionType: 'EXCHANGE',
  state: 'IN_PROGRESS',
  amount: '0.01',
  fromCurrency: 'BTC',
  toCurrency: 'USDT_TRX',
  fromAmount: '0.01',
  toAmount: '650.00',
  createdDate: '2026-02-20T12:00:00Z',
};

export const failedSale: Transaction = {
  id: 'tx-sale',
  currency: 'BTC',
  direction: 'WITHDRAWAL',
  transactionType: 'C2F',
  state: 'FAILED',
  amount: '0.02',
  fiatCurrency: 'RUB',
  createdDate: '2026-02-20T09:00:00Z',
};

/** A card buy as the gateway sends it (spec §3 F2C): the crypto credited, the fiat paid, rate, card, order. */
export const cardBuy = (state: Transaction['state'], more: Partial<Transaction> = {}): Transaction => ({
  id: state === 'FAILED' ? 'tx-buy-failed' : 'tx-buy',
  currency: 'BTC',
  direction: 'DEPOSIT',
  transactionType: 'F2C',
  state,
  amount: '0.00041849',
  fee: null,
  hash: null,
  explorerLink: null,
  to: BTC_ADDRESS,
  fromCurrency: 'RUB',
  fromAmount: '5000',
  toCurrency: 'BTC',
  toAmount: '0.00041849',
  exchangeRate: '11947716.79',
  fiatCurrency: 'RUB',
  maskedCard: '4242 •••• •••• 4242',
  orderId: '6f1c2d3e-4a5b-4c6d-8e7f-901a2b3c4d5e',
  createdDate: '2026-03-03T10:00:00Z',
  ...more,
});

/** Newest first, as the server sorts (createdDate DESC). */
export const history = (depositState: Transaction['state']) => [
  deposit(depositState),
  cardBuy('COMPLETED'),
  withdrawal,
  swap,
  failedSale,
  cardBuy('FAILED', { createdDate: '2026-02-20T08:00:00Z' }),
];

/** Names an actor output in path descriptions ("done:load(\"pending deposit\")"); not copied by spreads. */
export function labelled<T extends object>(label: string, value: T): T {
  return Object.defineProperty(value, 'toJSON', { value: () => label, enumerable: false });
}
