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
    /** Revokes and removes the stored user; the session then turns unauthenticated. */
    signOut: fromPromise<void>(async () => {
      throw new Error('signOut not provided');
    }),
  },
  actions: {
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
            onDone: { target: 'signedOut', actions: 'goToLogin' },
            onError: { target: 'signedIn', actions: 'reportSignOutFailed' },
          },
        },
        signedOut: { type: 'final' },
      },
    },
  },
});
