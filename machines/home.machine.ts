import { assign, fromPromise, setup } from 'xstate';
import { SUGGESTED_ASSETS } from './shared/coins';

export type HomeInput = {
  isTelegram: boolean;
  /** Persisted `isProtectWalletShown`: the wallet-protection prompt was dismissed. */
  protectDismissed: boolean;
  /** Persisted `isTelegramBannerClosed`. */
  bannerClosed: boolean;
  /** Persisted `disabledAssets`: held coins hidden on home (manage assets). */
  hiddenAssets: string[];
  /**
   * The messenger link (tgAuth) as last known on this device for this user, null when never known: the
   * banner is painted from it at once instead of popping in when GET /user/auth answers.
   */
  lastTgLinked: boolean | null;
};

/** The slices of GET /user (pinCodeActive) and GET /user/auth (tgAuth) home decides on. */
export type UserFlags = { pinCodeActive: boolean; tgLinked: boolean };

export type HomeContext = HomeInput & { flags: UserFlags | null };

export type HomeEvent =
  | { type: 'protectPrompt.dismissed' }
  | { type: 'protectPrompt.accepted' }
  | { type: 'banner.closed' }
  | { type: 'suggested.added' };

export const homeMachine = setup({
  types: {
    context: {} as HomeContext,
    events: {} as HomeEvent,
    input: {} as HomeInput,
    tags: {} as 'adding',
  },
  actors: {
    loadUserFlags: fromPromise<UserFlags>(async () => {
      throw new Error('loadUserFlags not provided');
    }),
    /** POST /{account}/account/currency/list with the spec §9 suggestions. */
    addAssets: fromPromise<void, { currencies: string[] }>(async () => {
      throw new Error('addAssets not provided');
    }),
  },
  actions: {
    persistProtectDismissed: () => {},
    persistBannerClosed: () => {},
    /** Keeps the answered link state on the device for the next Home. */
    persistTgLinked: () => {},
    /** Settings → Wallet protection. */
    goToProtection: () => {},
    refreshBalances: () => {},
    reportAddFailed: () => {},
  },
}).createMachine({
  id: 'home',
  context: ({ input }) => ({ ...input, flags: null }),
  initial: 'active',
  states: {
    active: {
      type: 'parallel',
      on: {
        'protectPrompt.dismissed': { actions: [assign({ protectDismissed: true }), 'persistProtectDismissed'] },
        'protectPrompt.accepted': {
          target: 'leftForProtection',
          actions: [assign({ protectDismissed: true }), 'persistProtectDismissed'],
        },
        'banner.closed': { actions: [assign({ bannerClosed: true }), 'persistBannerClosed'] },
      },
      states: {
        user: {
          initial: 'loading',
          states: {
            loading: {
              invoke: {
                id: 'loadUserFlags',
                src: 'loadUserFlags',
                onDone: {
                  target: 'known',
                  actions: [assign({ flags: ({ event }) => event.output }), 'persistTgLinked'],
                },
                onError: 'unknown',
              },
            },
            known: {},
            unknown: {
              description: 'Flags unknown: no protection prompt; the banner stays as last known on this device.',
            },
          },
        },
        suggested: {
          initial: 'idle',
          states: {
            idle: { on: { 'suggested.added': 'adding' } },
            adding: {
              tags: ['adding'],
              invoke: {
                id: 'addAssets',
                src: 'addAssets',
                input: () => ({ currencies: [...SUGGESTED_ASSETS] }),
                onDone: { target: 'idle', actions: 'refreshBalances' },
                onError: { target: 'idle', actions: 'reportAddFailed' },
              },
            },
          },
        },
      },
    },
    leftForProtection: {
      description: 'The user chose to set a passcode: home is left for wallet protection.',
      type: 'final',
      entry: 'goToProtection',
    },
  },
});
