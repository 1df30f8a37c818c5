/** Shared by the swap flow tests: catalogue, balances, pairs, quotes computed like the gateway, orders, drivers. */
import { screen } from '@testing-library/react';
import type { CurrencyPair, SwapOrder, SwapQuote } from '../../src/api/swap';
import type { Coin } from '../../src/api/wallet';
import type { SwapContext, SwapSetup } from '../../machines/swap.machine';
import { isPositiveAmount, toWireAmount } from '../../machines/shared/amountInput';
import { fromUnits, toUnits, trimZeros } from '../../machines/shared/money';
import { btcCoin, labelled, usdtTrxCoin } from './asset-fixtures';

export const ethCoin: Coin = {
  ...btcCoin,
  currency: 'ETH',
  name: 'Ethereum',
  logoName: 'eth',
  parentName: 'ETH',
  round: 6,
  blockchain: 'Ethereum',
  baseCurrency: 'ETH',
  network: 'ethereum',
  implementations: [{ currency: 'ETH' }],
};
export const dogeCoin: Coin = {
  ...btcCoin,
  currency: 'DOGE',
  name: 'Dogecoin',
  logoName: 'doge',
  parentName: 'DOGE',
  round: 4,
  blockchain: 'Dogecoin',
  baseCurrency: 'DOGE',
  network: 'dogecoin',
  implementations: [{ currency: 'DOGE' }],
};
/** In the catalogue but switched off: never offered. */
export const tonCoin: Coin = {
  ...btcCoin,
  currency: 'TON',
  name: 'Toncoin',
  logoName: 'ton',
  active: false,
  implementations: [{ currency: 'TON' }],
};

export const COINS = [btcCoin, usdtTrxCoin, ethCoin, dogeCoin, tonCoin];
export const BTC_AVAILABLE = '1.25';

/** Both ways between BTC and USDT, BTC → ETH only (ETH is not held), USDT → DOGE one-way, TON off. */
export const PAIRS: CurrencyPair[] = [
  { sourceCurrency: 'BTC', destinationCurrency: 'USDT_TRX' },
  { sourceCurrency: 'USDT_TRX', destinationCurrency: 'BTC' },
  { sourceCurrency: 'BTC', destinationCurrency: 'ETH' },
  { sourceCurrency: 'USDT_TRX', destinationCurrency: 'DOGE' },
  { sourceCurrency: 'BTC', destinationCurrency: 'TON' },
];

export const setupOf = (label: string, more: Partial<SwapSetup> = {}): SwapSetup =>
  labelled(label, {
    coins: COINS,
    holdings: [
      { currency: 'BTC', available: BTC_AVAILABLE },
      { currency: 'USDT_TRX', available: '100' },
    ],
    pairs: PAIRS,
    passcodeActive: false,
    ...more,
  });

/** Rate (destination per source), decimals of the destination, limits of the source (as the sandbox provider). */
/** `mid`: the mid-market rate the spread (1 %) is taken from. */
const TERMS: Record<string, { rate: string; mid: string; decimals: number; min: string; max: string }> = {
  'BTC>USDT_TRX': { rate: '59400', mid: '60000', decimals: 6, min: '0.0001', max: '2' },
  'USDT_TRX>BTC': { rate: '0.0000165', mid: '0.00001666666667', decimals: 8, min: '10', max: '100000' },
  'BTC>ETH': { rate: '20.5', mid: '20.70707071', decimals: 8, min: '0.0001', max: '2' },
  'USDT_TRX>DOGE': { rate: '6.25', mid: '6.31313131', decimals: 8, min: '10', max: '100000' },
};
/** Whether the harness's provider quotes this pair (BTC → TON is switched off: never quoted). */
export const hasTerms = (from: string | null, to: string | null) => `${from}>${to}` in TERMS;
const S = 12;
const mul = (a: string, b: string, decimals: number) =>
  trimZeros(fromUnits((toUnits(a, S) * toUnits(b, S)) / 10n ** BigInt(2 * S - decimals), decimals));
const div = (a: string, b: string, decimals: number) => {
  const num = toUnits(a, S) * 10n ** BigInt(decimals);
  const den = toUnits(b, S);
  return trimZeros(fromUnits((num + den - 1n) / den, decimals));
};

/** The quote the gateway would give for the machine's query (the driving side's amount). */
export function quoteFor(
  c: Pick<SwapContext, 'from' | 'to' | 'driver' | 'sourceAmount' | 'destinationAmount'>,
): SwapQuote {
  const t = TERMS[`${c.from}>${c.to}`]!;
  const source =
    c.driver === 'source' ? toWireAmount(c.sourceAmount) : div(toWireAmount(c.destinationAmount), t.rate, 8);
  const destination = c.driver === 'source' ? mul(source, t.rate, t.decimals) : toWireAmount(c.destinationAmount);
  // One label for every quote: the path planner then keeps one path per transition, not one per amount.
  return labelled('quote', {
    sourceAmount: source,
    destinationAmount: destination,
    rate: t.rate,
    midRate: t.mid,
    minLimit: t.min,
    maxLimit: t.max,
  });
}

export const ORDER_ID = '7d0f6a52-5d6c-4d4a-9f7e-0c1c4f1e2b3a';

export function orderFor(
  c: Pick<SwapContext, 'from' | 'to' | 'sourceAmount'>,
  state: SwapOrder['state'] = 'NEW',
): SwapOrder {
  const t = TERMS[`${c.from}>${c.to}`]!;
  const source = toWireAmount(c.sourceAmount);
  return labelled(`order ${state}`, {
    id: ORDER_ID,
    sourceCurrency: c.from ?? '',
    destinationCurrency: c.to ?? '',
    sourceAmount: source,
    destinationAmount: isPositiveAmount(source) ? mul(source, t.rate, t.decimals) : '0',
    rate: t.rate,
    expiresAt: '2026-03-03T12:05:00Z',
    state,
  });
}

export const serverError = (code: string, message: string, status = 400) => labelled(code, { status, code, message });

export const button = (name: string | RegExp) => screen.getByRole('button', { name }) as HTMLButtonElement;
export const payInput = () => screen.getByLabelText(/^You pay, /) as HTMLInputElement;
export const getInput = () => screen.getByLabelText(/^You get, /) as HTMLInputElement;
