import { fromCallback, fromPromise, waitFor, type PromiseActorLogic } from 'xstate';
import type { ServerSettings } from '../../machines/preferences.machine';
import type { SignedInLogic } from '../../machines/app.machine';
import { walletMachine, type WalletSessionEvent } from '../../machines/wallet.machine';
import type { selectWalletActors } from '../../machines/wallet.selectors';
import { availableCoinsMachine } from '../../machines/availableCoins.machine';
import { balancesMachine } from '../../machines/balances.machine';
import { profileMachine, type Profile } from '../../machines/profile.machine';
import { selectPinCodeActive, selectProfile, selectProfileSettled } from '../../machines/profile.selectors';
import { selectUserSub } from '../../machines/session.selectors';
import type { UserFlags } from '../../machines/home.machine';
import { createAuthHttp } from '../api/authHttp';
import { isApiError } from '../api/errors';
import type { UserProfile } from '../api/userProfile';
import type { KyInstance } from 'ky';
import type { DeviceFeatures, Platform, StartPlatform } from '../platform/types';
import type {
  AvailableCoinsActor,
  BalancesActor,
  ConnectivityActor,
  ProfileActor,
  ResetHoldActor,
  SessionActor,
} from './actors';
import { connectivityLogic, networkLogic, reachabilityOf, type NetworkPort } from './connectivity';
import { withReachability } from '../api/reachability';
import type { Apis } from '../api/apis';
import type { AuthPort } from '../auth/authPort';
import { createSessionPort } from './sessionPort';
import { holdReport, holdReporter } from './holdReport';
import type { Analytics } from './analytics';
import { withFlowEvents } from './flowEvents';
import { lastKnownWallet } from './lastKnownWallet';

/** Wallet calls the page-level machines (home, manage assets) invoke, with the active account. */
export type WalletActors = {
  /** The profile's pinCodeActive and GET /user/auth tgAuth. */
  loadUserFlags: PromiseActorLogic<UserFlags>;
  /** POST /{account}/account/currency/list. */
  addAssets: PromiseActorLogic<void, { currencies: string[] }>;
  /** POST /{account}/account/currency. */
  addAsset: PromiseActorLogic<void, { currency: string }>;
};

/** The signed-in features' dependencies: each feature's `create…Actors` takes the part it needs. */
export type FeatureDeps = {
  coins: AvailableCoinsActor;
  /** The balance poll (Home's Telegram messages offer waits for the first money it shows). */
  balances: BalancesActor;
  /** The signed-in user's profile, read as it is (Settings' Notifications: the e-mail and the linked Telegram). */
  profile: ProfileActor;
  platform: Platform;
  api: Apis;
  accountId: () => Promise<string>;
  pinCodeActive: () => Promise<boolean>;
  passcodeChanged: (active: boolean) => void;
  /** A recovery set a new passcode: the profile learns it and the hold's end. */
  passcodeReset: (holdUntil: string) => void;
};

/**
 * What only the signed-in area uses: the profile, the coin catalogue, the balance poll (the app machine's
 * children, machines/app.machine.ts), the wallet calls and the features' deps. Their logic is built by
 * `createSignedInServices` once per app, when the signed-in area or a sign-in first needs it
 * (src/app/services.ts), so none of it is in the boot chunk.
 */
export type SignedInServices = {
  /** Spec §3/§4 coin catalogue, loaded once per signed-in session. */
  coins: AvailableCoinsActor;
  /** Balances and rates, polled every 10 s while signed in. */
  balances: BalancesActor;
  /** The signed-in user's profile (e-mail, account, pinCodeActive, messenger link). */
  profile: ProfileActor;
  /** The hold on money leaving the account after a passcode reset (send, swap and sell show its end). */
  resetHold: ResetHoldActor;
  /**
   * Whether the gateway can be reached (started): the offline banner of the signed-in screens, the
   * balance poll and the money screens read it. The sign-in screens show no banner, so it is built here.
   */
  connectivity: ConnectivityActor;
  walletActors: WalletActors;
  /** `signOut` only revokes the tokens: the settings machine ends the session itself once it answered. */
  settings: {
    signOut: PromiseActorLogic<void>;
    /** POST /user/sessions/revoke: every grant of the user ends; the settings page then ends this session. */
    signOutEverywhere: PromiseActorLogic<{ revoked: number }>;
  };
  /**
   * What the asset, address-book, send and protection pages build their actor logic from
   * (`useFeatureActors(create…Actors)`), so those factories download with their pages, not at start-up.
   */
  features: FeatureDeps;
  /** The account's language and fiat for the preferences machine (spec §3): the loaded profile's, else GET /user. */
  serverSettings(): Promise<ServerSettings>;
};

/** The app-wide parts the signed-in services hang on (built at start-up by createServices). */
export type SignedInCore = {
  /** The app machine's session actor (looked up when used: the part may be built before the app machine). */
  session: () => SessionActor;
  platform: StartPlatform;
  auth: Pick<AuthPort, 'signOut'>;
  analytics: Pick<Analytics, 'track'>;
  /** The signed-in actors once the app machine spawned them from this part's logic (calls run after that). */
  actors(): SignedInActors | null;
  /** Someone waits for the profile: the app machine asks a failed one again. */
  profileNeeded(): void;
};

/**
 * The signed-in part: the actor logic the app machine spawns its signed-in children from, and the
 * screens' side of it, built over those children once they are there.
 */
export type SignedInPart = { logic: SignedInLogic; services(actors: SignedInActors): SignedInServices };

/** The wallet machine's actors (machines/wallet.selectors.ts). */
export type SignedInActors = ReturnType<typeof selectWalletActors>;

/** The gateway as the signed-in part reaches it. */
export type SignedInGateway = {
  /** The unauthenticated client; the authenticated one extends it with the session (bearer token, 401 rule). */
  http: KyInstance;
  /** The gateway calls on the authenticated client. */
  apis(authHttp: KyInstance): Apis;
  /** The page's online/offline and foreground events, and the gateway probe (issue 14, offline). */
  network: NetworkPort;
  /** A browser's clipboard, sharing and biometrics (src/platform/webDevice.ts); the messenger's platform has its own. */
  device: DeviceFeatures;
};

export type CreateSignedInServices = (core: SignedInCore, gateway: SignedInGateway) => SignedInPart;

function telegramOf(value: unknown): Profile['telegram'] {
  if (typeof value !== 'object' || value === null || typeof (value as { id?: unknown }).id !== 'number') return null;
  const { id, username } = value as { id: number; username?: unknown };
  return { id, username: typeof username === 'string' ? username : null };
}

/** GET /user as the app keeps it: accounts[0] is the active account (spec §3). */
export function toProfile(user: UserProfile): Profile {
  const account = user.accounts[0];
  return {
    email: user.email,
    accountId: account?.id ?? null,
    pinCodeActive: user.pinCodeActive,
    telegram: telegramOf(user.telegram),
    language: account?.language ?? null,
    currency: account?.defaultFiatCurrency ?? null,
    resetHoldUntil: user.passcodeResetHoldUntil ?? null,
  };
}

const settingsOf = (profile: Profile): ServerSettings => ({ language: profile.language, currency: profile.currency });

/** A call made as soon as the user is signed in, ahead of the screen that needs it (see `take`). */
function prefetchOnSignIn<T>(call: () => Promise<T>) {
  let early: Promise<T> | null = null;
  return {
    /** Told of the session by the app machine, as the profile, catalogue and balances are. */
    logic: fromCallback<WalletSessionEvent>(({ receive }) =>
      receive((event) => {
        early = event.type === 'session.started' ? call() : null;
        // Its failure is reported to whoever takes it; if nobody does (Home never opened), it is nobody's.
        early?.catch(() => {});
      }),
    ),
    /**
     * The first `take()` after a sign-in gets the early answer, as if it had asked itself (so that screen
     * does not wait for its own chunk and then a round trip); every later one asks again, so a later
     * screen never shows an old answer. A sign-out drops an answer nobody took.
     */
    take(): Promise<T> {
      const answer = early ?? call();
      early = null;
      return answer;
    },
  };
}

/**
 * The signed-in actors' real logic and the services over them. Nothing here is module state; the
 * actors are the app machine's children, reached through `core.actors()` once it spawned them.
 */
export const createSignedInServices: CreateSignedInServices = (core, gateway) => {
  const { session, auth } = core;
  // The signed-in screens' platform: the start-up one, completed with the browser's device features
  // where it has none of its own (the messenger's platform brings all of them).
  const platform: Platform = { ...gateway.device, ...core.platform };
  const actors = (): SignedInActors => {
    const spawned = core.actors();
    if (!spawned) throw new Error('The signed-in actors are not there yet');
    return spawned;
  };
  // Every signed-in gateway call tells the connectivity machine whether it reached the gateway.
  const http = withReachability(
    gateway.http,
    reachabilityOf(() => actors().connectivity),
  );
  // The authenticated client reads and renews the session through a port, never through a global.
  const authHttp = createAuthHttp(http, createSessionPort(session)).extend({
    hooks: { afterResponse: [holdReporter((until) => actors().resetHold.send(holdReport(until)))] },
  });
  // Every feature calls the gateway through `api`, so the money flows' analytics are derived here once.
  const api = withFlowEvents(gateway.apis(authHttp), core.analytics);

  /** The loaded profile; a failed load is asked again (the app machine retries it for the next caller). */
  async function profileReady(): Promise<Profile> {
    core.profileNeeded();
    const settled = await waitFor(actors().profile, selectProfileSettled, { timeout: Infinity });
    const loaded = selectProfile(settled);
    if (!settled.matches('loaded') || !loaded) throw settled.context.error ?? new Error('Profile unavailable');
    return loaded;
  }

  async function accountId(): Promise<string> {
    const id = (await profileReady()).accountId;
    if (!id) throw Object.assign(new Error('The user has no account'), { code: 'NO_ACCOUNT' });
    const sub = selectUserSub(session().getSnapshot());
    if (sub && lastKnownWallet.account(sub) !== id) lastKnownWallet.saveAccount(sub, id);
    return id;
  }

  // The account the balances are asked for: the loaded profile's, else the one this device last knew for
  // this user (src/app/lastKnownWallet.ts), so a returning visit does not wait for GET /user first.
  async function loadBalances(fiat: string) {
    const sub = selectUserSub(session().getSnapshot());
    const known = selectProfile(actors().profile.getSnapshot())?.accountId;
    const remembered = !known && sub ? lastKnownWallet.account(sub) : null;
    const load = async (account: string) => {
      const result = await api.wallet.getBalances(account, fiat, lastKnownWallet.cryptos(account));
      lastKnownWallet.saveCryptos(
        account,
        result.assets.filter((a) => a.isCrypto).map((a) => a.currency),
      );
      return result;
    };
    if (!remembered) return load(await accountId());
    try {
      return await load(remembered);
    } catch (err) {
      // A remembered account that is no longer this user's: ask again for the profile's.
      if (!isApiError(err) || err.code !== 'ACCOUNT_NOT_FOUND') throw err;
      return load(await accountId());
    }
  }

  // GET /user/auth goes out with GET /user at sign-in: Home's messenger banner (its largest paint) needs
  // both, and would otherwise ask only once the Home chunk has arrived and mounted. Inside the messenger
  // there is no banner, so Home asks when it opens.
  const getAuthInfo = () => api.user.getAuthInfo();
  const authInfo = platform.isTelegram
    ? { logic: fromCallback<WalletSessionEvent>(() => {}), take: getAuthInfo }
    : prefetchOnSignIn(getAuthInfo);

  const logic: SignedInLogic = walletMachine.provide({
    actors: {
      profile: profileMachine.provide({
        actors: { loadProfile: fromPromise(async () => toProfile(await api.user.getProfile())) },
      }),
      coins: availableCoinsMachine.provide({
        actors: { loadCatalogue: fromPromise(() => api.wallet.getCurrencies()) },
      }),
      balances: balancesMachine.provide({
        actors: { loadBalances: fromPromise(({ input }) => loadBalances(input.fiat)) },
      }),
      connectivity: connectivityLogic(gateway.network),
      network: networkLogic(gateway.network),
      prefetch: authInfo.logic,
    },
    // The clock is read here, once per report, so the machines stay pure.
    actions: { reportHold: ({ context }, until) => context.resetHold.send(holdReport(until)) },
  });

  const services = ({ profile, coins, balances, resetHold, connectivity }: SignedInActors): SignedInServices => {
    const passcodeChanged = (active: boolean) => profile.send({ type: 'passcode.changed', active });
    const passcodeReset = (holdUntil: string) => profile.send({ type: 'passcode.reset', holdUntil });
    const pinCodeActive = async () => (await profileReady()).pinCodeActive;
    return {
      coins,
      balances,
      profile,
      resetHold,
      connectivity,
      walletActors: {
        loadUserFlags: fromPromise(async () => {
          const [, info] = await Promise.all([profileReady(), authInfo.take()]);
          // Read once both answered: a passcode change meanwhile is already in the profile.
          return { pinCodeActive: selectPinCodeActive(profile.getSnapshot()) ?? false, tgLinked: info.tgAuth };
        }),
        addAssets: fromPromise(async ({ input }) => api.wallet.addAssets(await accountId(), input.currencies)),
        addAsset: fromPromise(async ({ input }) => api.wallet.addAsset(await accountId(), input.currency)),
      },
      settings: {
        // Ending the session here would unmount the settings screen (stopping its actor) before this
        // promise's answer reached the machine; the machine sends user.signedOut on done instead.
        signOut: fromPromise(() => auth.signOut()),
        signOutEverywhere: fromPromise(() => api.sessions.revokeAll()),
      },
      features: {
        coins,
        balances,
        profile,
        platform,
        api,
        accountId,
        pinCodeActive,
        passcodeChanged,
        passcodeReset,
      },
      // Preferences hear of the sign-in once the profile has settled, so it is usually here already.
      async serverSettings() {
        const known = selectProfile(profile.getSnapshot());
        return known ? settingsOf(known) : api.user.getSettings();
      },
    };
  };
  return { logic, services };
};
