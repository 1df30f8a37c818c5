import { createActor, fromPromise, waitFor, type PromiseActorLogic } from 'xstate';
import type { ServerSettings } from '../../machines/preferences.machine';
import { availableCoinsMachine } from '../../machines/availableCoins.machine';
import { balancesMachine } from '../../machines/balances.machine';
import { profileMachine, type Profile } from '../../machines/profile.machine';
import { resetHoldMachine } from '../../machines/resetHold.machine';
import { selectPinCodeActive, selectProfile, selectProfileSettled } from '../../machines/profile.selectors';
import { selectSettledCurrency } from '../../machines/preferences.selectors';
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
  PreferencesActor,
  ProfileActor,
  ResetHoldActor,
  SessionActor,
} from './actors';
import { createConnectivity, linkConnectivityToBalances, reachabilityOf, type NetworkPort } from './connectivity';
import { withReachability } from '../api/reachability';
import type { Apis } from '../api/apis';
import type { AuthPort } from '../auth/authPort';
import { createSessionPort } from './sessionPort';
import {
  callOnSignIn,
  holdReporter,
  linkProfileToPreferences,
  linkProfileToResetHold,
  linkSessionToWallet,
} from './walletLink';
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
  platform: Platform;
  api: Apis;
  accountId: () => Promise<string>;
  pinCodeActive: () => Promise<boolean>;
  passcodeChanged: (active: boolean) => void;
  /** A recovery set a new passcode: the profile learns it and the hold's end. */
  passcodeReset: (holdUntil: string) => void;
};

/**
 * What only the signed-in area uses: the profile, the coin catalogue, the balance poll, the wallet calls
 * and the features' deps. Built by `createSignedInServices` once per app, when the signed-in area or a
 * sign-in first needs it (src/app/services.ts), so none of it is in the boot chunk.
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
  session: SessionActor;
  preferences: PreferencesActor;
  platform: StartPlatform;
  env: { production: boolean };
  auth: Pick<AuthPort, 'signOut'>;
  analytics: Pick<Analytics, 'track'>;
};

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

export type CreateSignedInServices = (core: SignedInCore, gateway: SignedInGateway) => SignedInServices;

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

/**
 * The signed-in actors with their real logic, linked to the session and the preferences. Nothing here is
 * module state. The links also handle a session that is already signed in when this is built (the
 * module loads while the stored user is restored, or after a sign-in).
 */
export const createSignedInServices: CreateSignedInServices = (core, gateway) => {
  const { session, preferences, auth } = core;
  // The signed-in screens' platform: the start-up one, completed with the browser's device features
  // where it has none of its own (the messenger's platform brings all of them).
  const platform: Platform = { ...gateway.device, ...core.platform };
  // The authenticated client reads and renews the session through a port, never through a global.
  const resetHold = createActor(resetHoldMachine).start();
  const connectivity = createConnectivity(gateway.network);
  // Every signed-in gateway call tells the connectivity machine whether it reached the gateway.
  const http = withReachability(gateway.http, reachabilityOf(connectivity));
  const authHttp = createAuthHttp(http, createSessionPort(session)).extend({
    hooks: { afterResponse: [holdReporter(resetHold)] },
  });
  // Every feature calls the gateway through `api`, so the money flows' analytics are derived here once.
  const api = withFlowEvents(gateway.apis(authHttp), core.analytics);

  const profile = createActor(
    profileMachine.provide({
      actors: { loadProfile: fromPromise(async () => toProfile(await api.user.getProfile())) },
    }),
  ).start();

  /** The loaded profile; a failed load is asked again (the next caller retries, as a cache would). */
  async function profileReady(): Promise<Profile> {
    if (profile.getSnapshot().matches('failed')) profile.send({ type: 'profile.retried' });
    const settled = await waitFor(profile, selectProfileSettled, { timeout: Infinity });
    const loaded = selectProfile(settled);
    if (!settled.matches('loaded') || !loaded) throw settled.context.error ?? new Error('Profile unavailable');
    return loaded;
  }

  async function accountId(): Promise<string> {
    const id = (await profileReady()).accountId;
    if (!id) throw Object.assign(new Error('The user has no account'), { code: 'NO_ACCOUNT' });
    const sub = selectUserSub(session.getSnapshot());
    if (sub && lastKnownWallet.account(sub) !== id) lastKnownWallet.saveAccount(sub, id);
    return id;
  }

  const coins = createActor(
    availableCoinsMachine.provide({ actors: { loadCatalogue: fromPromise(() => api.wallet.getCurrencies()) } }),
    { input: { production: core.env.production } },
  ).start();
  // The account the balances are asked for: the loaded profile's, else the one this device last knew for
  // this user (src/app/lastKnownWallet.ts), so a returning visit does not wait for GET /user first.
  async function loadBalances(fiat: string) {
    const sub = selectUserSub(session.getSnapshot());
    const known = selectProfile(profile.getSnapshot())?.accountId;
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
  const balances = createActor(
    balancesMachine.provide({ actors: { loadBalances: fromPromise(({ input }) => loadBalances(input.fiat)) } }),
    // Null until the fiat is known (a local choice, or the account's default once signed in).
    { input: { fiat: selectSettledCurrency(preferences.getSnapshot()) } },
  ).start();

  linkProfileToPreferences(profile, preferences);
  linkProfileToResetHold(profile, resetHold);
  linkSessionToWallet({ session, preferences, coins, balances, profile });
  linkConnectivityToBalances(connectivity, balances);

  // GET /user/auth goes out with GET /user at sign-in: Home's messenger banner (its largest paint) needs
  // both, and would otherwise ask only once the Home chunk has arrived and mounted. Inside the messenger
  // there is no banner, so Home asks when it opens.
  const getAuthInfo = () => api.user.getAuthInfo();
  const authInfo = platform.isTelegram ? getAuthInfo : callOnSignIn(session, getAuthInfo);

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
        const [, info] = await Promise.all([profileReady(), authInfo()]);
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
    features: { coins, platform, api, accountId, pinCodeActive, passcodeChanged, passcodeReset },
    // Preferences hear of the sign-in once the profile has settled, so it is usually here already.
    async serverSettings() {
      const known = selectProfile(profile.getSnapshot());
      return known ? settingsOf(known) : api.user.getSettings();
    },
  };
};
