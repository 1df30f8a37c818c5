import { createHash } from 'node:crypto';

/**
 * Where prices come from. Everything is expressed as the USD value of one unit, so any pair is a
 * quotient and a provider only needs one number per currency. Display data only: no money moves on it.
 */
export interface RateProvider {
  readonly name: string;
  /** USD value of one unit of each requested currency; currencies it cannot price are left out. */
  usdPrices(currencies: readonly string[]): Promise<Map<string, number>>;
}

/** Base USD prices of crypto assets (per coin). Implementations of one coin share its price. */
export const SANDBOX_CRYPTO_USD: Readonly<Record<string, number>> = {
  BTC: 97000, ETH: 3400, USDT: 1, TRX: 0.24, TON: 5.4, LTC: 95, DOGE: 0.38,
};

/** Units of each fiat currency per US dollar. */
export const SANDBOX_FIAT_PER_USD: Readonly<Record<string, number>> = {
  USD: 1, EUR: 0.92, KZT: 510, UAH: 41.5, RUB: 96, AZN: 1.7, CAD: 1.39,
};

const HOUR = 3600_000;

/** A phase per currency so the prices do not all rise and fall together. */
function phaseOf(code: string): number {
  return (createHash('sha256').update(code).digest().readUInt16BE(0) / 65536) * 2 * Math.PI;
}

export interface SandboxRateOptions {
  now?: () => number;
  /** Aliases to their priced coin, e.g. USDT_TRX → USDT (from the catalogue). */
  parentOf?: (currency: string) => string | undefined;
}

/**
 * Plausible prices that drift slowly and deterministically: each is its base times a sine of a few
 * per cent over several hours, so balances in fiat move in the UI without any network access and two
 * gateway processes agree at the same instant. USDT and USD stay pegged.
 */
export function createSandboxRateProvider(opts: SandboxRateOptions = {}): RateProvider {
  const now = opts.now ?? Date.now;
  const wave = (at: number, code: string, amplitude: number, periodHours: number) =>
    1 + amplitude * Math.sin((2 * Math.PI * at) / (periodHours * HOUR) + phaseOf(code));
  return {
    name: 'sandbox',
    async usdPrices(currencies) {
      // One instant per request, so aliases (BTC_LNG → BTC) and pairs in one answer agree exactly.
      const at = now();
      const prices = new Map<string, number>();
      for (const currency of currencies) {
        const code = SANDBOX_CRYPTO_USD[currency] !== undefined ? currency : opts.parentOf?.(currency) ?? currency;
        const crypto = SANDBOX_CRYPTO_USD[code];
        const fiat = SANDBOX_FIAT_PER_USD[currency];
        if (crypto !== undefined) {
          prices.set(currency, code === 'USDT' ? crypto : crypto * wave(at, code, 0.03, 6));
        } else if (fiat !== undefined) {
          prices.set(currency, currency === 'USD' ? 1 : 1 / (fiat * wave(at, currency, 0.004, 24)));
        }
      }
      return prices;
    },
  };
}
