/**
 * Renders the real app root (router, guards, shell, pages) around the services createServices builds
 * (src/app/services.ts: the same actors, links and side effects as the live app), with fake deps: the
 * gateway, the identity provider, the platform and the page effects.
 */
import { Profiler, type ProfilerOnRenderCallback } from 'react';
import { render } from '@testing-library/react';
import { createMemoryHistory } from '@tanstack/react-router';
import ky from 'ky';
import { createActor, fromPromise, toPromise, type AnyActorLogic } from 'xstate';
import type { SessionUser } from '../../../machines/session.machine';
import type { Language, PreferencesInput } from '../../../machines/preferences.machine';
import type { UserFlags } from '../../../machines/home.machine';
import type { Toast } from '../../../machines/toast.machine';
import { App } from '../../../src/app/App';
import { preferenceStore } from '../../../src/app/applyPreferences';
import { clientStore } from '../../../src/app/clientStore';
import type { Apis, ServiceDeps } from '../../../src/app/deps';
import { createAppRouter } from '../../../src/app/router';
import { createServices } from '../../../src/app/services';
import type { Pages } from '../../../src/app/pages';
import type { Platform } from '../../../src/platform/types';
import { noBiometrics } from '../../../src/platform/web';
import type { AddressBookApi } from '../../../src/api/addressBook';
import { authFormsApi } from '../../../src/api/authForms';
import type { PasscodeApi } from '../../../src/api/passcode';
import type { SendApi } from '../../../src/api/send';
import type { UserApi, UserProfile } from '../../../src/api/userProfile';
import type { WalletApi } from '../../../src/api/wallet';
import * as auth from '../../../src/features/auth';
import { BuySellPage, HomePage } from '../../../src/features/home';
import { ManageAssetsPage, SelectAssetPage } from '../../../src/features/assets';
import { AssetPage, ReceivePage, TransactionPage } from '../../../src/features/asset';
import { ExchangePage, NotificationsPage } from '../../../src/features/soon';
import { CurrencyPage, LanguagePage, SettingsPage } from '../../../src/features/settings';
import * as protection from '../../../src/features/protection';
import { ErrorPage } from '../../../src/features/errors';
import { SendPage } from '../../../src/features/send';
import * as addressBook from '../../../src/features/addressBook';
import { BottomNav } from '../../../src/ui/BottomNav';

/** Eager pages: the same components the lazy routes load, without chunk loading under fake timers. */
export const eagerPages: Pages = {
  BottomNav,
  LoginPage: auth.LoginPage,
  LoginEmailPage: auth.LoginEmailPage,
  SignupPage: auth.SignupPage,
  SignupEmailPage: auth.SignupEmailPage,
  SignupSuccessPage: auth.SignupSuccessPage,
  ConfirmPage: auth.ConfirmPage,
  ForgotPage: auth.ForgotPage,
  ForgotSuccessPage: auth.ForgotSuccessPage,
  ResetPage: auth.ResetPage,
  HomePage,
  BuySellPage,
  SelectAssetPage,
  ManageAssetsPage,
  AssetPage,
  ReceivePage,
  TransactionPage,
  ExchangePage,
  NotificationsPage,
  SettingsPage,
  LanguagePage,
  CurrencyPage,
  WalletProtectionPage: protection.WalletProtectionPage,
  PasscodeSetPage: protection.PasscodeSetPage,
  PasscodeChangePage: protection.PasscodeChangePage,
  PasscodeDisablePage: protection.PasscodeDisablePage,
  SendPage,
  AddressBookListPage: addressBook.AddressBookListPage,
  AddressBookCreatePage: addressBook.AddressBookCreatePage,
  AddressBookEditPage: addressBook.AddressBookEditPage,
  AddressBookDeletePage: addressBook.AddressBookDeletePage,
  ErrorPage,
};

export const inFuture = Math.floor(Date.UTC(2100, 0, 1) / 1000);
export const inPast = Math.floor(Date.UTC(2000, 0, 1) / 1000);

export const makeUser = (overrides: Partial<SessionUser> = {}): SessionUser => ({
  accessToken: 'access-1',
  refreshToken: 'refresh-1',
  expiresAt: inFuture,
  profile: { sub: 'user-1', email: 'ann@example.com' },
  ...overrides,
});

export function fakePlatform(isTelegram: boolean) {
  const calls = { expand: 0, links: [] as string[], colors: [] as string[], copied: [] as string[], shared: [] as string[], haptics: [] as string[] };
  /** What readText answers (tests set `clipboard.text` to paste). */
  const clipboard = { text: '' };
  const platform: Platform = {
    isTelegram,
    initData: isTelegram ? 'query_id=1&user=%7B%7D&hash=abc' : null,
    // English inside the messenger too, so screens read the same in every suite.
    languageCode: isTelegram ? 'en' : null,
    openLink: (url) => void calls.links.push(url),
    expand: () => void (calls.expand += 1),
    syncColors: ({ background }) => void calls.colors.push(background),
    copyText: async (text) => void calls.copied.push(text),
    share: async ({ text }) => {
      calls.shared.push(text);
      return 'shared';
    },
    readText: async () => clipboard.text,
    nativeQr: null,
    haptic: (kind) => void calls.haptics.push(kind),
    biometrics: noBiometrics,
  };
  return { platform, calls, clipboard };
}

/** Gateway calls a test answers itself (e.g. the send or address-book calls), over the defaults below. */
export type FakeApis = {
  user?: Partial<UserApi>;
  wallet?: Partial<WalletApi>;
  passcode?: Partial<PasscodeApi>;
  send?: Partial<SendApi>;
  addressBook?: Partial<AddressBookApi>;
};

/**
 * Fakes are given as actor logic (e.g. `fakes.promise('loadBalances')` of the model-based runner) with
 * the input and output of the machine's invoke; the harness answers the matching gateway call with them.
 */
type MountOptions = {
  path: string;
  session?: { restoreSession?: AnyActorLogic; signinSilent?: AnyActorLogic; signInWithInitData?: AnyActorLogic; exchangeLinkToken?: AnyActorLogic };
  /** A session already signed in (settings and preferences flows). */
  signedIn?: SessionUser;
  isTelegram?: boolean;
  preferences?: {
    /** Stored as the live app stores it (localStorage), so the preferences start from it. */
    input?: Partial<PreferencesInput>;
    /** GET /user's account language and fiat when the profile is not loaded yet. */
    loadServerSettings?: AnyActorLogic;
    saveServerLanguage?: AnyActorLogic;
    saveServerCurrency?: AnyActorLogic;
  };
  /** Wallet calls; each defaults to a call that never answers (screens stay loading). */
  wallet?: {
    production?: boolean;
    loadCatalogue?: AnyActorLogic;
    /** GET assets then rates, as one poll: output `{ assets, rates }`. */
    loadBalances?: AnyActorLogic;
    /** GET /user/auth, and GET /user's pinCodeActive as of that answer: output `{ pinCodeActive, tgLinked }`. */
    loadUserFlags?: AnyActorLogic;
    addAssets?: AnyActorLogic;
    addAsset?: AnyActorLogic;
  };
  /** GET /user when `loadProfile` is not given: this account id (or whole profile), default 'acc-1'. */
  account?: string | UserProfile;
  /** GET /user (the profile actor's load). */
  loadProfile?: () => Promise<UserProfile>;
  /** The identity provider's sign-out (token revocation); the services then end the session. */
  signOut?: () => Promise<void>;
  api?: FakeApis;
  /** localStorage before start (it is cleared first), e.g. { disabledAssets: '["ETH"]' }. */
  storage?: Record<string, string>;
  /** Counts React commits of the whole app (no re-render checks). */
  onRender?: ProfilerOnRenderCallback;
};

const never = <T,>(): Promise<T> => new Promise<T>(() => {});

/** Runs a fake actor logic as one call: its output is the answer, its error the failure. */
function answer<T>(logic: AnyActorLogic | undefined, input?: unknown): Promise<T> {
  return logic ? (toPromise(createActor(logic, { input }).start()) as Promise<T>) : never<T>();
}

const profileOf = (account: string | UserProfile): UserProfile =>
  typeof account === 'string'
    ? { id: 'user', email: 'user@example.com', pinCodeActive: false, accounts: [{ id: account, name: 'Account', language: 'ENG', defaultFiatCurrency: 'USD' }] }
    : account;

/** localStorage as the live app would have left it for these starting preferences. */
function storePreferences(input: Partial<PreferencesInput> = {}) {
  if (input.darkTheme !== undefined) window.localStorage.setItem('darkTheme', String(input.darkTheme));
  if (input.languageChosen) window.localStorage.setItem('selectedLanguage', input.language ?? 'ENG');
  else if (input.language && input.language !== 'ENG') throw new Error('An unchosen language comes from the platform: use isTelegram');
  if (input.currencyChosen && input.currency) window.localStorage.setItem('selectedCurrency', input.currency);
}

/**
 * The app's services from fake deps: what createServices builds live, with the gateway answered by the
 * options, a fake platform and identity provider, and the page effects recorded.
 */
export function createFakeServices(options: Omit<MountOptions, 'path' | 'onRender'> & { platform?: Platform } = {}) {
  const fake = fakePlatform(options.isTelegram ?? false);
  const { calls, clipboard } = fake;
  const platform = options.platform ?? fake.platform;
  const removed: number[] = [];
  const applied = { themes: [] as boolean[], languages: [] as Language[] };
  const toasts: Toast[] = [];
  const wallet = options.wallet ?? {};
  const prefs = options.preferences ?? {};
  const done = fromPromise(async () => {});
  const restore = options.signedIn
    ? fromPromise(async () => ({ user: options.signedIn!, isTelegram: platform.isTelegram, linkToken: null }))
    : undefined;
  const getProfile = options.loadProfile ?? (async () => profileOf(options.account ?? 'acc-1'));

  const apis: Apis = {
    user: {
      getProfile,
      getSettings: () => answer(prefs.loadServerSettings ?? fromPromise(async () => ({ language: null, currency: null }))),
      async getAuthInfo() {
        const flags = await answer<UserFlags>(wallet.loadUserFlags);
        // The server's profile says the same pinCodeActive as these flags.
        services.profile.send({ type: 'passcode.changed', active: flags.pinCodeActive });
        return { tgAuth: flags.tgLinked };
      },
      setLanguage: (language) => answer(prefs.saveServerLanguage ?? done, { language }),
      setDefaultFiatCurrency: (currency) => answer(prefs.saveServerCurrency ?? done, { currency }),
      ...options.api?.user,
    } as UserApi,
    wallet: {
      getCurrencies: () => answer(wallet.loadCatalogue),
      getBalances: (_account: string, fiat: string) => answer(wallet.loadBalances, { fiat }),
      addAssets: (_account: string, currencies: string[]) => answer(wallet.addAssets, { currencies }),
      addAsset: (_account: string, currency: string) => answer(wallet.addAsset, { currency }),
      getAssets: never,
      getHistory: never,
      getTransaction: never,
      getRates: never,
      ...options.api?.wallet,
    } as WalletApi,
    passcode: { enable: never, validate: never, change: never, disable: never, ...options.api?.passcode },
    send: { checkAddress: never, preliminaryFee: never, withdraw: never, ...options.api?.send },
    addressBook: { list: never, create: never, remove: never, get: never, ...options.api?.addressBook },
    authForms: authFormsApi,
  };

  const deps: ServiceDeps = {
    platform,
    env: { production: wallet.production ?? false },
    http: ky.create({ prefix: 'http://gateway.test' }),
    apis: () => apis,
    auth: {
      restoreSession: () => answer(options.session?.restoreSession ?? restore),
      signinSilent: () => answer(options.session?.signinSilent),
      signInWithInitData: () => answer(options.session?.signInWithInitData),
      exchangeLinkToken: (linkToken) => answer(options.session?.exchangeLinkToken, { linkToken }),
      signInWithPassword: never,
      removeStoredUser: () => void removed.push(1),
      signOut: options.signOut ?? (async () => {}),
      onUserUnloaded: () => {},
    },
    storage: { preferences: preferenceStore, client: clientStore },
    ui: {
      applyTheme: (dark) => void applied.themes.push(dark),
      applyLanguage: (language) => void applied.languages.push(language),
      toastShown: (toast) => void toasts.push(toast),
    },
  };
  storePreferences(prefs.input);
  const services = createServices(deps);
  return { services, calls, clipboard, removed, applied, toasts };
}

export function mountApp(options: MountOptions) {
  window.localStorage.clear();
  for (const [key, value] of Object.entries(options.storage ?? {})) window.localStorage.setItem(key, value);
  const fake = createFakeServices(options);
  const { services } = fake;
  services.preferences.start();
  services.session.start();
  const history = createMemoryHistory({ initialEntries: [options.path] });
  const router = createAppRouter(services, { history, pages: eagerPages });
  const app = <App services={services} router={router} />;
  const view = render(options.onRender ? <Profiler id="app" onRender={options.onRender}>{app}</Profiler> : app);
  const { session, preferences, coins, balances, profile } = services;
  return { ...fake, session, preferences, coins, balances, profile, router, history, view };
}

export type MountedApp = ReturnType<typeof mountApp>;

export const pathname = (app: MountedApp) => app.router.state.location.pathname;
export const rootSpinner = () => document.querySelector('[data-size="64"]');
