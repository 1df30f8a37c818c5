/**
 * Renders the real app root (router, guards, shell, pages) around machines with fake actors, for the
 * model-based flow tests of the session, settings and preferences machines.
 */
import { Profiler, type ProfilerOnRenderCallback } from 'react';
import { render } from '@testing-library/react';
import { createMemoryHistory } from '@tanstack/react-router';
import { createActor, fromPromise, type AnyActorLogic } from 'xstate';
import { sessionMachine, type SessionUser } from '../../../machines/session.machine';
import { preferencesMachine, type Language, type PreferencesInput } from '../../../machines/preferences.machine';
import { availableCoinsMachine } from '../../../machines/availableCoins.machine';
import { balancesMachine } from '../../../machines/balances.machine';
import { App } from '../../../src/app/App';
import { primeActiveAccount } from '../../../src/app/account';
import { clientStore } from '../../../src/app/clientStore';
import { linkSessionToWallet } from '../../../src/app/walletLink';
import { createAppRouter } from '../../../src/app/router';
import { createNavigator, type AppServices } from '../../../src/app/services';
import type { Pages } from '../../../src/app/pages';
import type { Platform } from '../../../src/platform/types';
import { noBiometrics } from '../../../src/platform/web';
import type { UserProfile } from '../../../src/api/userProfile';
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
import { registerSession } from '../../../src/auth/sessionRef';

/** Eager pages: the same components the lazy routes load, without chunk loading under fake timers. */
export const eagerPages: Pages = {
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
    languageCode: isTelegram ? 'ru' : null,
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

type MountOptions = {
  path: string;
  session?: { restoreSession?: AnyActorLogic; signinSilent?: AnyActorLogic; signInWithInitData?: AnyActorLogic; exchangeLinkToken?: AnyActorLogic };
  /** A session already signed in (settings and preferences flows). */
  signedIn?: SessionUser;
  isTelegram?: boolean;
  preferences?: {
    input?: Partial<PreferencesInput>;
    loadServerSettings?: AnyActorLogic;
    saveServerLanguage?: AnyActorLogic;
    saveServerCurrency?: AnyActorLogic;
    reportSaveFailed?: () => void;
    reportCurrencySaveFailed?: () => void;
  };
  /** Wallet actors; each defaults to a call that never answers (screens stay loading). */
  wallet?: {
    production?: boolean;
    loadCatalogue?: AnyActorLogic;
    loadBalances?: AnyActorLogic;
    loadUserFlags?: AnyActorLogic;
    addAssets?: AnyActorLogic;
    addAsset?: AnyActorLogic;
  };
  /** The active account the wallet calls use (src/app/account.ts), default 'acc-1'. */
  account?: string | UserProfile;
  /** localStorage before start (it is cleared first), e.g. { disabledAssets: '["ETH"]' }. */
  storage?: Record<string, string>;
  /** Counts React commits of the whole app (no re-render checks). */
  onRender?: ProfilerOnRenderCallback;
  loadProfile?: () => Promise<UserProfile>;
  signOut?: () => Promise<void>;
};

const never = () => fromPromise(() => new Promise<never>(() => {}));

export function mountApp(options: MountOptions) {
  window.localStorage.clear();
  for (const [key, value] of Object.entries(options.storage ?? {})) window.localStorage.setItem(key, value);
  const { platform, calls, clipboard } = fakePlatform(options.isTelegram ?? false);
  const removed: number[] = [];
  const applied = { themes: [] as boolean[], languages: [] as Language[] };
  const restore = options.signedIn
    ? fromPromise(async () => ({ user: options.signedIn!, isTelegram: platform.isTelegram, linkToken: null }))
    : never();
  const session = createActor(
    sessionMachine.provide({
      actors: {
        restoreSession: options.session?.restoreSession ?? restore,
        signinSilent: options.session?.signinSilent ?? never(),
        signInWithInitData: options.session?.signInWithInitData ?? never(),
        exchangeLinkToken: options.session?.exchangeLinkToken ?? never(),
      } as never,
      actions: {
        removeStoredUser: () => void removed.push(1),
        showError: ({ context }) => navigator.go(`/error/${context.error?.code ?? 'UNKNOWN'}`),
        expandWindow: () => platform.expand(),
      },
    }),
  );
  const preferences = createActor(
    preferencesMachine.provide({
      actors: {
        loadServerSettings: options.preferences?.loadServerSettings ?? fromPromise(async () => ({ language: null, currency: null })),
        saveServerLanguage: options.preferences?.saveServerLanguage ?? fromPromise(async () => {}),
        saveServerCurrency: options.preferences?.saveServerCurrency ?? fromPromise(async () => {}),
      } as never,
      actions: {
        applyTheme: ({ context }) => void applied.themes.push(context.darkTheme),
        applyLanguage: ({ context }) => void applied.languages.push(context.language),
        reportSaveFailed: options.preferences?.reportSaveFailed ?? (() => {}),
        reportCurrencySaveFailed: options.preferences?.reportCurrencySaveFailed ?? (() => {}),
        persistCurrency: ({ context }) => clientStore.saveCurrency(context.currency),
      },
    }),
    { input: { darkTheme: true, language: 'ENG', languageChosen: false, ...options.preferences?.input } },
  );
  const wallet = options.wallet ?? {};
  const coins = createActor(
    availableCoinsMachine.provide({ actors: { loadCatalogue: wallet.loadCatalogue ?? never() } as never }),
    { input: { production: wallet.production ?? false } },
  );
  const balances = createActor(
    balancesMachine.provide({ actors: { loadBalances: wallet.loadBalances ?? never() } as never }),
    { input: { fiat: preferences.getSnapshot().context.currency } },
  );
  const navigator = createNavigator();
  const services: AppServices = {
    session,
    preferences,
    coins,
    balances,
    walletActors: {
      loadUserFlags: (wallet.loadUserFlags ?? never()) as never,
      addAssets: (wallet.addAssets ?? never()) as never,
      addAsset: (wallet.addAsset ?? never()) as never,
    },
    platform,
    navigator,
    loadProfile: options.loadProfile ?? (() => new Promise(() => {})),
    signOut: options.signOut ?? (async () => session.send({ type: 'user.signedOut' })),
  };
  registerSession(session);
  primeActiveAccount(options.account ?? 'acc-1');
  preferences.start();
  coins.start();
  balances.start();
  linkSessionToWallet(services, () => primeActiveAccount(options.account ?? 'acc-1'));
  session.start();
  const history = createMemoryHistory({ initialEntries: [options.path] });
  const router = createAppRouter(services, { history, pages: eagerPages });
  const app = <App services={services} router={router} />;
  const view = render(options.onRender ? <Profiler id="app" onRender={options.onRender}>{app}</Profiler> : app);
  return { services, session, preferences, coins, balances, router, history, view, calls, clipboard, removed, applied };
}

export type MountedApp = ReturnType<typeof mountApp>;

export const pathname = (app: MountedApp) => app.router.state.location.pathname;
export const rootSpinner = () => document.querySelector('[data-size="64"]');
