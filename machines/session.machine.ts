import { and, assign, enqueueActions, fromPromise, setup } from 'xstate';

/** The signed-in session as the app needs it (spec §3), independent of the OIDC library. */
export type SessionUser = {
  accessToken: string;
  refreshToken?: string;
  /** Access-token expiry in seconds since the epoch (oidc-client-ts `expires_at`). */
  expiresAt?: number;
  /** Refresh-token expiry in ms; absent when the token is opaque and the IdP did not say. */
  refreshExpiresAt?: number;
  profile: { sub: string; email?: string };
};

export type SessionError = { code: string; message?: string };

export type SessionInput = { isTelegram: boolean; linkToken: string | null };

export type SessionEvent =
  | { type: 'user.signedIn'; user: SessionUser }
  | { type: 'user.signedOut' }
  | { type: 'user.unloaded' }
  | { type: 'token.rejected' };

export type SessionContext = SessionInput & { user: SessionUser | null; error: SessionError | null };

export type SessionTag = 'busy' | 'signedIn' | 'signedOut' | 'reauthenticating';

export const AUTH_REDIRECT_GRACE_MS = 1000;
/** Spec §8: this code also clears the stored user. */
export const USER_GONE_CODE = 'B2C_USM0022';

const notProvided = (name: string) =>
  fromPromise<SessionUser, void>(async () => {
    throw new Error(`${name} not provided`);
  });

/** Spec §9: expiries are compared as seconds × 1000 against now. */
export const accessValid = (user: SessionUser, now = Date.now()) =>
  user.expiresAt === undefined || user.expiresAt * 1000 > now;
export const refreshValid = (user: SessionUser, now = Date.now()) =>
  Boolean(user.refreshToken) && (user.refreshExpiresAt === undefined || user.refreshExpiresAt > now);

export function toSessionError(error: unknown): SessionError {
  if (typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'string') {
    const { code, message } = error as { code: string; message?: string };
    return { code, message };
  }
  return { code: 'UNKNOWN', message: error instanceof Error ? error.message : undefined };
}

const signedInTransition = {
  target: '#session.authenticated',
  actions: 'storeUser',
} as const;

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
    tags: {} as SessionTag,
  },
  delays: { AUTH_REDIRECT_GRACE: AUTH_REDIRECT_GRACE_MS },
  actors: {
    /** Reads the stored user; processes an OIDC callback in the URL first if there is one. */
    loadUser: fromPromise<SessionUser | null, void>(async () => {
      throw new Error('loadUser not provided');
    }),
    signinSilent: notProvided('signinSilent'),
    signInWithInitData: notProvided('signInWithInitData'),
    exchangeLinkToken: fromPromise<SessionUser, { linkToken: string }>(async () => {
      throw new Error('exchangeLinkToken not provided');
    }),
  },
  actions: {
    storeUser: assign({
      user: ({ event }) => (event as unknown as { output?: SessionUser; user?: SessionUser }).output
        ?? (event as { user?: SessionUser }).user ?? null,
      error: null,
    }),
    keepStoredUser: assign({ user: ({ event }) => (event as unknown as { output: SessionUser | null }).output }),
    forgetUser: assign({ user: null }),
    rememberError: assign({ error: ({ event }) => toSessionError((event as unknown as { error: unknown }).error) }),
    dropLinkToken: assign({ linkToken: null }),
    // Side effects the app provides (src/app/live.ts): storage, navigation and the messenger.
    removeStoredUser: () => {},
    /** Navigates to /error/{context.error.code}. */
    showError: () => {},
    expandWindow: () => {},
    clearUserIfGone: enqueueActions(({ context, enqueue }) => {
      if (context.error?.code === USER_GONE_CODE) enqueue('removeStoredUser');
    }),
  },
  guards: {
    inTelegram: ({ context }) => context.isTelegram,
    hasLinkToken: ({ context }) => Boolean(context.linkToken),
    hasUser: ({ context }) => context.user !== null,
    accessValid: ({ context }) => context.user !== null && accessValid(context.user),
    refreshValid: ({ context }) => context.user !== null && refreshValid(context.user),
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({ ...input, user: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      entry: enqueueActions(({ context, enqueue }) => {
        if (context.isTelegram) enqueue('expandWindow');
      }),
      invoke: {
        src: 'loadUser',
        onDone: { target: 'startup', actions: 'keepStoredUser' },
        onError: { target: 'unauthenticated', actions: 'rememberError' },
      },
    },
    startup: {
      tags: ['busy'],
      initial: 'deciding',
      states: {
        deciding: {
          description: 'Spec §4 start-up rules, decided once from the stored user and the host.',
          always: [
            { guard: and(['hasUser', 'accessValid']), target: '#session.authenticated' },
            { guard: and(['hasUser', 'inTelegram', 'refreshValid']), target: 'silentThenInitData' },
            { guard: and(['hasUser', 'inTelegram']), target: 'initData' },
            { guard: and(['hasUser', 'refreshValid']), target: 'silent' },
            { guard: 'hasUser', target: '#session.unauthenticated', actions: ['removeStoredUser', 'forgetUser'] },
            { guard: and(['inTelegram', 'hasLinkToken']), target: 'linking' },
            { guard: 'inTelegram', target: 'initData' },
            { target: '#session.unauthenticated' },
          ],
        },
        silentThenInitData: {
          invoke: {
            src: 'signinSilent',
            onDone: signedInTransition,
            onError: 'initData',
          },
        },
        silent: {
          description: 'Outside the messenger; a refused refresh token means the session is over, so sign in again.',
          invoke: {
            src: 'signinSilent',
            onDone: signedInTransition,
            onError: { target: '#session.unauthenticated', actions: ['removeStoredUser', 'forgetUser'] },
          },
        },
        initData: {
          invoke: {
            src: 'signInWithInitData',
            onDone: signedInTransition,
            onError: { target: 'initDataFailed', actions: ['rememberError', 'clearUserIfGone', 'forgetUser', 'showError'] },
          },
        },
        initDataFailed: {
          description: 'Spec §4: in the init-data path the spinner stays shown on failure.',
        },
        linking: {
          invoke: {
            src: 'exchangeLinkToken',
            input: ({ context }) => ({ linkToken: context.linkToken ?? '' }),
            onDone: { ...signedInTransition, actions: ['storeUser', 'dropLinkToken'] },
            onError: {
              target: '#session.unauthenticated',
              actions: ['rememberError', 'dropLinkToken', 'clearUserIfGone', 'showError'],
            },
          },
        },
      },
    },
    authenticated: {
      tags: ['signedIn'],
      initial: 'active',
      on: {
        'user.signedOut': { target: 'unauthenticated', actions: ['removeStoredUser', 'forgetUser'] },
        'user.unloaded': { target: 'unauthenticated', actions: 'forgetUser' },
      },
      states: {
        active: {
          on: {
            'token.rejected': 'reauthenticating',
            'user.signedIn': { actions: 'storeUser' },
          },
        },
        reauthenticating: {
          description: 'Spec §7 401 rule: renew once; if that fails, sign out silently.',
          tags: ['reauthenticating'],
          initial: 'choosing',
          states: {
            choosing: {
              always: [{ guard: 'inTelegram', target: 'viaInitData' }, { target: 'viaSilent' }],
            },
            viaInitData: {
              invoke: {
                src: 'signInWithInitData',
                onDone: { target: '#session.authenticated.active', actions: 'storeUser' },
                onError: { target: '#session.unauthenticated', actions: ['removeStoredUser', 'forgetUser'] },
              },
            },
            viaSilent: {
              invoke: {
                src: 'signinSilent',
                onDone: { target: '#session.authenticated.active', actions: 'storeUser' },
                onError: { target: '#session.unauthenticated', actions: ['removeStoredUser', 'forgetUser'] },
              },
            },
          },
        },
      },
    },
    unauthenticated: {
      tags: ['signedOut'],
      initial: 'grace',
      on: { 'user.signedIn': signedInTransition },
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
