import type { SnapshotFrom } from 'xstate';
import type { balancesMachine } from './balances.machine';

type Snapshot = SnapshotFrom<typeof balancesMachine>;

/** Same reference across polls that bring the same data. */
export const selectAssets = (s: Snapshot) => s.context.assets;
export const selectRates = (s: Snapshot) => s.context.rates;
export const selectBalancesFiat = (s: Snapshot) => s.context.fiat;
export const selectBalancesStale = (s: Snapshot) => s.context.stale;
/** When the data shown was loaded (ms since the epoch), null before the first load. */
export const selectBalancesUpdatedAt = (s: Snapshot) => s.context.updatedAt;
/** 'loading' until the first answer; polls after that keep 'loaded'. */
export const selectBalancesStatus = (s: Snapshot): 'loading' | 'error' | 'loaded' =>
  s.matches('loaded') ? 'loaded' : s.matches('failed') ? 'error' : 'loading';
export const selectHeldCurrencies = (s: Snapshot) => s.context.assets.map((a) => a.currency).join(',');
/** The display rate of one crypto in one fiat, or null when the last rate call did not bring it. */
export const selectRate =
  (currency: string, fiat: string) =>
  (s: Snapshot): number | null =>
    s.context.rates[currency]?.[fiat] ?? null;

/** Some money is in the wallet (available or held): amounts are exact decimal strings, so any digit 1–9. */
export const selectHasFunds = (s: Snapshot) =>
  s.context.assets.some((a) => /[1-9]/.test(a.totalAvailable) || /[1-9]/.test(a.onHold));
