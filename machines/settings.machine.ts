import { assign, fromPromise, setup } from 'xstate';

/** The slice of GET /user the settings screen shows; the e-mail is null for a Telegram user who has added none. */
export type SettingsProfile = { email: string | null };

export type SettingsEvent = { type: 'profile.retried' } | { type: 'logout.requested' };

export type SettingsContext = { profile: SettingsProfile | null };

export const settingsMachine = setup({
  types: {
    context: {} as SettingsContext,
    events: {} as SettingsEvent,
    tags: {} as 'loading' | 'busy',
  },
  actors: {
    loadProfile: fromPromise<SettingsProfile>(async () => {
      throw new Error('loadProfile not provided');
    }),
    /** Revokes the tokens at the identity provider; the machine then ends the session itself. */
    signOut: fromPromise<void>(async () => {
      throw new Error('signOut not provided');
    }),
  },
  actions: {
    /** Ends the app session (the session machine removes the stored user). */
    endSession: () => {},
    goToLogin: () => {},
    reportSignOutFailed: () => {},
  },
}).createMachine({
  id: 'settings',
  context: { profile: null },
  type: 'parallel',
  states: {
    profile: {
      initial: 'loading',
      states: {
        loading: {
          tags: ['loading'],
          invoke: {
            id: 'loadProfile',
            src: 'loadProfile',
            onDone: { target: 'loaded', actions: assign({ profile: ({ event }) => event.output }) },
            onError: 'failed',
          },
        },
        loaded: {},
        failed: { on: { 'profile.retried': 'loading' } },
      },
    },
    account: {
      initial: 'signedIn',
      states: {
        signedIn: { on: { 'logout.requested': 'signingOut' } },
        signingOut: {
          tags: ['busy'],
          invoke: {
            id: 'signOut',
            src: 'signOut',
            // The session ends here, not inside signOut: ending it unmounts this screen (and stops this
            // actor) on React's next flush, before a promise settled after it could reach the machine.
            onDone: { target: 'signedOut', actions: ['endSession', 'goToLogin'] },
            onError: { target: 'signedIn', actions: 'reportSignOutFailed' },
          },
        },
        signedOut: { type: 'final' },
      },
    },
  },
});
