/**
 * Renders the real app root (router, guards, shell, pages) around the services createServices builds
 * (src/app/services.ts: the same actors, links and side effects as the live app), with fake deps: the
 * gateway, the identity provider, the platform and the page effects.
 */
import { Profiler, type ProfilerOnRenderCallback } from 'react';
import { render } from '@testing-library/react';
import { createMemoryHistory } from '@tanstack/react-router';
import ky, { type KyInstance } from 'ky';
import { createActor, fromPromise, toPromise, type AnyActorLogic } from 'xstate';
import type { SessionUser } from '../../../machines/session.machine';
import type { Language, PreferencesInput } from '../../../machines/preferences.machine';
import type { UserFlags } from '../../../machines/home.machine';
import type { Toast } from '../../../machines/toast.machine';
import { App } from '../../../src/app/App';
import { createControlsHost } from '../../../src/ui/controlsHost';
import { preferenceStore } from '../../../src/app/applyPreferences';
import { clientStore } from '../../../src/app/clientStore';
import type { Apis, ServiceDeps } from '../../../src/app/deps';
import type { AnalyticsBatch } from '../../../contracts/analytics';
import { createAppRouter } from '../../../src/app/router';
import { createServices } from '../../../src/app/services';
import { createSignedInServices } from '../../../src/app/signedIn';
import type { Pages } from '../../../src/app/pages';
import type { NetworkPort } from '../../../src/app/connectivity';
import type { HostTheme, NativeControls, Platform } from '../../../src/platform/types';
import { noBiometrics, webDevice } from '../../../src/platform/webDevice';
import type { BuyApi } from '../../../src/api/buy';
import type { PricesApi } from '../../../src/api/prices';
import type { AddressBookApi } from '../../../src/api/addressBook';
import type { ContactsApi } from '../../../src/api/contacts';
import { authFormsApi } from '../../../src/api/authForms';
import type { PasscodeApi } from '../../../src/api/passcode';
import type { SellApi } from '../../../src/api/sell';
import type { SendApi } from '../../../src/api/send';
import type { SessionsApi } from '../../../src/api/sessions';
import type { NotificationsApi } from '../../../src/api/notifications';
import type { SwapApi } from '../../../src/api/swap';
import type { UserApi, UserProfile } from '../../../src/api/userProfile';
import type { WalletApi } from '../../../src/api/wallet';
import * as auth from '../../../src/features/auth';
import { BuySellPage, HomePage } from '../../../src/features/home';
import { ManageAssetsPage, SelectAssetPage } from '../../../src/features/assets';
import { AssetPage, ReceivePage, TransactionPage } from '../../../src/features/asset';
import { HistoryPage } from '../../../src/features/history';
import { ExchangePage, NotificationsPage } from '../../../src/features/soon';
import { CurrencyPage, LanguagePage, SettingsPage } from '../../../src/features/settings';
import * as protection from '../../../src/features/protection';
import { ErrorPage } from '../../../src/features/errors';
import { PayPage, SendPage } from '../../../src/features/send';
import { SellGetPage, SellPage, SellPayPage } from '../../../src/features/sell';
import { SwapPage } from '../../../src/features/swap';
import * as addressBook from '../../../src/features/addressBook';
import * as buy from '../../../src/features/buy';
import { BottomNav, OfflineBanner } from '../../../src/features/shell/signedInFrame';
import { stopAfterThisTest } from '../../support/teardown';

/** Eager pages: the same components the lazy routes load, without chunk loading under fake timers. */
export const eagerPages: Pages = {
  BottomNav,
  OfflineBanner,
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
  HistoryPage,
  ExchangePage,
  NotificationsPage,
  SettingsPage,
  LanguagePage,
  CurrencyPage,
  WalletProtectionPage: protection.WalletProtectionPage,
  PasscodeSetPage: protection.PasscodeSetPage,
  PasscodeChangePage: protection.PasscodeChangePage,
  PasscodeDisablePage: protection.PasscodeDisablePage,
  PasscodeRecoveryPage: protection.PasscodeRecoveryPage,
  SendPage,
  PayPage,
  SellGetPage,
  SellPayPage,
  SellPage,
  SwapPage,
  AddressBookListPage: addressBook.AddressBookListPage,
  AddressBookCreatePage: addressBook.AddressBookCreatePage,
  AddressBookEditPage: addressBook.AddressBookEditPage,
  AddressBookDeletePage: addressBook.AddressBookDeletePage,
  BuyGetPage: buy.BuyGetPage,
  BuyPage: buy.BuyPage,
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

/** The messenger's colour scheme as a test drives it: `set(dark)` is a `theme_changed`. */
export function fakeHostTheme(dark: boolean) {
  const listeners: ((dark: boolean) => void)[] = [];
  let current = dark;
  const theme: HostTheme & { set(dark: boolean): void } = {
    get dark() {
      return current;
    },
    onChange: (listener) => void listeners.push(listener),
    set(next) {
      current = next;
      for (const listener of listeners) listener(next);
    },
  };
  return theme;
}

/** The page's network as a test drives it: `change('offline')` is the page's offline event; probes answer with `probe`. */
export function fakeNetwork(options: { online?: boolean; probe?: AnyActorLogic } = {}) {
  const listeners: Array<(change: 'online' | 'offline' | 'foreground') => void> = [];
  const state = { online: options.online ?? true, probes: 0 };
  const port: NetworkPort = {
    online: () => state.online,
    subscribe: (listener) => void listeners.push(listener),
    probe: () => {
      state.probes += 1;
      return answer<void>(options.probe);
    },
  };
  const change = (to: 'online' | 'offline' | 'foreground') => {
    if (to !== 'foreground') state.online = to === 'online';
    for (const listener of listeners) listener(to);
  };
  return { port, state, change };
}

export function fakePlatform(
  isTelegram: boolean,
  controls: NativeControls | null = null,
  hostTheme: HostTheme | null = null,
  /** The messenger's init data (its `user` field names who is here); a user-less stand-in by default. */
  initData = 'query_id=1&user=%7B%7D&hash=abc',
) {
  const calls = {
    expand: 0,
    links: [] as string[],
    colors: [] as string[],
    copied: [] as string[],
    shared: [] as string[],
    haptics: [] as string[],
  };
  /** What readText answers (tests set `clipboard.text` to paste). */
  const clipboard = { text: '' };
  const platform: Platform = {
    isTelegram,
    initData: isTelegram ? initData : null,
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
    controls,
    hostTheme,
  };
  return { platform, calls, clipboard };
}

/** Gateway calls a test answers itself (e.g. the send or address-book calls), over the defaults below. */
export type FakeApis = {
  user?: Partial<UserApi>;
  wallet?: Partial<WalletApi>;
  passcode?: Partial<PasscodeApi>;
  send?: Partial<SendApi>;
  sell?: Partial<SellApi>;
  swap?: Partial<SwapApi>;
  addressBook?: Partial<AddressBookApi>;
  contacts?: Partial<ContactsApi>;
  sessions?: Partial<SessionsApi>;
  notifications?: Partial<NotificationsApi>;
  buy?: Partial<BuyApi>;
  prices?: Partial<PricesApi>;
};

/**
 * Fakes are given as actor logic (e.g. `fakes.promise('loadBalances')` of the model-based runner) with
 * the input and output of the machine's invoke; the harness answers the matching gateway call with them.
 */
type MountOptions = {
  path: string;
  session?: {
    restoreSession?: AnyActorLogic;
    signinSilent?: AnyActorLogic;
    signInWithInitData?: AnyActorLogic;
    exchangeLinkToken?: AnyActorLogic;
    /** GET /user's linked Telegram id with the stored token (issue 20 item 9); never answers unless given. */
    loadTelegramOwner?: AnyActorLogic;
    /** Revocation and removal of another Telegram user's stored session; answers at once unless given. */
    discardSession?: AnyActorLogic;
  };
  /** A session already signed in (settings and preferences flows). */
  signedIn?: SessionUser;
  isTelegram?: boolean;
  /** A platform of the test's own (e.g. one whose requestWriteAccess answers as the test wants). */
  platform?: Platform;
  /** Inside the messenger, its init data (default: one with no user). */
  initData?: string;
  /** The messenger's native buttons (tests/support/fakeControls.ts); only with isTelegram. */
  controls?: NativeControls;
  /** The messenger's colour scheme (fakeHostTheme), followed while no theme is chosen. */
  hostTheme?: ReturnType<typeof fakeHostTheme>;
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
  /**
   * The signed-in part arrives as a download that completes when this resolves, as in the live app
   * (src/app/live.ts), or each download when it is a function; without it, the part is built with the services.
   */
  signedInDownload?: Promise<void> | (() => Promise<void>);
  /** The page's network (fakeNetwork): online, with probes that never answer, unless given. */
  network?: ReturnType<typeof fakeNetwork>;
  /** The fetch under the gateway client (`gateway.authHttp`), e.g. one that fails like a lost connection. */
  gatewayFetch?: typeof fetch;
  /** Records the analytics batches the app sends (`analytics` of the result); off, events are dropped. */
  recordAnalytics?: boolean;
};

const never = <T,>(): Promise<T> => new Promise<T>(() => {});

/** Runs a fake actor logic as one call: its output is the answer, its error the failure. */
function answer<T>(logic: AnyActorLogic | undefined, input?: unknown): Promise<T> {
  return logic ? (toPromise(createActor(logic, { input }).start()) as Promise<T>) : never<T>();
}

const profileOf = (account: string | UserProfile): UserProfile =>
  typeof account === 'string'
    ? {
        id: 'user',
        email: 'user@example.com',
        pinCodeActive: false,
        accounts: [{ id: account, name: 'Account', language: 'ENG', defaultFiatCurrency: 'USD' }],
      }
    : account;

/** localStorage as the live app would have left it for these starting preferences. */
function storePreferences(input: Partial<PreferencesInput> = {}) {
  // A theme the user did not choose is not stored: it comes from the host (fakeHostTheme) instead.
  if (input.darkTheme !== undefined && input.themeChosen !== false)
    window.localStorage.setItem('darkTheme', String(input.darkTheme));
  if (input.languageChosen) window.localStorage.setItem('selectedLanguage', input.language ?? 'ENG');
  else if (input.language && input.language !== 'ENG')
    throw new Error('An unchosen language comes from the platform: use isTelegram');
  if (input.currencyChosen && input.currency) window.localStorage.setItem('selectedCurrency', input.currency);
  if (input.hideBalances) window.localStorage.setItem('hideBalances', 'true');
}

/**
 * The app's services from fake deps: what createServices builds live, with the gateway answered by the
 * options, a fake platform and identity provider, and the page effects recorded.
 */
export function createFakeServices(options: Omit<MountOptions, 'path' | 'onRender'> = {}) {
  const fake = fakePlatform(
    options.isTelegram ?? false,
    options.controls ?? null,
    options.hostTheme ?? null,
    options.initData,
  );
  const { calls, clipboard } = fake;
  const platform = options.platform ?? fake.platform;
  const removed: number[] = [];
  /** The stored sessions discarded at start-up (revoked at the IdP and removed), and the Telegram owners recorded. */
  const discarded: SessionUser[] = [];
  const owners: Array<{ sub: string; telegramUserId: number }> = [];
  const applied = { themes: [] as boolean[], languages: [] as Language[] };
  const toasts: Toast[] = [];
  const wallet = options.wallet ?? {};
  const prefs = options.preferences ?? {};
  const done = fromPromise(async () => {});
  const restore = options.signedIn
    ? fromPromise(async () => ({ user: options.signedIn!, isTelegram: platform.isTelegram, linkToken: null }))
    : undefined;
  const getProfile = options.loadProfile ?? (async () => profileOf(options.account ?? 'acc-1'));
  const network = options.network ?? fakeNetwork();

  const apis: Apis = {
    user: {
      getProfile,
      getSettings: () =>
        answer(prefs.loadServerSettings ?? fromPromise(async () => ({ language: null, currency: null }))),
      async getAuthInfo() {
        const flags = await answer<UserFlags>(wallet.loadUserFlags);
        // The server's profile says the same pinCodeActive as these flags.
        services.signedIn()!.profile.send({ type: 'passcode.changed', active: flags.pinCodeActive });
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
    passcode: {
      enable: never,
      validate: never,
      change: never,
      disable: never,
      recoverWithTelegram: never,
      ...options.api?.passcode,
    } as PasscodeApi,
    send: { checkAddress: never, preliminaryFee: never, withdraw: never, ...options.api?.send },
    sell: {
      lookupBin: never,
      savedCards: never,
      limits: never,
      rate: never,
      sell: never,
      order: never,
      ...options.api?.sell,
    },
    swap: { pairs: never, limit: never, quote: never, createOrder: never, confirm: never, ...options.api?.swap },
    addressBook: { list: never, create: never, remove: never, get: never, rename: never, ...options.api?.addressBook },
    contacts: { lookup: never, visibility: never, setVisibility: never, ...options.api?.contacts },
    sessions: { revokeAll: never, ...options.api?.sessions },
    notifications: { get: never, save: never, ...options.api?.notifications },
    buy: {
      methods: never,
      geo: never,
      metadata: never,
      availability: never,
      rate: never,
      order: never,
      status: never,
      ...options.api?.buy,
    },
    prices: { history: never, ...options.api?.prices },
  };

  // The calls above are answered by fakes; `gateway.authHttp` is the client the services built (with the
  // session's bearer and the reachability reports), for tests that send a real request through `gatewayFetch`.
  const gateway: { authHttp: KyInstance | null } = { authHttp: null };
  const http = ky.create({
    prefix: 'http://gateway.test',
    ...(options.gatewayFetch ? { fetch: options.gatewayFetch } : {}),
  });
  const signedInParts = {
    createSignedIn: createSignedInServices,
    http,
    apis: (authHttp: KyInstance) => {
      gateway.authHttp = authHttp;
      return apis;
    },
    network: network.port,
    // The fake platform has its own clipboard and share: these are only the browser's fallbacks.
    device: webDevice,
  };
  const downloads = { signedIn: 0 };
  const deps: ServiceDeps = {
    platform,
    env: { production: wallet.production ?? false },
    authForms: authFormsApi,
    // Built with the services (no chunk to download under fake timers) unless a test delays it.
    signedIn: options.signedInDownload
      ? () => {
          downloads.signedIn += 1;
          const download = options.signedInDownload!;
          return (typeof download === 'function' ? download() : download).then(() => signedInParts);
        }
      : signedInParts,
    auth: {
      restoreSession: () => answer(options.session?.restoreSession ?? restore),
      signinSilent: () => answer(options.session?.signinSilent),
      signInWithInitData: () => answer(options.session?.signInWithInitData),
      exchangeLinkToken: (linkToken) => answer(options.session?.exchangeLinkToken, { linkToken }),
      loadTelegramOwner: (accessToken) => answer(options.session?.loadTelegramOwner, { accessToken }),
      recordTelegramOwner: (sub, telegramUserId) => void owners.push({ sub, telegramUserId }),
      discardSession: async (user) => {
        discarded.push(user);
        await answer(options.session?.discardSession ?? done, { user });
      },
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
  const analytics: { batch: AnalyticsBatch; accessToken: string | null }[] = [];
  if (options.recordAnalytics)
    deps.analytics = { send: async (batch, { accessToken }) => void analytics.push({ batch, accessToken }) };
  storePreferences(prefs.input);
  const services = createServices(deps);
  stopAfterThisTest(() => {
    services.app.stop();
    services.toast.stop();
  });
  return {
    services,
    calls,
    clipboard,
    removed,
    discarded,
    owners,
    applied,
    toasts,
    downloads,
    network,
    gateway,
    analytics,
  };
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
  const controls = services.platform.controls;
  const app = <App services={services} router={router} controlsHost={controls ? createControlsHost(controls) : null} />;
  const view = render(
    options.onRender ? (
      <Profiler id="app" onRender={options.onRender}>
        {app}
      </Profiler>
    ) : (
      app
    ),
  );
  const { session, preferences } = services;
  // With a delayed signed-in part these are read once it arrived (tests then use services.signedIn()).
  const { coins, balances, profile, connectivity } =
    services.signedIn() ?? ({} as NonNullable<ReturnType<typeof services.signedIn>>);
  return { ...fake, session, preferences, connectivity, coins, balances, profile, router, history, view };
}

export type MountedApp = ReturnType<typeof mountApp>;

export const pathname = (app: MountedApp) => app.router.state.location.pathname;
export const rootSpinner = () => document.querySelector('[data-size="64"]');
