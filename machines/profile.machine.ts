import { assign, fromPromise, setup } from 'xstate';
import { countFailure, FIRST_LOAD_RETRY, retryDelay } from './shared/backoff';
import type { Language } from './preferences.machine';

/** The signed-in user as the app shows it (spec §3 GET /user, accounts[0] is the active account). */
export type Profile = {
  /** Null for a user who signed in with Telegram and has not added an e-mail. */
  email: string | null;
  /** The active account's id; null when the user has none (wallet calls then fail). */
  accountId: string | null;
  pinCodeActive: boolean;
  /** The linked messenger user, when there is one. */
  telegram: { id: number; username: string | null } | null;
  /** The account's server-side language and fiat (spec §3), null when unset. */
  language: Language | null;
  currency: string | null;
  /** While a passcode reset holds money in the account: when send, swap and sell work again (ISO 8601). */
  resetHoldUntil?: string | null;
};

export type ProfileEvent =
  | { type: 'session.started' }
  | { type: 'session.ended' }
  | { type: 'profile.retried' }
  /** A passcode enable/disable just succeeded: the server now says this (no reload needed). */
  | { type: 'passcode.changed'; active: boolean }
  /** A recovery set a new passcode: the server now holds money out until `holdUntil`. */
  | { type: 'passcode.reset'; holdUntil: string };

export type ProfileContext = {
  profile: Profile | null;
  /** Why the last load failed. */
  error: unknown;
  /** Failed loads in a row, for the wait before the next try. */
  failures: number;
};

/**
 * The signed-in user's profile, app-wide: loaded once after sign-in, forgotten on sign-out, kept in step
 * with passcode changes. Screens and wallet calls read it through profile.selectors (src/app links it to
 * the session), so nobody keeps a copy of their own.
 */
export const profileMachine = setup({
  types: {
    context: {} as ProfileContext,
    events: {} as ProfileEvent,
    tags: {} as 'loading',
  },
  actors: {
    /** GET /b2c-user-management/user. */
    loadProfile: fromPromise<Profile>(async () => {
      throw new Error('loadProfile not provided');
    }),
  },
  delays: {
    RETRY: ({ context }) => retryDelay(context.failures),
  },
  actions: {
    forget: assign({ profile: null, error: null, failures: 0 }),
  },
}).createMachine({
  id: 'profile',
  context: { profile: null, error: null, failures: 0 },
  initial: 'signedOut',
  on: { 'session.ended': { target: '.signedOut', actions: 'forget' } },
  states: {
    signedOut: {
      description: 'Nobody is signed in: no profile, nothing loaded.',
      on: { 'session.started': 'loading' },
    },
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadProfile',
        src: 'loadProfile',
        onDone: {
          target: 'loaded',
          actions: assign({ profile: ({ event }) => event.output, error: null, failures: 0 }),
        },
        onError: {
          target: 'failed',
          actions: assign({
            error: ({ event }) => event.error,
            failures: ({ context }) => countFailure(context.failures, FIRST_LOAD_RETRY),
          }),
        },
      },
    },
    failed: {
      description:
        'GET /user failed: screens that need the profile offer Retry; it tries again by itself after 10 s, 20 s, 40 s, then every minute.',
      on: { 'profile.retried': 'loading' },
      after: { RETRY: 'loading' },
    },
    loaded: {
      on: {
        'passcode.changed': {
          actions: assign({
            profile: ({ context, event }) => context.profile && { ...context.profile, pinCodeActive: event.active },
          }),
        },
        'passcode.reset': {
          actions: assign({
            profile: ({ context, event }) =>
              context.profile && { ...context.profile, pinCodeActive: true, resetHoldUntil: event.holdUntil },
          }),
        },
      },
    },
  },
});
