import { createActor, fromPromise, waitFor, type PromiseActorLogic } from 'xstate';
import { t } from '@lingui/core/macro';
import { sessionMachine } from '../../machines/session.machine';
import { preferencesMachine, type ServerSettings } from '../../machines/preferences.machine';
import { availableCoinsMachine } from '../../machines/availableCoins.machine';
import { balancesMachine } from '../../machines/balances.machine';
import { profileMachine, type Profile } from '../../machines/profile.machine';
import { toastMachine, type Toast } from '../../machines/toast.machine';
import { selectSignedIn } from '../../machines/session.selectors';
import { selectPinCodeActive, selectProfile, selectProfileSettled } from '../../machines/profile.selectors';
import type { UserFlags } from '../../machines/home.machine';
import type { SettingsProfile } from '../../machines/settings.machine';
import { createAuthHttp } from '../api/authHttp';
import type { UserProfile } from '../api/userProfile';
import type { Platform } from '../platform/types';
import { createAuthActors, type AuthActors } from '../features/auth/services';
import type { AvailableCoinsActor, BalancesActor, PreferencesActor, ProfileActor, SessionActor, ToastActor } from './actors';
import type { Apis, ServiceDeps } from './deps';
import { createNavigator, type Navigator } from './navigator';
import { createSessionPort } from './sessionPort';
import { linkProfileToPreferences, linkSessionToWallet } from './walletLink';
import { selectSettledCurrency } from '../../machines/preferences.selectors';

export type { AvailableCoinsActor, BalancesActor, PreferencesActor, ProfileActor, SessionActor, ToastActor } from './actors';
export type { Navigator } from './navigator';

/** Wallet calls the page-level machines (home, manage assets) invoke, with the active account. */
export type WalletActors = {
  /** The profile's pinCodeActive and GET /user/auth tgAuth. */
  loadUserFlags: PromiseActorLogic<UserFlags>;
  /** POST /{account}/account/currency/list. */
  addAssets: PromiseActorLogic<void, { currencies: string[] }>;
  /** POST /{account}/account/currency. */
  addAsset: PromiseActorLogic<void, { currency: string }>;
};

/** Everything screens need from the outside world, built once by createServices. */
export type AppServices = {
  session: SessionActor;
  preferences: PreferencesActor;
  /** Spec §3/§4 coin catalogue, loaded once per signed-in session. */
  coins: AvailableCoinsActor;
  /** Balances and rates, polled every 10 s while signed in. */
  balances: BalancesActor;
  /** The signed-in user's profile (e-mail, account, pinCodeActive, messenger link). */
  profile: ProfileActor;
  walletActors: WalletActors;
  /** `signOut` only revokes the tokens: the settings machine ends the session itself once it answered. */
  settings: { loadProfile: PromiseActorLogic<SettingsProfile>; signOut: PromiseActorLogic<void> };
  auth: AuthActors;
  /**
   * What the asset, address-book, send and protection pages build their actor logic from
   * (`useFeatureActors(create…Actors)`), so those factories download with their pages, not at start-up.
   */
  features: FeatureDeps;
  /** The one toast area (spec §3 "active toast"): any flow raises one through showToast. */
  toast: ToastActor;
  showToast(toast: Toast): void;
  platform: Platform;
  navigator: Navigator;
  /** Revokes the tokens, removes the stored user and ends the session. */
  signOut(): Promise<void>;
};

/** The signed-in features' dependencies: each feature's `create…Actors` takes the part it needs. */
export type FeatureDeps = {
  coins: AvailableCoinsActor;
  platform: Platform;
  api: Apis;
  accountId: () => Promise<string>;
  pinCodeActive: () => Promise<boolean>;
  passcodeChanged: (active: boolean) => void;
};

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
  };
}

const settingsOf = (profile: Profile): ServerSettings => ({ language: profile.language, currency: profile.currency });

/**
 * The one place where the app's actors get their real logic and side effects (guide §4): src/app/live.ts
 * calls it with the real world, tests with fakes. Nothing here is module state; every actor, client and
 * link belongs to the returned services. Actors are created, not started (main.tsx starts them).
 */
export function createServices(deps: ServiceDeps): AppServices {
  const { platform, auth, storage, ui } = deps;
  const toast = createActor(toastMachine).start();
  const showToast = (shown: Toast) => {
    toast.send({ type: 'toast.shown', toast: shown });
    ui.toastShown?.(shown);
  };
  const navigator = createNavigator();

  const session = createActor(
    sessionMachine.provide({
      actors: {
        restoreSession: fromPromise(() => auth.restoreSession()),
        signinSilent: fromPromise(() => auth.signinSilent()),
        signInWithInitData: fromPromise(() => auth.signInWithInitData()),
        exchangeLinkToken: fromPromise(({ input }: { input: { linkToken: string } }) => auth.exchangeLinkToken(input.linkToken)),
      },
      actions: {
        removeStoredUser: () => auth.removeStoredUser(),
        showError: ({ context }) => navigator.go({ to: '/error/$code', params: { code: context.error?.code ?? 'UNKNOWN' } }),
        expandWindow: () => platform.expand(),
      },
    }),
  );
  auth.onUserUnloaded(() => session.send({ type: 'user.unloaded' }));

  // The authenticated client reads and renews the session through a port, never through a global.
  const api = deps.apis(createAuthHttp(deps.http, createSessionPort(session)));

  const profile = createActor(
    profileMachine.provide({ actors: { loadProfile: fromPromise(async () => toProfile(await api.user.getProfile())) } }),
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
    return id;
  }

  const stored = storage.preferences.language(platform);
  // Without a local choice the machine's default fiat applies (an `undefined` would override it).
  const storedCurrency = storage.client.currency();
  const preferences = createActor(
    preferencesMachine.provide({
      actors: {
        // Preferences hear of the sign-in once the profile has settled, so it is usually here already.
        loadServerSettings: fromPromise<ServerSettings>(async () => {
          const known = selectProfile(profile.getSnapshot());
          return known ? settingsOf(known) : api.user.getSettings();
        }),
        saveServerLanguage: fromPromise(({ input }) => api.user.setLanguage(input.language)),
        saveServerCurrency: fromPromise(({ input }) => api.user.setDefaultFiatCurrency(input.currency)),
      },
      actions: {
        persistTheme: ({ context }) => storage.preferences.saveDarkTheme(context.darkTheme),
        applyTheme: ({ context }) => ui.applyTheme(context.darkTheme),
        persistLanguage: ({ context }) => storage.preferences.saveLanguage(context.language),
        applyLanguage: ({ context }) => ui.applyLanguage(context.language),
        persistCurrency: ({ context }) => storage.client.saveCurrency(context.currency),
        reportSaveFailed: () => showToast({ kind: 'error', message: t`Could not save the language. It applies on this device only.` }),
        reportCurrencySaveFailed: () => showToast({ kind: 'error', message: t`Could not save the currency. It applies on this device only.` }),
      },
    }),
    {
      input: {
        darkTheme: storage.preferences.darkTheme(),
        language: stored.language,
        languageChosen: stored.chosen,
        ...(storedCurrency !== null ? { currency: storedCurrency } : {}),
        currencyChosen: storedCurrency !== null,
      },
    },
  );

  const coins = createActor(
    availableCoinsMachine.provide({ actors: { loadCatalogue: fromPromise(() => api.wallet.getCurrencies()) } }),
    { input: { production: deps.env.production } },
  ).start();
  const balances = createActor(
    balancesMachine.provide({
      actors: { loadBalances: fromPromise(async ({ input }) => api.wallet.getBalances(await accountId(), input.fiat)) },
    }),
    // Null until the fiat is known (a local choice, or the account's default once signed in).
    { input: { fiat: selectSettledCurrency(preferences.getSnapshot()) } },
  ).start();

  linkProfileToPreferences(profile, preferences);
  linkSessionToWallet({ session, preferences, coins, balances, profile });

  async function signOut() {
    await auth.signOut();
    session.send({ type: 'user.signedOut' });
  }

  const passcodeChanged = (active: boolean) => profile.send({ type: 'passcode.changed', active });
  const pinCodeActive = async () => (await profileReady()).pinCodeActive;

  return {
    toast,
    showToast,
    session,
    preferences,
    coins,
    balances,
    profile,
    walletActors: {
      loadUserFlags: fromPromise(async () => {
        const [, authInfo] = await Promise.all([profileReady(), api.user.getAuthInfo()]);
        // Read once both answered: a passcode change meanwhile is already in the profile.
        return { pinCodeActive: selectPinCodeActive(profile.getSnapshot()) ?? false, tgLinked: authInfo.tgAuth };
      }),
      addAssets: fromPromise(async ({ input }) => api.wallet.addAssets(await accountId(), input.currencies)),
      addAsset: fromPromise(async ({ input }) => api.wallet.addAsset(await accountId(), input.currency)),
    },
    settings: {
      loadProfile: fromPromise(async () => ({ email: (await profileReady()).email })),
      // Ending the session here would unmount the settings screen (stopping its actor) before this
      // promise's answer reached the machine; the machine sends user.signedOut on done instead.
      signOut: fromPromise(() => auth.signOut()),
    },
    auth: createAuthActors({
      forms: api.authForms,
      async signIn({ email, password }) {
        const user = await auth.signInWithPassword(email, password);
        session.send({ type: 'user.signedIn', user });
        await waitFor(session, selectSignedIn, { timeout: 5000 });
      },
    }),
    features: { coins, platform, api, accountId, pinCodeActive, passcodeChanged },
    platform,
    navigator,
    signOut,
  };
}
