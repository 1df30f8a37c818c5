import { lazyRouteComponent, type RouteComponent } from '@tanstack/react-router';

/**
 * Every screen is its own chunk (guide §2): the sign-in screens never download wallet or settings code.
 * Tests may pass eagerly imported components instead.
 */
// The form-less auth screens (login and sign-up choice, reset mail sent) on their own: the screen most
// visitors see first downloads no form machines or fields.
const welcome = () => import('../features/auth/StaticScreens');
const auth = () => import('../features/auth');
const settings = () => import('../features/settings');
const soon = () => import('../features/soon');
const home = () => import('../features/home');
const assets = () => import('../features/assets');
const asset = () => import('../features/asset');
const protection = () => import('../features/protection');
const send = () => import('../features/send');
const addressBook = () => import('../features/addressBook');
// The bottom navigation is signed-in only: the sign-in screens' boot chunk does not carry it or its icons.
const nav = () => import('../ui/BottomNav');

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
  ExchangePage: lazyRouteComponent(soon, 'ExchangePage'),
  NotificationsPage: lazyRouteComponent(soon, 'NotificationsPage'),
  SettingsPage: lazyRouteComponent(settings, 'SettingsPage'),
  LanguagePage: lazyRouteComponent(settings, 'LanguagePage'),
  CurrencyPage: lazyRouteComponent(settings, 'CurrencyPage'),
  WalletProtectionPage: lazyRouteComponent(protection, 'WalletProtectionPage'),
  PasscodeSetPage: lazyRouteComponent(protection, 'PasscodeSetPage'),
  PasscodeChangePage: lazyRouteComponent(protection, 'PasscodeChangePage'),
  PasscodeDisablePage: lazyRouteComponent(protection, 'PasscodeDisablePage'),
  SendPage: lazyRouteComponent(send, 'SendPage'),
  AddressBookListPage: lazyRouteComponent(addressBook, 'AddressBookListPage'),
  AddressBookCreatePage: lazyRouteComponent(addressBook, 'AddressBookCreatePage'),
  AddressBookEditPage: lazyRouteComponent(addressBook, 'AddressBookEditPage'),
  AddressBookDeletePage: lazyRouteComponent(addressBook, 'AddressBookDeletePage'),
  ErrorPage: lazyRouteComponent(() => import('../features/errors'), 'ErrorPage'),
  BottomNav: lazyRouteComponent(nav, 'BottomNav'),
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
    if (path === '/' || path === '/home') void home();
  }
}
