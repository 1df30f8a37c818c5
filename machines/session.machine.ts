import { assign, fromPromise, setup } from 'xstate';
import { startupRoute, storedSessionOwner, type StartupRoute } from './session.startup';
import { output, thrown } from './shared/output';
import type { RestoredSession, SessionUser } from './session.types';

export { accessValid, refreshValid, startupRoute, storedSessionOwner, type TelegramOwner } from './session.startup';
export type { RestoredSession, SessionUser } from './session.types';

export type SessionError = { code: string; message?: string };

export type SessionEvent =
  | { type: 'user.signedIn'; user: SessionUser }
  /** The user logged out: no grace, they asked to leave. */
  | { type: 'user.signedOut' }
  /** A renewed token was refused again (spec §7): sign out silently, with the usual grace. */
  | { type: 'session.expired' }
  | { type: 'user.unloaded' }
  | { type: 'token.rejected' }
  /** Sign out of all devices ended every grant, this session's too (issue 20 item 3). */
  | { type: 'session.revoked' };

export type SessionContext = RestoredSession & { error: SessionError | null };

export type SessionTag = 'busy' | 'signedIn' | 'signedOut' | 'reauthenticating';

export const AUTH_REDIRECT_GRACE_MS = 1000;
/** Spec §8: this code also clears the stored user. */
export const USER_GONE_CODE = 'B2C_USM0022';
export const SESSION_EXPIRED = 'SESSION_EXPIRED';

const notProvided = (name: string) =>
  fromPromise<SessionUser>(async () => {
    throw new Error(`${name} not provided`);
  });

export function toSessionError(error: unknown): SessionError {
  if (typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'string') {
    const { code, message } = error as { code: string; message?: string };
    return { code, message };
  }
  return { code: 'UNKNOWN', message: error instanceof Error ? error.message : undefined };
}

/** The start-up route the restored session leads to (spec §4), as the guard's params. */
const startsAs = (route: StartupRoute) =>
  ({
    type: 'startsAs',
    params: ({ event }: { event: { output: RestoredSession } }) => ({ route, session: event.output }),
  }) as const;
const restored = [{ type: 'restore', params: output }, 'expandIfTelegram'] as const;
/** The signed-in user of a sign-in actor's output. */
const STORE_OUTPUT = {
  type: 'storeUser',
  params: ({ event }: { event: { output: SessionUser | null } }) => event.output ?? null,
} as const;
/** The user of a `user.signedIn` event (signed in on the login screen). */
const STORE_SIGNED_IN = {
  type: 'storeUser',
  params: ({ event }: { event: { user: SessionUser } }) => event.user ?? null,
} as const;
const REMEMBER_ERROR = { type: 'rememberError', params: thrown } as const;

const signedInTransition = {
  target: '#session.authenticated',
  actions: STORE_OUTPUT,
} as const;

const sessionSetup = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    tags: {} as SessionTag,
  },
  delays: { AUTH_REDIRECT_GRACE: AUTH_REDIRECT_GRACE_MS },
  actors: {
    /** Reads the stored user (after processing an OIDC callback in the URL, if any) and the launch context. */
    restoreSession: fromPromise<RestoredSession>(async () => {
      throw new Error('restoreSession not provided');
    }),
    signinSilent: notProvided('signinSilent'),
    signInWithInitData: notProvided('signInWithInitData'),
    exchangeLinkToken: fromPromise<SessionUser, { linkToken: string }>(async () => {
      throw new Error('exchangeLinkToken not provided');
    }),
    /** GET /user with the stored access token: the Telegram user id the account is linked to, or null. */
    loadTelegramOwner: fromPromise<number | null, { accessToken: string }>(async () => {
      throw new Error('loadTelegramOwner not provided');
    }),
    /** Revokes the stored session's refresh token at the IdP's revocation endpoint and removes the stored user. */
    discardSession: fromPromise<void, { user: SessionUser }>(async () => {
      throw new Error('discardSession not provided');
    }),
  },
  actions: {
    storeUser: assign((_, user: SessionUser | null) => ({ user, error: null })),
    restore: assign((_, session: RestoredSession) => session),
    forgetUser: assign({ user: null }),
    rememberError: assign((_, error: unknown) => ({ error: toSessionError(error) })),
    dropLinkToken: assign({ linkToken: null }),
    /** The profile proved the stored session is the init data's Telegram user's: keep that with the user. */
    adoptTelegramOwner: assign({
      user: ({ context }) =>
        context.user && context.initDataUserId != null
          ? { ...context.user, telegramUserId: context.initDataUserId }
          : context.user,
    }),
    /** Kept as the reason the user has to sign in again; only gateway (B2C_*) codes get an error screen. */
    rememberExpiry: assign({ error: { code: SESSION_EXPIRED } }),
    // Side effects the app provides (src/app/live.ts): storage, navigation and the messenger.
    removeStoredUser: () => {},
    /** Persists context.user.telegramUserId beside the stored user, so the next start need not ask. */
    recordTelegramOwner: () => {},
    /** Navigates to /error/{context.error.code}. */
    showError: () => {},
    expandWindow: () => {},
  },
  guards: {
    inTelegram: ({ context }) => context.isTelegram,
    /** Issue 20 item 9: inside the messenger, the stored session is another Telegram user's (or cannot be shown to be this one's). */
    storedForAnotherTelegramUser: (_, session: RestoredSession) => storedSessionOwner(session) === 'other',
    /** Inside the messenger, a stored session with no Telegram user recorded and a live token to ask the profile with. */
    storedOwnerUnknown: (_, session: RestoredSession) => storedSessionOwner(session) === 'unknown',
    /** The profile's linked Telegram user is the init data's. */
    ownerIsInitDataUser: ({ context }, owner: number | null) =>
      context.initDataUserId != null && owner === context.initDataUserId,
    hasLinkToken: ({ context }) => Boolean(context.linkToken),
    startsAs: (_, { route, session }: { route: StartupRoute; session: RestoredSession }) =>
      startupRoute(session) === route,
  },
});

// Actions that enqueue others are added once the ones above are typed: inside the same `actions` object,
// their inferred list of actions would lose the params types of `restore` and `storeUser`.
export const sessionMachine = sessionSetup
  .extend({
    actions: {
      expandIfTelegram: sessionSetup.enqueueActions(({ context, enqueue }) => {
        if (context.isTelegram) enqueue('expandWindow');
      }),
      clearUserIfGone: sessionSetup.enqueueActions(({ context, enqueue }) => {
        if (context.error?.code === USER_GONE_CODE) enqueue('removeStoredUser');
      }),
    },
  })
  .createMachine({
    id: 'session',
    context: { user: null, isTelegram: false, linkToken: null, initDataUserId: null, error: null },
    initial: 'loading',
    states: {
      loading: {
        description:
          'Auth state loading, then the spec §4 start-up rules, decided once from the stored user and the host.',
        tags: ['busy'],
        invoke: {
          id: 'restoreSession',
          src: 'restoreSession',
          onDone: [
            // Issue 20 item 9: decided before the spec §4 rules, which assume the stored user is the one here.
            {
              guard: { type: 'storedForAnotherTelegramUser', params: output },
              target: 'startup.discarding',
              actions: restored,
            },
            {
              guard: { type: 'storedOwnerUnknown', params: output },
              target: 'startup.verifyingOwner',
              actions: restored,
            },
            { guard: startsAs('active'), target: 'authenticated', actions: restored },
            { guard: startsAs('silentThenInitData'), target: 'startup.silentThenInitData', actions: restored },
            { guard: startsAs('initData'), target: 'startup.initData', actions: restored },
            { guard: startsAs('silent'), target: 'startup.silent', actions: restored },
            {
              guard: startsAs('expired'),
              target: 'unauthenticated',
              actions: [...restored, 'removeStoredUser', 'forgetUser', 'rememberExpiry'],
            },
            { guard: startsAs('linking'), target: 'startup.linking', actions: restored },
            { target: 'unauthenticated', actions: restored },
          ],
          onError: { target: 'unauthenticated', actions: REMEMBER_ERROR },
        },
      },
      startup: {
        tags: ['busy'],
        // Always entered through a specific child chosen by `loading`; the initial state is formal.
        initial: 'initData',
        states: {
          silentThenInitData: {
            invoke: {
              id: 'signinSilent',
              src: 'signinSilent',
              onDone: signedInTransition,
              onError: 'initData',
            },
          },
          silent: {
            description: 'Outside the messenger; a refused refresh token means the session is over, so sign in again.',
            invoke: {
              id: 'signinSilent',
              src: 'signinSilent',
              onDone: signedInTransition,
              onError: {
                target: '#session.unauthenticated',
                actions: [REMEMBER_ERROR, 'removeStoredUser', 'forgetUser'],
              },
            },
          },
          initData: {
            invoke: {
              id: 'signInWithInitData',
              src: 'signInWithInitData',
              onDone: signedInTransition,
              onError: {
                target: 'initDataFailed',
                actions: [REMEMBER_ERROR, 'clearUserIfGone', 'forgetUser', 'showError'],
              },
            },
          },
          verifyingOwner: {
            description:
              "Inside the messenger, a stored session recorded for no Telegram user (a password sign-in, or stored before the record existed): it stays only if the profile is linked to the init data's Telegram user; any other answer, or none, discards it.",
            invoke: {
              id: 'loadTelegramOwner',
              src: 'loadTelegramOwner',
              input: ({ context }) => ({ accessToken: context.user?.accessToken ?? '' }),
              onDone: [
                {
                  guard: { type: 'ownerIsInitDataUser', params: output },
                  target: '#session.authenticated',
                  actions: ['adoptTelegramOwner', 'recordTelegramOwner'],
                },
                { target: 'discarding' },
              ],
              onError: 'discarding',
            },
          },
          discarding: {
            description:
              "Guide §8 item 16: the stored session is not the init data's Telegram user's. Its refresh token is revoked and the stored user removed, then the init data signs in (or exchanges the link token) as the user who is here.",
            invoke: {
              id: 'discardSession',
              src: 'discardSession',
              input: ({ context }) => ({ user: context.user! }),
              onDone: [
                { guard: 'hasLinkToken', target: 'linking', actions: 'forgetUser' },
                { target: 'initData', actions: 'forgetUser' },
              ],
              // A revocation that failed (offline) must not keep the other user's session here either.
              onError: [
                { guard: 'hasLinkToken', target: 'linking', actions: ['removeStoredUser', 'forgetUser'] },
                { target: 'initData', actions: ['removeStoredUser', 'forgetUser'] },
              ],
            },
          },
          initDataFailed: {
            description: 'Spec §4: in the init-data path the spinner stays shown on failure.',
          },
          linking: {
            invoke: {
              id: 'exchangeLinkToken',
              src: 'exchangeLinkToken',
              input: ({ context }) => ({ linkToken: context.linkToken ?? '' }),
              onDone: { ...signedInTransition, actions: [STORE_OUTPUT, 'dropLinkToken'] },
              onError: {
                target: '#session.unauthenticated',
                actions: [REMEMBER_ERROR, 'dropLinkToken', 'clearUserIfGone', 'showError'],
              },
            },
          },
        },
      },
      authenticated: {
        tags: ['signedIn'],
        initial: 'active',
        on: {
          'user.signedOut': { target: 'unauthenticated.settled', actions: ['removeStoredUser', 'forgetUser'] },
          'session.expired': { target: 'unauthenticated', actions: ['removeStoredUser', 'forgetUser'] },
          'user.unloaded': { target: 'unauthenticated', actions: 'forgetUser' },
        },
        states: {
          active: {
            on: {
              'token.rejected': [
                { guard: 'inTelegram', target: 'reauthenticating.viaInitData' },
                { target: 'reauthenticating.viaSilent' },
              ],
              'user.signedIn': { actions: STORE_SIGNED_IN },
              // Inside the messenger the init data signs in again, as after a 401 (spec §7), once: a failure
              // there signs out; elsewhere the local session ends and login shows.
              'session.revoked': [
                { guard: 'inTelegram', target: 'reauthenticating.viaInitData' },
                { target: '#session.unauthenticated.settled', actions: ['removeStoredUser', 'forgetUser'] },
              ],
            },
          },
          reauthenticating: {
            description: 'Spec §7 401 rule: renew once; if that fails, sign out silently.',
            tags: ['reauthenticating'],
            initial: 'viaSilent',
            states: {
              viaInitData: {
                invoke: {
                  id: 'signInWithInitData',
                  src: 'signInWithInitData',
                  onDone: { target: '#session.authenticated.active', actions: STORE_OUTPUT },
                  onError: {
                    target: '#session.unauthenticated',
                    actions: [REMEMBER_ERROR, 'removeStoredUser', 'forgetUser'],
                  },
                },
              },
              viaSilent: {
                invoke: {
                  id: 'signinSilent',
                  src: 'signinSilent',
                  onDone: { target: '#session.authenticated.active', actions: STORE_OUTPUT },
                  onError: {
                    target: '#session.unauthenticated',
                    actions: [REMEMBER_ERROR, 'removeStoredUser', 'forgetUser'],
                  },
                },
              },
            },
          },
        },
      },
      unauthenticated: {
        tags: ['signedOut'],
        initial: 'grace',
        on: { 'user.signedIn': { ...signedInTransition, actions: STORE_SIGNED_IN } },
        states: {
          grace: {
            description: 'Spec §2: 1 s grace before signed-in screens redirect to login.',
            after: { AUTH_REDIRECT_GRACE: 'settled' },
          },
          settled: {},
        },
      },
    },
  });
