import { USER_FRACTION_DIGITS } from '../wallet/amounts.js';

/** Fiat amounts are kept in hundredths (kopecks, cents). */
export const FIAT_DECIMALS = 2;
/** A buy rate (fiat per crypto unit) is fixed to this many decimals; everything after it is integer math. */
export const RATE_DECIMALS = 8;

const RATE_UNIT = 10n ** BigInt(RATE_DECIMALS);
const FIAT_UNIT = 10n ** BigInt(FIAT_DECIMALS);

const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b;

/** The rate provider's float price, fixed once, with the spread added (rounded up: the buyer pays it). */
export function buyRate(marketFiatPerCrypto: number, spreadBps: number): bigint {
  if (!Number.isFinite(marketFiatPerCrypto) || marketFiatPerCrypto <= 0) throw new Error('No price');
  const [whole, fraction = ''] = Number(marketFiatPerCrypto.toPrecision(12)).toFixed(RATE_DECIMALS).split('.');
  const market = BigInt(whole! + fraction);
  return ceilDiv(market * BigInt(10_000 + spreadBps), 10_000n);
}

export function formatRate(rate: bigint): string {
  const digits = rate.toString().padStart(RATE_DECIMALS + 1, '0');
  const fraction = digits.slice(-RATE_DECIMALS).replace(/0+$/, '');
  return digits.slice(0, -RATE_DECIMALS) + (fraction ? `.${fraction}` : '');
}

export function parseRate(rate: string): bigint {
  const [whole, fraction = ''] = rate.split('.');
  return BigInt(whole! + fraction.padEnd(RATE_DECIMALS, '0'));
}

/** Crypto is quoted in steps a person can type (spec §5: at most 8 decimals), in ledger minor units. */
export const cryptoStep = (decimals: number) => 10n ** BigInt(Math.max(0, decimals - USER_FRACTION_DIGITS));

/**
 * From fiat: the crypto it buys, rounded down to a typeable step. From crypto: the fiat it costs,
 * rounded up to hundredths. So fiat → crypto → fiat never costs more than asked, and quoting that
 * fiat again gives the same crypto back.
 */
export function cryptoForFiat(fiat: bigint, rate: bigint, decimals: number): bigint {
  const raw = (fiat * RATE_UNIT * 10n ** BigInt(decimals)) / (FIAT_UNIT * rate);
  const step = cryptoStep(decimals);
  return (raw / step) * step;
}

export function fiatForCrypto(crypto: bigint, rate: bigint, decimals: number): bigint {
  return ceilDiv(crypto * rate * FIAT_UNIT, RATE_UNIT * 10n ** BigInt(decimals));
}
