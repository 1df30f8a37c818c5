import {
  assign,
  fromPromise,
  not,
  raise,
  setup,
  stateIn,
  type ActorRefFrom,
  fromCallback,
  type CallbackActorLogic,
  type EventObject,
  type SnapshotFrom,
} from 'xstate';
import { sessionMachine } from './session.machine';
import { preferencesMachine, type PreferencesInput } from './preferences.machine';
import type { profileMachine } from './profile.machine';
import type { availableCoinsMachine } from './availableCoins.machine';
import type { balancesMachine } from './balances.machine';
import type { resetHoldMachine } from './resetHold.machine';
import type { connectivityMachine } from './connectivity.machine';
import { selectSignedIn } from './session.selectors';
import { selectSettledCurrency } from './preferences.selectors';
import { selectProfileSettled, selectResetHoldUntil } from './profile.selectors';
import { selectOffline } from './connectivity.selectors';
import { output, thrown } from './shared/output';

/** What the signed-in actors hear of the session (the prefetch too: it asks ahead of the screens at sign-in). */
export type WalletSessionEvent = { type: 'session.started' } | { type: 'session.ended' };

/**
 * The signed-in part's actor logic, downloaded with the signed-in area (src/app/signedIn.ts builds it
 * with the gateway calls). Only the types are imported here, so the machines stay out of the boot chunk.
 */
export type SignedInLogic = {
  profile: typeof profileMachine;
  coins: typeof availableCoinsMachine;
  balances: typeof balancesMachine;
  resetHold: typeof resetHoldMachine;
  connectivity: typeof connectivityMachine;
  /** The page's network events, told to the connectivity actor for as long as the part lives. */
  network: CallbackActorLogic<EventObject, { connectivity: ActorRefFrom<typeof connectivityMachine> }>;
  /** Calls made as soon as the user is signed in, ahead of the screen that needs them. */
  prefetch: CallbackActorLogic<WalletSessionEvent>;
};

export type SignedInActors = {
  profile: ActorRefFrom<typeof profileMachine>;
  coins: ActorRefFrom<typeof availableCoinsMachine>;
  balances: ActorRefFrom<typeof balancesMachine>;
  resetHold: ActorRefFrom<typeof resetHoldMachine>;
  connectivity: ActorRefFrom<typeof connectivityMachine>;
  network: ActorRefFrom<SignedInLogic['network']>;
  prefetch: ActorRefFrom<CallbackActorLogic<WalletSessionEvent>>;
};

export type AppInput = {
  preferences: PreferencesInput;
  /** The catalogue hides test coins in production. */
  production: boolean;
  /** The signed-in part when it is there from the start (tests); the live app downloads it. */
  signedIn?: SignedInLogic;
};

type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;
type PreferencesSnapshot = SnapshotFrom<typeof preferencesMachine>;
type ProfileSnapshot = SnapshotFrom<typeof profileMachine>;
type ConnectivitySnapshot = SnapshotFrom<typeof connectivityMachine>;

export type AppContext = {
  session: ActorRefFrom<typeof sessionMachine>;
  preferences: ActorRefFrom<typeof preferencesMachine>;
  production: boolean;
  /** The signed-in part's logic once it arrived (src/app keys the screens' side of the part by it). */
  part: SignedInLogic | null;
  /** The signed-in actors, spawned when the part arrives and kept for the app's lifetime. */
  signedIn: SignedInActors | null;
  /** The settled fiat as the balances last heard it (null: not known yet, nothing is priced). */
  fiat: string | null;
  /** The reset hold's end as last reported from the profile. */
  holdUntil: string | null;
};

export type AppEvent =
  /** A signed-in screen (its route's loader) needs the part now. */
  | { type: 'signedInPart.requested' }
  /** A caller waits for the profile (wallet calls need its account): a failed load is asked again. */
  | { type: 'profile.needed' }
  // The children's snapshots, as they change: the link rules react to them.
  | { type: 'xstate.snapshot.session'; snapshot: SessionSnapshot }
  | { type: 'xstate.snapshot.preferences'; snapshot: PreferencesSnapshot }
  | { type: 'profile.changed'; snapshot: ProfileSnapshot }
  | { type: 'connectivity.changed'; snapshot: ConnectivitySnapshot };

type Watched = Pick<SignedInActors, 'profile' | 'connectivity'>;

/**
 * The profile's and the connectivity's snapshots as app events, for as long as the signed-in part is
 * there (the part's actors are spawned from downloaded logic, so they cannot relay their snapshots by id).
 */
const watchSignedIn = fromCallback<EventObject, Watched>(({ input, sendBack }) => {
  const watching = [
    input.profile.subscribe((snapshot) => sendBack({ type: 'profile.changed', snapshot })),
    input.connectivity.subscribe((snapshot) => sendBack({ type: 'connectivity.changed', snapshot })),
  ];
  return () => watching.forEach((subscription) => subscription.unsubscribe());
});

const SESSION_IN = stateIn('#app.session.signedIn');
const sessionOf = ({ event }: { event: { snapshot: SessionSnapshot } }) => event.snapshot;
const profileOf = ({ event }: { event: { snapshot: ProfileSnapshot } }) => event.snapshot;
const connectivityOf = ({ event }: { event: { snapshot: ConnectivitySnapshot } }) => event.snapshot;

const appSetup = setup({
  types: {
    context: {} as AppContext,
    events: {} as AppEvent,
    input: {} as AppInput,
  },
  actors: {
    // Provided by src/app/services.ts with their side effects (storage, navigation, the identity provider).
    session: sessionMachine,
    preferences: preferencesMachine,
    /** Downloads the signed-in part and builds its actor logic (src/app/signedInPart.ts). */
    loadSignedInPart: fromPromise<SignedInLogic>(async () => {
      throw new Error('loadSignedInPart not provided');
    }),
    watchSignedIn,
  },
  guards: {
    partGiven: ({ context }) => context.part !== null,
    sessionSignedIn: (_, snapshot: SessionSnapshot) => selectSignedIn(snapshot),
    sessionSignedOut: (_, snapshot: SessionSnapshot) => !selectSignedIn(snapshot),
    profileSettled: (_, snapshot: ProfileSnapshot) => selectProfileSettled(snapshot),
    holdChanged: ({ context }, snapshot: ProfileSnapshot) => selectResetHoldUntil(snapshot) !== context.holdUntil,
    offline: (_, snapshot: ConnectivitySnapshot) => selectOffline(snapshot),
    online: (_, snapshot: ConnectivitySnapshot) => !selectOffline(snapshot),
  },
  actions: {
    storePart: assign((_, part: SignedInLogic) => ({ part })),
    rememberHold: assign((_, snapshot: ProfileSnapshot) => ({ holdUntil: selectResetHoldUntil(snapshot) })),
    // Side effects src/app provides: the hold's report reads the clock, so this machine stays pure.
    reportHold: (_, _until: string | null) => {},
    reportPartUnavailable: (_, _error: unknown) => {},
  },
});

/**
 * The signed-in actors from the part's logic; the balances start with the fiat known so far. They are
 * reached through these references (src/app reads them with app.selectors), not by system id: the part
 * is spawned once per app, but a model's walk through this machine spawns it on every path.
 */
const spawnSignedIn = appSetup.assign(({ context, spawn }) => {
  const logic = context.part;
  if (!logic) return {};
  const connectivity = spawn(logic.connectivity);
  return {
    signedIn: {
      profile: spawn(logic.profile),
      coins: spawn(logic.coins, { input: { production: context.production } }),
      balances: spawn(logic.balances, { input: { fiat: context.fiat } }),
      resetHold: spawn(logic.resetHold),
      connectivity,
      network: spawn(logic.network, { input: { connectivity } }),
      prefetch: spawn(logic.prefetch),
    },
  };
});

/** Tells the session's start or end to every signed-in actor that follows it. */
const tellWallet = (type: WalletSessionEvent['type']) =>
  appSetup.enqueueActions(({ context, enqueue }) => {
    const actors = context.signedIn;
    if (!actors) return;
    for (const actor of [actors.profile, actors.coins, actors.balances, actors.prefetch])
      enqueue.sendTo(actor, { type });
  });

export const appMachine = appSetup
  .extend({
    actions: {
      startWallet: tellWallet('session.started'),
      endWallet: tellWallet('session.ended'),
      spawnSignedIn,
      /**
       * The balances follow the selected fiat at once (spec §2 Settings), but only once it is known (the
       * user's choice, or the account's default after sign-in), so no rate is ever asked in a guess.
       */
      followFiat: appSetup.enqueueActions(({ context, event, enqueue }) => {
        if (event.type !== 'xstate.snapshot.preferences') return;
        const next = selectSettledCurrency(event.snapshot);
        if (next === context.fiat) return;
        if (next !== null && context.signedIn)
          enqueue.sendTo(context.signedIn.balances, { type: 'fiat.changed', fiat: next });
        enqueue.assign({ fiat: next });
      }),
      tellSignedIn: appSetup.enqueueActions(({ context, enqueue }) =>
        enqueue.sendTo(context.preferences, { type: 'user.signedIn' }),
      ),
      tellSignedOut: appSetup.enqueueActions(({ context, enqueue }) =>
        enqueue.sendTo(context.preferences, { type: 'user.signedOut' }),
      ),
      /** The hold is forgotten with the profile at sign-out. */
      forgetHold: appSetup.enqueueActions(({ context, enqueue }) => {
        if (context.holdUntil === null) return;
        enqueue.assign({ holdUntil: null });
        enqueue({ type: 'reportHold', params: null });
      }),
      /** A failed profile is asked again by whoever needs it next (as a cache would). */
      retryProfile: appSetup.enqueueActions(({ context, enqueue }) => {
        const profile = context.signedIn?.profile;
        if (profile?.getSnapshot().matches('failed')) enqueue.sendTo(profile, { type: 'profile.retried' });
      }),
      /**
       * Back online, the balances load at once instead of waiting out their backoff: a failed first load
       * is tried again, shown data is refreshed. A poll in flight is left alone: its answer may be what
       * brought the connection back.
       */
      hurryBalances: appSetup.enqueueActions(({ context, enqueue }) => {
        const balances = context.signedIn?.balances;
        if (!balances) return;
        const polls = balances.getSnapshot();
        if (polls.matches('failed')) enqueue.sendTo(balances, { type: 'balances.retried' });
        if (polls.matches({ loaded: 'waiting' })) enqueue.sendTo(balances, { type: 'balances.refreshRequested' });
      }),
    },
  })
  .createMachine({
    id: 'app',
    description:
      'The root of the app: owns the long-lived actors (session and preferences from the start; profile, catalogue, balances, reset hold and connectivity once the signed-in part arrived) and the rules that tie them.',
    type: 'parallel',
    context: ({ input, spawn }) => {
      // The preferences first: the first paint is in the user's language and theme.
      const preferences = spawn('preferences', {
        id: 'preferences',
        systemId: 'preferences',
        input: input.preferences,
        syncSnapshot: true,
      });
      const session = spawn('session', { id: 'session', systemId: 'session', syncSnapshot: true });
      return {
        session,
        preferences,
        production: input.production,
        part: input.signedIn ?? null,
        signedIn: null,
        fiat: selectSettledCurrency(preferences.getSnapshot()),
        holdUntil: null,
      };
    },
    on: { 'xstate.snapshot.preferences': { actions: 'followFiat' } },
    states: {
      session: {
        description: "The session as the app follows it (the session actor's signedIn tag).",
        initial: 'signedOut',
        states: {
          signedOut: {
            on: {
              'xstate.snapshot.session': {
                guard: { type: 'sessionSignedIn', params: sessionOf },
                target: 'signedIn',
              },
            },
          },
          signedIn: {
            description: 'A sign-in (stored user, password, messenger, link token) asks for the signed-in part.',
            entry: raise({ type: 'signedInPart.requested' }),
            on: {
              'xstate.snapshot.session': {
                guard: { type: 'sessionSignedOut', params: sessionOf },
                target: 'signedOut',
              },
            },
          },
        },
      },
      part: {
        description:
          'The signed-in part (profile, catalogue, balances, reset hold, connectivity): downloaded on the first sign-in or signed-in route, then kept.',
        initial: 'absent',
        states: {
          absent: {
            always: { guard: 'partGiven', target: 'ready', actions: 'spawnSignedIn' },
            on: { 'signedInPart.requested': 'loading' },
          },
          loading: {
            invoke: {
              id: 'loadSignedInPart',
              src: 'loadSignedInPart',
              onDone: { target: 'ready', actions: [{ type: 'storePart', params: output }, 'spawnSignedIn'] },
              onError: { target: 'failed', actions: { type: 'reportPartUnavailable', params: thrown } },
            },
          },
          failed: {
            description: 'The download failed: the next sign-in or signed-in route asks again.',
            on: { 'signedInPart.requested': 'loading' },
          },
          ready: {
            type: 'parallel',
            invoke: {
              id: 'watchSignedIn',
              src: 'watchSignedIn',
              input: ({ context }) => ({
                profile: context.signedIn!.profile,
                connectivity: context.signedIn!.connectivity,
              }),
            },
            on: { 'profile.needed': { actions: 'retryProfile' } },
            states: {
              wallet: {
                description:
                  'The profile, the catalogue and the balance poll start when the user is signed in and stop, forgetting everything, when they sign out; a part that arrives after the sign-in joins it.',
                initial: 'signedOut',
                states: {
                  signedOut: { always: { guard: SESSION_IN, target: 'signedIn', actions: 'startWallet' } },
                  signedIn: {
                    always: { guard: not(SESSION_IN), target: 'signedOut', actions: ['endWallet', 'forgetHold'] },
                  },
                },
              },
              account: {
                description:
                  'Preferences learn of the sign-in once the profile settled (the account language and fiat are then known, spec §3), and of the sign-out when the session ends.',
                initial: 'signedOut',
                states: {
                  signedOut: {
                    on: {
                      'profile.changed': {
                        guard: { type: 'profileSettled', params: profileOf },
                        target: 'signedIn',
                        actions: 'tellSignedIn',
                      },
                    },
                  },
                  // The profile is forgotten exactly when the session ends (the wallet's session.ended).
                  signedIn: { always: { guard: not(SESSION_IN), target: 'signedOut', actions: 'tellSignedOut' } },
                },
              },
              hold: {
                description:
                  "The reset hold follows the profile's passcodeResetHoldUntil (GET /user, a recovery's answer); it is forgotten at sign-out.",
                initial: 'following',
                states: {
                  following: {
                    on: {
                      'profile.changed': {
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
                      'connectivity.changed': {
                        guard: { type: 'offline', params: connectivityOf },
                        target: 'offline',
                      },
                    },
                  },
                  offline: {
                    on: {
                      'connectivity.changed': {
                        guard: { type: 'online', params: connectivityOf },
                        target: 'online',
                        actions: 'hurryBalances',
                      },
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
  });
