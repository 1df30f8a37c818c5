import type { SnapshotFrom } from 'xstate';
import type { Asset } from '../contracts/wallet';
import type { portfolioChangeMachine } from './portfolioChange.machine';
import { portfolioChange, type Change, type PricedHolding } from './shared/priceChange';
import { isDecimal, isZero } from './shared/money';

type Snapshot = SnapshotFrom<typeof portfolioChangeMachine>;

export const selectDayPrices = (s: Snapshot) => s.context.prices;

/** The crypto Home would price: held and not zero, sorted, so the list is a stable key. */
export const pricedCurrencies = (assets: readonly Asset[]): string[] =>
  assets
    .filter((a) => a.isCrypto && isDecimal(a.totalAvailable) && !isZero(a.totalAvailable))
    .map((a) => a.currency)
    .sort();

/**
 * The change of today's holdings over 24 h, or null while there is nothing to say: prices not loaded,
 * a held coin without prices (the change would leave it out), or nothing held.
 */
export function changeOf(assets: readonly Asset[], prices: Snapshot['context']['prices']): Change | null {
  if (!prices) return null;
  const holdings: PricedHolding[] = [];
  for (const currency of pricedCurrencies(assets)) {
    const day = prices[currency];
    if (!day) return null;
    holdings.push({ amount: assets.find((a) => a.currency === currency)!.totalAvailable, ...day });
  }
  return portfolioChange(holdings);
}
