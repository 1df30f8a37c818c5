import type { SnapshotFrom } from 'xstate';
import type { availableCoinsMachine } from './availableCoins.machine';

type Snapshot = SnapshotFrom<typeof availableCoinsMachine>;

/** The catalogue keyed by currency (stable reference for the whole session). */
export const selectCoins = (s: Snapshot) => s.context.coins;
export const selectCoin = (currency: string) => (s: Snapshot) => s.context.coins[currency] ?? null;
export const selectCoinsLoading = (s: Snapshot) => s.hasTag('loading') || s.matches('idle');
export const selectCoinsFailed = (s: Snapshot) => s.matches('error');
export const selectCoinsLoaded = (s: Snapshot) => s.matches('loaded');
/** Spec §4 status: 'loading' | 'error' | 'loaded' (idle = signed out counts as loading). */
export const selectCoinsStatus = (s: Snapshot): 'loading' | 'error' | 'loaded' =>
  s.matches('loaded') ? 'loaded' : s.matches('error') ? 'error' : 'loading';
