import { lazyRouteComponent, type RouteComponent } from '@tanstack/react-router';

/**
 * Every screen is its own chunk (guide §2): the sign-in screens never download wallet or settings code.
 * Tests may pass eagerly imported components instead.
 */
const auth = () => import('../features/auth');
const settings = () => import('../features/settings');
const soon = () => import('../features/soon');
const home = () => import('../features/home');
const assets = () => import('../features/assets');
const asset = () => import('../features/asset');
const protection = () => import('../features/protection');
const send = () => import('../features/send');
const addressBook = () => import('../features/addressBook');

export const lazyPages = {
  LoginPage: lazyRouteComponent(auth, 'LoginPage'),
  LoginEmailPage: lazyRouteComponent(auth, 'LoginEmailPage'),
  SignupPage: lazyRouteComponent(auth, 'SignupPage'),
  SignupEmailPage: lazyRouteComponent(auth, 'SignupEmailPage'),
  SignupSuccessPage: lazyRouteComponent(auth, 'SignupSuccessPage'),
  ConfirmPage: lazyRouteComponent(auth, 'ConfirmPage'),
  ForgotPage: lazyRouteComponent(auth, 'ForgotPage'),
  ForgotSuccessPage: lazyRouteComponent(auth, 'ForgotSuccessPage'),
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
};

export type Pages = Record<keyof typeof lazyPages, RouteComponent>;
