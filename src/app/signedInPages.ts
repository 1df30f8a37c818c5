import type { ComponentType } from 'react';
import { loadFlowMessages } from '../i18n';
// Static: they come with the signed-in part (signedInPart.ts), so they need no request of their own.
import * as home from '../features/home';
import * as frame from '../features/shell/signedInFrame';

/**
 * The signed-in screens' chunk importers, in the signed-in part (src/app/signedInPart.ts, which
 * src/app/pages.ts imports on the first signed-in screen): each dynamic import carries the list of files
 * its chunk needs (the bundler's preload list, some sixty hashed names for these screens), which the
 * sign-in boot chunk need not carry.
 */
// The flows' screens come with the flows' part of the catalogue (src/i18n/index.ts), which Home and the
// sign-in screens never download.
const withFlowMessages =
  <T>(load: () => Promise<T>) =>
  () =>
    Promise.all([load(), loadFlowMessages()]).then(([chunk]) => chunk);

export const signedInChunks = {
  settings: withFlowMessages(() => import('../features/settings')),
  soon: () => import('../features/soon'),
  home: () => Promise.resolve(home),
  assets: () => import('../features/assets'),
  asset: () => import('../features/asset'),
  protection: withFlowMessages(() => import('../features/protection')),
  send: withFlowMessages(() => import('../features/send')),
  swap: withFlowMessages(() => import('../features/swap')),
  addressBook: withFlowMessages(() => import('../features/addressBook')),
  sell: withFlowMessages(() => import('../features/sell')),
  buy: withFlowMessages(() => import('../features/buy')),
  history: withFlowMessages(() => import('../features/history')),
  // The bottom navigation and the offline banner are signed-in only: the sign-in screens' boot chunk does
  // not carry them or the navigation's icons.
  nav: () => Promise.resolve(frame),
};

/**
 * Which chunk holds each signed-in page (src/app/pages.ts asks for a page by name): the table is here, in
 * the signed-in chunk, so the sign-in screens' boot chunk does not carry it.
 */
export const signedInPageChunks = {
  HomePage: 'home',
  BuySellPage: 'home',
  SelectAssetPage: 'assets',
  ManageAssetsPage: 'assets',
  AssetPage: 'asset',
  ReceivePage: 'asset',
  TransactionPage: 'asset',
  HistoryPage: 'history',
  ExchangePage: 'soon',
  NotificationsPage: 'soon',
  SettingsPage: 'settings',
  LanguagePage: 'settings',
  CurrencyPage: 'settings',
  WalletProtectionPage: 'protection',
  PasscodeSetPage: 'protection',
  PasscodeChangePage: 'protection',
  PasscodeDisablePage: 'protection',
  PasscodeRecoveryPage: 'protection',
  SendPage: 'send',
  PayPage: 'send',
  SellGetPage: 'sell',
  SellPayPage: 'sell',
  SellPage: 'sell',
  SwapPage: 'swap',
  AddressBookListPage: 'addressBook',
  AddressBookCreatePage: 'addressBook',
  AddressBookEditPage: 'addressBook',
  AddressBookDeletePage: 'addressBook',
  BuyGetPage: 'buy',
  BuyPage: 'buy',
  BottomNav: 'nav',
  OfflineBanner: 'nav',
} as const satisfies Record<string, keyof typeof signedInChunks>;

/** The chunk that exports the signed-in page `name` (under that name: the table above says which chunk). */
export const signedInPageChunk = <N extends keyof typeof signedInPageChunks>(name: N) =>
  signedInChunks[signedInPageChunks[name]]() as Promise<Record<N, ComponentType>>;
