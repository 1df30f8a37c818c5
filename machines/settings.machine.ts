import { fromPromise, setup } from 'xstate';

export type SettingsEvent = { type: 'logout.requested' };

/**
 * Settings' own flow: logging out. The e-mail it shows is the app-wide profile's (profile.machine.ts),
 * read as it is, so a profile that loads again in the background shows here without a copy to update.
 */
export const settingsMachine = setup({
  types: {
    events: {} as SettingsEvent,
    tags: {} as 'busy',
  },
  actors: {
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
});
