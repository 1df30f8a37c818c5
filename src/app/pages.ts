import { lazyRouteComponent, type RouteComponent } from '@tanstack/react-router';
import { preloadIdentityProvider } from '../auth/oidcAuth';
import { loadAuthMessages } from '../i18n';
import type { signedInChunks } from './signedInPages';

type SignedInChunks = typeof signedInChunks;

/**
 * Every screen is its own chunk (guide §2): the sign-in screens never download wallet or settings code.
 * Tests may pass eagerly imported components instead.
 */
// The form-less auth screens (login and sign-up choice, reset mail sent) on their own: the screen most
// visitors see first downloads no form machines or fields.
const welcome = () => import('../features/auth/StaticScreens');
// Their calls come along: sign-up, confirmation and reset (src/app/live.ts imports them on first use)
// and the identity provider's code for the login form (src/auth/oidcAuth.ts); the screens render once
// their part of the catalogue is in.
const auth = () => {
  void import('../api/authForms');
  preloadIdentityProvider();
  return Promise.all([import('../features/auth'), loadAuthMessages()]).then(([chunk]) => chunk);
};
// Signed-in screens load through their own table (src/app/signedInPages.ts).
const signedIn = <K extends keyof SignedInChunks>(chunk: K) =>
  (async () => (await import('./signedInPages')).signedInChunks[chunk]()) as SignedInChunks[K];
const settings = signedIn('settings');
const soon = signedIn('soon');
const home = signedIn('home');
const assets = signedIn('assets');
const asset = signedIn('asset');
const protection = signedIn('protection');
const send = signedIn('send');
const swap = signedIn('swap');
const addressBook = signedIn('addressBook');
const sell = signedIn('sell');
const buy = signedIn('buy');
const history = signedIn('history');
const nav = signedIn('nav');

export const lazyPages = {
  LoginPage: lazyRouteComponent(welcome, 'LoginWelcomeScreen'),
  LoginEmailPage: lazyRouteComponent(auth, 'LoginEmailPage'),
  SignupPage: lazyRouteComponent(welcome, 'SignupChoiceScreen'),
  SignupEmailPage: lazyRouteComponent(auth, 'SignupEmailPage'),
  SignupSuccessPage: lazyRouteComponent(auth, 'SignupSuccessPage'),
  ConfirmPage: lazyRouteComponent(auth, 'ConfirmPage'),
  ForgotPage: lazyRouteComponent(auth, 'ForgotPage'),
  ForgotSuccessPage: lazyRouteComponent(welcome, 'ForgotSuccessScreen'),
  ResetPage: lazyRouteComponent(auth, 'ResetPage'),
  HomePage: lazyRouteComponent(home, 'HomePage'),
  BuySellPage: lazyRouteComponent(home, 'BuySellPage'),
  SelectAssetPage: lazyRouteComponent(assets, 'SelectAssetPage'),
  ManageAssetsPage: lazyRouteComponent(assets, 'ManageAssetsPage'),
  AssetPage: lazyRouteComponent(asset, 'AssetPage'),
  ReceivePage: lazyRouteComponent(asset, 'ReceivePage'),
  TransactionPage: lazyRouteComponent(asset, 'TransactionPage'),
  HistoryPage: lazyRouteComponent(history, 'HistoryPage'),
  ExchangePage: lazyRouteComponent(soon, 'ExchangePage'),
  NotificationsPage: lazyRouteComponent(soon, 'NotificationsPage'),
  SettingsPage: lazyRouteComponent(settings, 'SettingsPage'),
  LanguagePage: lazyRouteComponent(settings, 'LanguagePage'),
  CurrencyPage: lazyRouteComponent(settings, 'CurrencyPage'),
  WalletProtectionPage: lazyRouteComponent(protection, 'WalletProtectionPage'),
  PasscodeSetPage: lazyRouteComponent(protection, 'PasscodeSetPage'),
  PasscodeChangePage: lazyRouteComponent(protection, 'PasscodeChangePage'),
  PasscodeDisablePage: lazyRouteComponent(protection, 'PasscodeDisablePage'),
  PasscodeRecoveryPage: lazyRouteComponent(protection, 'PasscodeRecoveryPage'),
  SendPage: lazyRouteComponent(send, 'SendPage'),
  SellGetPage: lazyRouteComponent(sell, 'SellGetPage'),
  SellPayPage: lazyRouteComponent(sell, 'SellPayPage'),
  SellPage: lazyRouteComponent(sell, 'SellPage'),
  SwapPage: lazyRouteComponent(swap, 'SwapPage'),
  AddressBookListPage: lazyRouteComponent(addressBook, 'AddressBookListPage'),
  AddressBookCreatePage: lazyRouteComponent(addressBook, 'AddressBookCreatePage'),
  AddressBookEditPage: lazyRouteComponent(addressBook, 'AddressBookEditPage'),
  AddressBookDeletePage: lazyRouteComponent(addressBook, 'AddressBookDeletePage'),
  BuyGetPage: lazyRouteComponent(buy, 'BuyGetPage'),
  BuyPayPage: lazyRouteComponent(buy, 'BuyPayPage'),
  BuyOrderPage: lazyRouteComponent(buy, 'BuyOrderPage'),
  BuyReviewPage: lazyRouteComponent(buy, 'BuyReviewPage'),
  BuyStatusPage: lazyRouteComponent(buy, 'BuyStatusPage'),
  ErrorPage: lazyRouteComponent(() => import('../features/errors'), 'ErrorPage'),
  BottomNav: lazyRouteComponent(nav, 'BottomNav'),
  OfflineBanner: lazyRouteComponent(nav, 'OfflineBanner'),
};

export type Pages = Record<keyof typeof lazyPages, RouteComponent>;

/**
 * Starts downloading the first screen's chunk as soon as the entry runs, in parallel with the language
 * catalogue and the session check; the router would otherwise ask for it only once both are done.
 * A guess from the path and whether a user is stored: a wrong guess costs one unused download.
 */
export function preloadFirstScreen(pathname: string, userStored: boolean): void {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === '/auth/login' || path === '/auth/signup' || path === '/auth/forgot-success') void welcome();
  else if (path.startsWith('/auth/')) void auth();
  else if (!userStored) void welcome();
  else {
    void nav();
    void import('./liveSignedIn');
    if (path === '/' || path === '/home') void home();
  }
}
