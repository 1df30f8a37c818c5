import { createHash } from 'node:crypto';

/**
 * Where prices come from. Everything is expressed as the USD value of one unit, so any pair is a
 * quotient and a provider only needs one number per currency. Display data only: no money moves on it.
 */
export interface RateProvider {
  readonly name: string;
  /** USD value of one unit of each requested currency; currencies it cannot price are left out. */
  usdPrices(currencies: readonly string[]): Promise<Map<string, number>>;
  /** The same at a past instant (ms since the epoch), for price charts. */
  usdPricesAt(currencies: readonly string[], at: number): Promise<Map<string, number>>;
  /** The provider's clock: the instant `usdPrices` prices at. */
  now(): number;
}

/** Base USD prices of crypto assets (per coin). Implementations of one coin share its price. */
export const SANDBOX_CRYPTO_USD: Readonly<Record<string, number>> = {
  BTC: 97000,
  ETH: 3400,
  USDT: 1,
  TRX: 0.24,
  TON: 5.4,
  LTC: 95,
  DOGE: 0.38,
};

/** Units of each fiat currency per US dollar. */
export const SANDBOX_FIAT_PER_USD: Readonly<Record<string, number>> = {
  USD: 1,
  EUR: 0.92,
  KZT: 510,
  UAH: 41.5,
  RUB: 96,
  AZN: 1.7,
  CAD: 1.39,
};

const HOUR = 3600_000;
const DAY = 24 * HOUR;

/** A phase per currency (and per wave) so the prices do not all rise and fall together. */
function phaseOf(code: string): number {
  return (createHash('sha256').update(code).digest().readUInt16BE(0) / 65536) * 2 * Math.PI;
}

/**
 * A crypto's drift: the 6-hour swing, plus two slow ones so that a month or a year of prices is not
 * the 6-hour sine sampled at a multiple of its period (a flat line). At most ±6 % in all.
 */
export const CRYPTO_WAVES = [
  { amplitude: 0.03, period: 6 * HOUR, salt: '' },
  { amplitude: 0.01, period: 9.3 * DAY, salt: ':days' },
  { amplitude: 0.02, period: 97 * DAY, salt: ':months' },
] as const;

export interface SandboxRateOptions {
  now?: () => number;
  /** Aliases to their priced coin, e.g. USDT_TRX → USDT (from the catalogue). */
  parentOf?: (currency: string) => string | undefined;
}

/**
 * Plausible prices that drift slowly and deterministically: each is its base times a sum of sines
 * (CRYPTO_WAVES; fiats ±0.4 % a day), so balances in fiat move in the UI without any network access and two
 * gateway processes agree at the same instant. USDT and USD stay pegged.
 */
export function createSandboxRateProvider(opts: SandboxRateOptions = {}): RateProvider {
  const now = opts.now ?? Date.now;
  const sine = (at: number, code: string, amplitude: number, period: number) =>
    amplitude * Math.sin((2 * Math.PI * at) / period + phaseOf(code));
  const cryptoWave = (at: number, code: string) =>
    1 + CRYPTO_WAVES.reduce((sum, w) => sum + sine(at, code + w.salt, w.amplitude, w.period), 0);
  const fiatWave = (at: number, code: string) => 1 + sine(at, code, 0.004, 24 * HOUR);
  const pricesAt = async (currencies: readonly string[], at: number) => {
    const prices = new Map<string, number>();
    for (const currency of currencies) {
      const code = SANDBOX_CRYPTO_USD[currency] !== undefined ? currency : (opts.parentOf?.(currency) ?? currency);
      const crypto = SANDBOX_CRYPTO_USD[code];
      const fiat = SANDBOX_FIAT_PER_USD[currency];
      if (crypto !== undefined) {
        prices.set(currency, code === 'USDT' ? crypto : crypto * cryptoWave(at, code));
      } else if (fiat !== undefined) {
        prices.set(currency, currency === 'USD' ? 1 : 1 / (fiat * fiatWave(at, currency)));
      }
    }
    return prices;
  };
  return {
    name: 'sandbox',
    now,
    // One instant per request, so aliases (BTC_LNG → BTC) and pairs in one answer agree exactly.
    usdPrices: (currencies) => pricesAt(currencies, now()),
    usdPricesAt: pricesAt,
  };
}
