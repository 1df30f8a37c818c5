import type { SnapshotFrom } from 'xstate';
import type { preferencesMachine } from './preferences.machine';

type Snapshot = SnapshotFrom<typeof preferencesMachine>;

export const selectDarkTheme = (s: Snapshot) => s.context.darkTheme;
export const selectLanguage = (s: Snapshot) => s.context.language;
export const selectSavingLanguage = (s: Snapshot) => s.hasTag('savingLanguage');
/** Spec §3 selectedCurrency: the fiat every total and fiat value is shown in (default USD). */
export const selectCurrency = (s: Snapshot) => s.context.currency;
export const selectSavingCurrency = (s: Snapshot) => s.hasTag('savingCurrency');
/**
 * The fiat once it is known: the user's own choice, or — signed in without one — after the account's
 * default fiat was asked for (spec §3). Null until then, so nothing is priced in a guess.
 */
export const selectSettledCurrency = (s: Snapshot): string | null =>
  s.context.currencyChosen || s.matches({ account: 'signedIn' }) ? s.context.currency : null;
/** Issue 14 "Hide balances": every amount the formatters write is masked. */
export const selectBalancesHidden = (s: Snapshot) => s.context.hideBalances;
