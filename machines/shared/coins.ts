import type { Coin } from '../../contracts/wallet';

/** Spec §7: the lightning BTC currency, filtered out of production builds. */
export const LIGHTNING = 'BTC_LNG';

/** Spec §9: suggested on the first-time screen. */
export const SUGGESTED_ASSETS = ['BTC', 'ETH', 'USDT_TRX'] as const;

/** Keyed by currency code (spec §3 "available coins: the map"). */
export type CoinMap = Record<string, Coin>;

/**
 * Spec §3/§7: keep only entries with at least one implementation; in production drop BTC_LNG and
 * entries whose implementations are all BTC_LNG.
 */
export function toCoinMap(list: readonly Coin[], production: boolean): CoinMap {
  const map: CoinMap = {};
  for (const coin of list) {
    const implementations = coin.implementations ?? [];
    if (implementations.length === 0) continue;
    if (production && (coin.currency === LIGHTNING || implementations.every((i) => i.currency === LIGHTNING))) continue;
    map[coin.currency] = coin;
  }
  return map;
}

/** Structural equality for plain JSON data (API payloads): lets assigns keep the old reference. */
export function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every(
    (k) =>
      Object.prototype.hasOwnProperty.call(b, k) &&
      sameData((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]),
  );
}

/** Returns `previous` when `next` holds the same data, so selectors see an unchanged reference. */
export const keepIfSame = <T>(previous: T, next: T): T => (sameData(previous, next) ? previous : next);
