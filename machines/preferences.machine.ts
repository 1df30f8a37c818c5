import { assertEvent, assign, enqueueActions, fromPromise, setup } from 'xstate';

export type Language = 'ENG' | 'RUS';

export type PreferencesInput = {
  darkTheme: boolean;
  language: Language;
  /** A language stored locally means the user chose it; the server's choice only fills a gap. */
  languageChosen: boolean;
};

export type PreferencesContext = PreferencesInput & { signedIn: boolean };

export type PreferencesEvent =
  | { type: 'theme.toggled' }
  | { type: 'language.selected'; language: Language }
  | { type: 'user.signedIn' }
  | { type: 'user.signedOut' };

export const preferencesMachine = setup({
  types: {
    context: {} as PreferencesContext,
    events: {} as PreferencesEvent,
    input: {} as PreferencesInput,
    tags: {} as 'saving',
  },
  actors: {
    /** The language stored on the user's account (GET /user → accounts[0].language), if any. */
    loadServerLanguage: fromPromise<Language | null>(async () => {
      throw new Error('loadServerLanguage not provided');
    }),
    saveServerLanguage: fromPromise<void, { language: Language }>(async () => {
      throw new Error('saveServerLanguage not provided');
    }),
  },
  actions: {
    flipTheme: assign({ darkTheme: ({ context }) => !context.darkTheme }),
    chooseLanguage: assign({
      language: ({ event }) => {
        assertEvent(event, 'language.selected');
        return event.language;
      },
      languageChosen: true,
    }),
    adoptServerLanguage: enqueueActions(({ event, enqueue }) => {
      const language = (event as unknown as { output: Language | null }).output;
      if (!language) return;
      enqueue.assign({ language, languageChosen: true });
      enqueue('persistLanguage');
      enqueue('applyLanguage');
    }),
    markSignedIn: assign({ signedIn: true }),
    markSignedOut: assign({ signedIn: false }),
    // Side effects provided by src/app/live.ts: localStorage, <body> class, Lingui, messenger colours.
    persistTheme: () => {},
    applyTheme: () => {},
    persistLanguage: () => {},
    applyLanguage: () => {},
    reportSaveFailed: () => {},
  },
  guards: {
    signedIn: ({ context }) => context.signedIn,
    languageChosen: ({ context }) => context.languageChosen,
  },
}).createMachine({
  id: 'preferences',
  context: ({ input }) => ({ ...input, signedIn: false }),
  initial: 'ready',
  entry: ['applyTheme', 'applyLanguage'],
  on: {
    'theme.toggled': { actions: ['flipTheme', 'persistTheme', 'applyTheme'] },
    'language.selected': [
      { guard: 'signedIn', target: '.savingLanguage', reenter: true, actions: ['chooseLanguage', 'persistLanguage', 'applyLanguage'] },
      { target: '.ready', actions: ['chooseLanguage', 'persistLanguage', 'applyLanguage'] },
    ],
    'user.signedIn': [
      { guard: 'languageChosen', target: '.ready', actions: 'markSignedIn' },
      { target: '.loadingServerLanguage', actions: 'markSignedIn' },
    ],
    'user.signedOut': { target: '.ready', actions: 'markSignedOut' },
  },
  states: {
    ready: {},
    loadingServerLanguage: {
      description: 'Signed in with no local choice: the account language (spec §3) becomes the app language.',
      invoke: {
        id: 'loadServerLanguage',
        src: 'loadServerLanguage',
        onDone: { target: 'ready', actions: 'adoptServerLanguage' },
        onError: 'ready',
      },
    },
    savingLanguage: {
      tags: ['saving'],
      invoke: {
        id: 'saveServerLanguage',
        src: 'saveServerLanguage',
        input: ({ context }) => ({ language: context.language }),
        onDone: 'ready',
        onError: { target: 'ready', actions: 'reportSaveFailed' },
      },
    },
  },
});
