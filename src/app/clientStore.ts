import { localStore } from './webStorage';

/**
 * Spec §9 local-storage keys the start-up services read (client preferences, spec §3). The wallet
 * screens' own keys are in src/app/homeStore.ts, which downloads with those screens.
 */
const CURRENCY = 'selectedCurrency';

export const clientStore = {
  /** A locally chosen fiat (spec §3 selectedCurrency), or null when the user never chose one here. */
  currency: () => localStore.read(CURRENCY),
  saveCurrency: (currency: string) => localStore.write(CURRENCY, currency),
};

export type ClientStore = typeof clientStore;
