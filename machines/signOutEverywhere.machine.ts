import { fromPromise, setup } from 'xstate';

export type SignOutEverywhereEvent =
  | { type: 'signOutEverywhere.requested' }
  | { type: 'signOutEverywhere.confirmed' }
  | { type: 'signOutEverywhere.cancelled' };

/**
 * Settings → Sign out of all devices (issue 20 item 3): a confirmation (it signs this device out too),
 * then POST /user/sessions/revoke ends every grant of the user. On success the page ends this device's
 * session (outside the messenger: login; inside: the init data signs in again, once); a failure is a toast.
 */
export const signOutEverywhereMachine = setup({
  types: {
    events: {} as SignOutEverywhereEvent,
    tags: {} as 'busy',
  },
  actors: {
    /** POST /user/sessions/revoke. */
    revokeSessions: fromPromise<{ revoked: number }>(async () => {
      throw new Error('revokeSessions not provided');
    }),
  },
  actions: {
    /** Ends this device's session, whose grant is gone too (the session machine's `session.revoked`). */
    endSession: () => {},
    reportSignedOut: () => {},
    reportFailed: () => {},
  },
}).createMachine({
  id: 'signOutEverywhere',
  initial: 'idle',
  states: {
    idle: { on: { 'signOutEverywhere.requested': 'confirming' } },
    confirming: {
      description: 'Asks first: every device is signed out, this one included.',
      on: { 'signOutEverywhere.confirmed': 'revoking', 'signOutEverywhere.cancelled': 'idle' },
    },
    revoking: {
      tags: ['busy'],
      invoke: {
        id: 'revokeSessions',
        src: 'revokeSessions',
        // Ending the session may unmount this screen (outside the messenger): the machine does it on done.
        onDone: { target: 'idle', actions: ['endSession', 'reportSignedOut'] },
        onError: { target: 'idle', actions: 'reportFailed' },
      },
    },
  },
});
