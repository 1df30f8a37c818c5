import { assertEvent, assign, enqueueActions, fromPromise, setup } from 'xstate';

import type { Language } from '../contracts/user';

export type { Language };

/** Spec §9: the default-currency choices; USD is the default. */
export const FIAT_CHOICES = ['USD', 'EUR', 'KZT', 'UAH', 'AZN', 'CAD'] as const;
export const DEFAULT_CURRENCY = 'USD';

export type PreferencesInput = {
  darkTheme: boolean;
  /**
   * A theme stored locally means the user chose it; without a choice the host's colour scheme (the
   * messenger's, guide §5) is followed as it changes.
   */
  themeChosen?: boolean;
  language: Language;
  /** A language stored locally means the user chose it; the server's choice only fills a gap. */
  languageChosen: boolean;
  /** Spec §3 selectedCurrency (fiat for totals), default USD. */
  currency?: string;
  /** A currency stored locally means the user chose it; the account's defaultFiatCurrency only fills a gap. */
  currencyChosen?: boolean;
  /** Every amount masked on screen (issue 14 "Hide balances"); stored on this device only, default shown. */
  hideBalances?: boolean;
};

export type PreferencesContext = Required<PreferencesInput> & {
  signedIn: boolean;
  /** The value a running save sends; a newer choice made meanwhile is saved right after it. */
  languageInFlight: Language | null;
  currencyInFlight: string | null;
};

/** What the account says (GET /user → accounts[0]); either may be missing. */
export type ServerSettings = { language: Language | null; currency: string | null };

export type PreferencesEvent =
  | { type: 'theme.toggled' }
  /** The messenger switched between its dark and light schemes (`theme_changed`). */
  | { type: 'theme.hostChanged'; dark: boolean }
  | { type: 'language.selected'; language: Language }
  | { type: 'currency.selected'; currency: string }
  /** The eye on Home: masks or shows every amount at once. */
  | { type: 'balances.hideToggled' }
  | { type: 'user.signedIn' }
  | { type: 'user.signedOut' };

export const preferencesMachine = setup({
  types: {
    context: {} as PreferencesContext,
    events: {} as PreferencesEvent,
    input: {} as PreferencesInput,
    tags: {} as 'saving' | 'savingLanguage' | 'savingCurrency',
  },
  actors: {
    /** The account's language and default fiat currency (GET /user → accounts[0]). */
    loadServerSettings: fromPromise<ServerSettings>(async () => {
      throw new Error('loadServerSettings not provided');
    }),
    saveServerLanguage: fromPromise<void, { language: Language }>(async () => {
      throw new Error('saveServerLanguage not provided');
    }),
    saveServerCurrency: fromPromise<void, { currency: string }>(async () => {
      throw new Error('saveServerCurrency not provided');
    }),
  },
  actions: {
    flipTheme: assign({ darkTheme: ({ context }) => !context.darkTheme, themeChosen: true }),
    followHostTheme: assign({
      darkTheme: ({ event }) => {
        assertEvent(event, 'theme.hostChanged');
        return event.dark;
      },
    }),
    flipHideBalances: assign({ hideBalances: ({ context }) => !context.hideBalances }),
    chooseLanguage: assign({
      language: ({ event }) => {
        assertEvent(event, 'language.selected');
        return event.language;
      },
      languageChosen: true,
    }),
    chooseCurrency: assign({
      currency: ({ event }) => {
        assertEvent(event, 'currency.selected');
        return event.currency;
      },
      currencyChosen: true,
    }),
    markSignedIn: assign({ signedIn: true }),
    markSignedOut: assign({ signedIn: false }),
    // Side effects provided by src/app/live.ts: localStorage, <body> class, Lingui, messenger colours.
    persistTheme: () => {},
    applyTheme: () => {},
    persistLanguage: () => {},
    applyLanguage: () => {},
    persistCurrency: () => {},
    persistHideBalances: () => {},
    reportSaveFailed: () => {},
    reportCurrencySaveFailed: () => {},
  },
  guards: {
    themeNotChosen: ({ context }) => !context.themeChosen,
    signedIn: ({ context }) => context.signedIn,
    allChosen: ({ context }) => context.languageChosen && context.currencyChosen,
    languageChangedMeanwhile: ({ context }) => context.language !== context.languageInFlight,
    currencyChangedMeanwhile: ({ context }) => context.currency !== context.currencyInFlight,
  },
}).createMachine({
  id: 'preferences',
  context: ({ input }) => ({
    ...input,
    // An absent stored choice (undefined) must not wipe the default: the fiat is never undefined.
    currency: input.currency || DEFAULT_CURRENCY,
    currencyChosen: input.currencyChosen ?? false,
    themeChosen: input.themeChosen ?? false,
    hideBalances: input.hideBalances ?? false,
    signedIn: false,
    languageInFlight: null,
    currencyInFlight: null,
  }),
  type: 'parallel',
  entry: ['applyTheme', 'applyLanguage'],
  on: {
    'theme.toggled': { actions: ['flipTheme', 'persistTheme', 'applyTheme'] },
    // A choice made in Settings wins over the messenger's scheme from then on.
    'theme.hostChanged': { guard: 'themeNotChosen', actions: ['followHostTheme', 'applyTheme'] },
    // Device-only, like the theme: a shared account may want its amounts shown on another phone.
    'balances.hideToggled': { actions: ['flipHideBalances', 'persistHideBalances'] },
  },
  states: {
    account: {
      initial: 'signedOut',
      on: { 'user.signedOut': { target: '.signedOut', actions: 'markSignedOut' } },
      states: {
        signedOut: {
          on: {
            'user.signedIn': [
              { guard: 'allChosen', target: 'signedIn', actions: 'markSignedIn' },
              { target: 'loadingServerSettings', actions: 'markSignedIn' },
            ],
          },
        },
        loadingServerSettings: {
          description: 'Signed in with no local choice: the account language and default fiat (spec §3) fill the gaps.',
          invoke: {
            id: 'loadServerSettings',
            src: 'loadServerSettings',
            onDone: {
              target: 'signedIn',
              // Inline, where the done event is typed by loadServerSettings: the account fills only what the user did not choose.
              actions: enqueueActions(({ context, event, enqueue }) => {
                const { language, currency } = event.output;
                if (language && !context.languageChosen) {
                  enqueue.assign({ language, languageChosen: true });
                  enqueue('persistLanguage');
                  enqueue('applyLanguage');
                }
                if (currency && !context.currencyChosen) {
                  enqueue.assign({ currency, currencyChosen: true });
                  enqueue('persistCurrency');
                }
              }),
            },
            onError: 'signedIn',
          },
        },
        signedIn: {},
      },
    },
    language: {
      initial: 'idle',
      on: { 'user.signedOut': '.idle' },
      states: {
        idle: {
          entry: assign({ languageInFlight: null }),
          on: {
            'language.selected': [
              { guard: 'signedIn', target: 'saving', actions: ['chooseLanguage', 'persistLanguage', 'applyLanguage'] },
              { actions: ['chooseLanguage', 'persistLanguage', 'applyLanguage'] },
            ],
          },
        },
        saving: {
          tags: ['saving', 'savingLanguage'],
          entry: assign({ languageInFlight: ({ context }) => context.language }),
          on: { 'language.selected': { actions: ['chooseLanguage', 'persistLanguage', 'applyLanguage'] } },
          invoke: {
            id: 'saveServerLanguage',
            src: 'saveServerLanguage',
            input: ({ context }) => ({ language: context.language }),
            onDone: [{ guard: 'languageChangedMeanwhile', target: 'saving', reenter: true }, { target: 'idle' }],
            onError: { target: 'idle', actions: 'reportSaveFailed' },
          },
        },
      },
    },
    currency: {
      initial: 'idle',
      on: { 'user.signedOut': '.idle' },
      states: {
        idle: {
          entry: assign({ currencyInFlight: null }),
          on: {
            'currency.selected': [
              { guard: 'signedIn', target: 'saving', actions: ['chooseCurrency', 'persistCurrency'] },
              { actions: ['chooseCurrency', 'persistCurrency'] },
            ],
          },
        },
        saving: {
          description:
            'Applied at once (totals re-render); the server copy follows (POST default-fiat-currency/update).',
          tags: ['saving', 'savingCurrency'],
          entry: assign({ currencyInFlight: ({ context }) => context.currency }),
          on: { 'currency.selected': { actions: ['chooseCurrency', 'persistCurrency'] } },
          invoke: {
            id: 'saveServerCurrency',
            src: 'saveServerCurrency',
            input: ({ context }) => ({ currency: context.currency }),
            onDone: [{ guard: 'currencyChangedMeanwhile', target: 'saving', reenter: true }, { target: 'idle' }],
            onError: { target: 'idle', actions: 'reportCurrencySaveFailed' },
          },
        },
      },
    },
  },
});
