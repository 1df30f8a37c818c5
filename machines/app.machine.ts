import { assign, fromPromise, raise, setup, stateIn, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { sessionMachine } from './session.machine';
import { preferencesMachine, type PreferencesInput } from './preferences.machine';
import type { walletMachine, WalletSessionEvent } from './wallet.machine';

export type { WalletSessionEvent } from './wallet.machine';
import { selectSignedIn } from './session.selectors';
import { selectSettledCurrency } from './preferences.selectors';
import { output, thrown } from './shared/output';

/**
 * The signed-in part's actor logic: the wallet machine (machines/wallet.machine.ts) with its gateway
 * calls, downloaded with the signed-in area (src/app/signedIn.ts builds it). Only its type is imported
 * here, so the wallet's machines and rules stay out of the boot chunk.
 */
export type SignedInLogic = typeof walletMachine;
export type WalletActor = ActorRefFrom<SignedInLogic>;

export type AppInput = {
  preferences: PreferencesInput;
  /** The catalogue hides test coins in production. */
  production: boolean;
  /** The signed-in part when it is there from the start (tests); the live app downloads it. */
  signedIn?: SignedInLogic;
};

type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;
type PreferencesSnapshot = SnapshotFrom<typeof preferencesMachine>;

export type AppContext = {
  session: ActorRefFrom<typeof sessionMachine>;
  preferences: ActorRefFrom<typeof preferencesMachine>;
  production: boolean;
  /** The signed-in part's logic once it arrived (src/app keys the screens' side of the part by it). */
  part: SignedInLogic | null;
  /** The wallet, spawned from the part when it arrives and kept for the app's lifetime. */
  wallet: WalletActor | null;
  /** The settled fiat as the wallet last heard it (null: not known yet, nothing is priced). */
  fiat: string | null;
};

export type AppEvent =
  /** A signed-in screen (its route's loader) needs the part now. */
  | { type: 'signedInPart.requested' }
  // The children's snapshots (spawned with syncSnapshot): the rules react to them.
  | { type: 'xstate.snapshot.session'; snapshot: SessionSnapshot }
  | { type: 'xstate.snapshot.preferences'; snapshot: PreferencesSnapshot };

const sessionOf = ({ event }: { event: { snapshot: SessionSnapshot } }) => event.snapshot;

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
  },
  guards: {
    partGiven: ({ context }) => context.part !== null,
    sessionSignedIn: (_, snapshot: SessionSnapshot) => selectSignedIn(snapshot),
    sessionSignedOut: (_, snapshot: SessionSnapshot) => !selectSignedIn(snapshot),
  },
  actions: {
    storePart: assign((_, part: SignedInLogic) => ({ part })),
    // A side effect src/app provides (the download's failure is logged there).
    reportPartUnavailable: (_, _error: unknown) => {},
  },
});

/** Tells the wallet (once it is there) that the session started or ended. */
const tellWallet = (type: WalletSessionEvent['type']) =>
  appSetup.enqueueActions(({ context, enqueue }) => {
    if (context.wallet) enqueue.sendTo(context.wallet, { type });
  });

export const appMachine = appSetup
  .extend({
    actions: {
      walletStarted: tellWallet('session.started'),
      walletEnded: tellWallet('session.ended'),
      /** The wallet from the part's logic, with the fiat known so far. */
      spawnWallet: appSetup.assign(({ context, spawn }) =>
        context.part
          ? {
              wallet: spawn(context.part, {
                input: { preferences: context.preferences, production: context.production, fiat: context.fiat },
              }),
            }
          : {},
      ),
      /** A session already signed in when the part arrives counts. */
      joinSession: appSetup.enqueueActions(({ context, enqueue, check }) => {
        if (context.wallet && check(stateIn('#app.session.signedIn')))
          enqueue.sendTo(context.wallet, { type: 'session.started' });
      }),
      /**
       * The balances follow the selected fiat at once (spec §2 Settings), but only once it is known (the
       * user's choice, or the account's default after sign-in), so no rate is ever asked in a guess.
       */
      followFiat: appSetup.enqueueActions(({ context, event, enqueue }) => {
        if (event.type !== 'xstate.snapshot.preferences') return;
        const next = selectSettledCurrency(event.snapshot);
        if (next === context.fiat) return;
        if (next !== null && context.wallet) enqueue.sendTo(context.wallet, { type: 'fiat.settled', fiat: next });
        enqueue.assign({ fiat: next });
      }),
    },
  })
  .createMachine({
    id: 'app',
    description:
      'The root of the app: owns the long-lived actors (session and preferences from the start; the wallet, with the profile, catalogue, balances, reset hold and connectivity, once the signed-in part arrived) and tells the wallet of the session and the fiat.',
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
        wallet: null,
        fiat: selectSettledCurrency(preferences.getSnapshot()),
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
                actions: 'walletStarted',
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
                actions: 'walletEnded',
              },
            },
          },
        },
      },
      part: {
        description:
          'The signed-in part (the wallet machine and its gateway calls): downloaded on the first sign-in or signed-in route, then kept.',
        initial: 'absent',
        states: {
          absent: {
            always: { guard: 'partGiven', target: 'ready', actions: ['spawnWallet', 'joinSession'] },
            on: { 'signedInPart.requested': 'loading' },
          },
          loading: {
            invoke: {
              id: 'loadSignedInPart',
              src: 'loadSignedInPart',
              onDone: {
                target: 'ready',
                actions: [{ type: 'storePart', params: output }, 'spawnWallet', 'joinSession'],
              },
              onError: { target: 'failed', actions: { type: 'reportPartUnavailable', params: thrown } },
            },
          },
          failed: {
            description: 'The download failed: the next sign-in or signed-in route asks again.',
            on: { 'signedInPart.requested': 'loading' },
          },
          ready: { description: 'The wallet is there, for the rest of the app’s life.' },
        },
      },
    },
  });
