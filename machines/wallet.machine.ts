import {
  assign,
  fromCallback,
  setup,
  type ActorRefFrom,
  type CallbackActorLogic,
  type EventObject,
  type SnapshotFrom,
} from 'xstate';
import type { preferencesMachine } from './preferences.machine';
import { profileMachine } from './profile.machine';
import { availableCoinsMachine } from './availableCoins.machine';
import { balancesMachine } from './balances.machine';
import { resetHoldMachine } from './resetHold.machine';
import { connectivityMachine } from './connectivity.machine';
import { selectProfileSettled, selectResetHoldUntil } from './profile.selectors';
import { selectOffline } from './connectivity.selectors';

/** What the wallet's actors hear of the session (the prefetch too: it asks ahead of the screens at sign-in). */
export type WalletSessionEvent = { type: 'session.started' } | { type: 'session.ended' };

export type WalletInput = {
  /** The app's preferences actor: told of the sign-in once the profile settled, and of the sign-out. */
  preferences: ActorRefFrom<typeof preferencesMachine>;
  /** The catalogue hides test coins in production. */
  production: boolean;
  /** The settled fiat so far (null: not known yet, nothing is priced). */
  fiat: string | null;
};

type ConnectivityRef = ActorRefFrom<typeof connectivityMachine>;

export type WalletContext = {
  preferences: WalletInput['preferences'];
  profile: ActorRefFrom<typeof profileMachine>;
  coins: ActorRefFrom<typeof availableCoinsMachine>;
  balances: ActorRefFrom<typeof balancesMachine>;
  resetHold: ActorRefFrom<typeof resetHoldMachine>;
  connectivity: ConnectivityRef;
  /** The early calls of a sign-in (told of the session like the profile). */
  prefetch: ActorRefFrom<CallbackActorLogic<WalletSessionEvent>>;
  /** The reset hold's end as last reported from the profile. */
  holdUntil: string | null;
};

type ProfileSnapshot = SnapshotFrom<typeof profileMachine>;
type ConnectivitySnapshot = SnapshotFrom<typeof connectivityMachine>;

export type WalletEvent =
  | WalletSessionEvent
  /** The settled fiat changed (the app machine follows the preferences). */
  | { type: 'fiat.settled'; fiat: string }
  /** A caller waits for the profile (wallet calls need its account): a failed load is asked again. */
  | { type: 'profile.needed' }
  | { type: 'xstate.snapshot.profile'; snapshot: ProfileSnapshot }
  | { type: 'xstate.snapshot.connectivity'; snapshot: ConnectivitySnapshot };

const profileOf = ({ event }: { event: { snapshot: ProfileSnapshot } }) => event.snapshot;
const connectivityOf = ({ event }: { event: { snapshot: ConnectivitySnapshot } }) => event.snapshot;

const walletSetup = setup({
  types: {
    context: {} as WalletContext,
    events: {} as WalletEvent,
    input: {} as WalletInput,
  },
  actors: {
    // The app-wide actors of the signed-in area; src/app/signedIn.ts provides their gateway calls.
    profile: profileMachine,
    coins: availableCoinsMachine,
    balances: balancesMachine,
    resetHold: resetHoldMachine,
    connectivity: connectivityMachine,
    /** The page's network events for the connectivity actor (src/app/connectivity.ts). */
    network: fromCallback<EventObject, { connectivity: ConnectivityRef }>(() => {}),
    /** Calls made as soon as the user is signed in, ahead of the screen that needs them (src/app/signedIn.ts). */
    prefetch: fromCallback<WalletSessionEvent>(() => {}),
  },
  guards: {
    profileSettled: (_, snapshot: ProfileSnapshot) => selectProfileSettled(snapshot),
    holdChanged: ({ context }, snapshot: ProfileSnapshot) => selectResetHoldUntil(snapshot) !== context.holdUntil,
    offline: (_, snapshot: ConnectivitySnapshot) => selectOffline(snapshot),
    online: (_, snapshot: ConnectivitySnapshot) => !selectOffline(snapshot),
  },
  actions: {
    rememberHold: assign((_, snapshot: ProfileSnapshot) => ({ holdUntil: selectResetHoldUntil(snapshot) })),
    // A side effect src/app provides: the hold's report reads the clock, so this machine stays pure.
    reportHold: (_, _until: string | null) => {},
  },
});

/** Tells the session's start or end to every actor that follows it. */
const tellWallet = (type: WalletSessionEvent['type']) =>
  walletSetup.enqueueActions(({ context, enqueue }) => {
    for (const actor of [context.profile, context.coins, context.balances, context.prefetch])
      enqueue.sendTo(actor, { type });
  });

/**
 * The signed-in area's actors and the rules that tie them, downloaded with the signed-in part and
 * spawned by the app machine (machines/app.machine.ts), which tells it of the session and the fiat.
 */
export const walletMachine = walletSetup
  .extend({
    actions: {
      startWallet: tellWallet('session.started'),
      endWallet: tellWallet('session.ended'),
      tellSignedIn: walletSetup.enqueueActions(({ context, enqueue }) =>
        enqueue.sendTo(context.preferences, { type: 'user.signedIn' }),
      ),
      tellSignedOut: walletSetup.enqueueActions(({ context, enqueue }) =>
        enqueue.sendTo(context.preferences, { type: 'user.signedOut' }),
      ),
      /** The hold is forgotten with the profile at sign-out. */
      forgetHold: walletSetup.enqueueActions(({ context, enqueue }) => {
        if (context.holdUntil === null) return;
        enqueue.assign({ holdUntil: null });
        enqueue({ type: 'reportHold', params: null });
      }),
      /** The balances follow the settled fiat at once (spec §2 Settings). */
      followFiat: walletSetup.enqueueActions(({ context, event, enqueue }) => {
        if (event.type === 'fiat.settled') enqueue.sendTo(context.balances, { type: 'fiat.changed', fiat: event.fiat });
      }),
      /** A failed profile is asked again by whoever needs it next (as a cache would). */
      retryProfile: walletSetup.enqueueActions(({ context, enqueue }) => {
        if (context.profile.getSnapshot().matches('failed'))
          enqueue.sendTo(context.profile, { type: 'profile.retried' });
      }),
      /**
       * Back online, the balances load at once instead of waiting out their backoff: a failed first load
       * is tried again, shown data is refreshed. A poll in flight is left alone: its answer may be what
       * brought the connection back.
       */
      hurryBalances: walletSetup.enqueueActions(({ context, enqueue }) => {
        const polls = context.balances.getSnapshot();
        if (polls.matches('failed')) enqueue.sendTo(context.balances, { type: 'balances.retried' });
        if (polls.matches({ loaded: 'waiting' }))
          enqueue.sendTo(context.balances, { type: 'balances.refreshRequested' });
      }),
    },
  })
  .createMachine({
    id: 'wallet',
    description:
      "The signed-in area's long-lived actors (profile, coin catalogue, balances, reset hold, connectivity) and the rules that tie them to the session, the preferences and each other.",
    type: 'parallel',
    context: ({ input, spawn }) => {
      // Reached through these references (app.selectors, wallet.selectors), not by system id: a model's
      // walk through the app machine spawns a wallet on every path, in one system.
      const connectivity = spawn('connectivity', { id: 'connectivity', syncSnapshot: true });
      // After the connectivity actor, so it is there when the page says it is offline.
      spawn('network', { id: 'network', input: { connectivity } });
      return {
        preferences: input.preferences,
        profile: spawn('profile', { id: 'profile', syncSnapshot: true }),
        coins: spawn('coins', { id: 'coins', input: { production: input.production } }),
        balances: spawn('balances', { id: 'balances', input: { fiat: input.fiat } }),
        resetHold: spawn('resetHold', { id: 'resetHold' }),
        connectivity,
        prefetch: spawn('prefetch', { id: 'prefetch' }),
        holdUntil: null,
      };
    },
    on: {
      'fiat.settled': { actions: 'followFiat' },
      'profile.needed': { actions: 'retryProfile' },
    },
    states: {
      session: {
        description:
          'The profile, the catalogue and the balance poll start when the user is signed in and stop, forgetting everything, when they sign out.',
        initial: 'signedOut',
        states: {
          signedOut: { on: { 'session.started': { target: 'signedIn', actions: 'startWallet' } } },
          signedIn: { on: { 'session.ended': { target: 'signedOut', actions: ['endWallet', 'forgetHold'] } } },
        },
      },
      account: {
        description:
          'Preferences learn of the sign-in once the profile settled (the account language and fiat are then known, spec §3), and of the sign-out when the session ends.',
        initial: 'signedOut',
        states: {
          signedOut: {
            on: {
              'xstate.snapshot.profile': {
                guard: { type: 'profileSettled', params: profileOf },
                target: 'signedIn',
                actions: 'tellSignedIn',
              },
            },
          },
          signedIn: { on: { 'session.ended': { target: 'signedOut', actions: 'tellSignedOut' } } },
        },
      },
      hold: {
        description:
          "The reset hold follows the profile's passcodeResetHoldUntil (GET /user, a recovery's answer); it is forgotten at sign-out.",
        initial: 'following',
        states: {
          following: {
            on: {
              'xstate.snapshot.profile': {
                guard: { type: 'holdChanged', params: profileOf },
                actions: [
                  { type: 'rememberHold', params: profileOf },
                  { type: 'reportHold', params: ({ event }) => selectResetHoldUntil(event.snapshot) },
                ],
              },
            },
          },
        },
      },
      connection: {
        description: 'The balances follow the connection: when it comes back they load at once.',
        initial: 'online',
        states: {
          online: {
            on: {
              'xstate.snapshot.connectivity': { guard: { type: 'offline', params: connectivityOf }, target: 'offline' },
            },
          },
          offline: {
            on: {
              'xstate.snapshot.connectivity': {
                guard: { type: 'online', params: connectivityOf },
                target: 'online',
                actions: 'hurryBalances',
              },
            },
          },
        },
      },
    },
  });
