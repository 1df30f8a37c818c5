import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  createBrowserHistory,
  type AnyRouter,
  type RouterHistory,
} from '@tanstack/react-router';
import { RootSpinner } from '../ui/Spinner';
import { CatchAll, ErrorArea, RootLayout, SignedInArea, SignedOutArea } from './guards';
import type { HistorySearch } from '../features/history/search';
import { lazyPages, type Pages } from './pages';
import type { AppServices } from './services';
import type { AnalyticsScreen } from '../../contracts/analytics';

export type RouterContext = { services: AppServices };

type Search = Record<string, unknown>;
/** A search parameter that must be text; anything else counts as absent. */
const text = (search: Search, key: string) => (typeof search[key] === 'string' ? (search[key] as string) : undefined);
const emailSearch = (search: Search) => ({ email: text(search, 'email') ?? '' });
/**
 * /history's filters as the URL brings them, unchecked: the history page checks them
 * (`validateHistorySearch`, src/features/history/search.ts), so the checks download with that page
 * rather than with the sign-in screens' boot chunk.
 */
export const uncheckedHistorySearch = (search: Search): { [K in keyof HistorySearch]?: unknown } => search;

/** A lazy component's download (`lazyRouteComponent`'s `preload`, gone once loaded); none for an eager one. */
const preloadOf = (component: unknown): Promise<void>[] => {
  const preload = (component as { preload?: unknown }).preload;
  return typeof preload === 'function' ? [(preload as () => Promise<void>)()] : [];
};

/** Code-based route tree (spec §2); built per router so tests can pass their own pages. */
export function buildRouteTree(pages: Pages, beforeSignedIn?: () => Promise<void>) {
  const root = createRootRouteWithContext<RouterContext>()({ component: RootLayout });
  const index = createRoute({ getParentRoute: () => root, path: '/', component: CatchAll });
  const notFound = createRoute({ getParentRoute: () => root, path: '$', component: CatchAll });

  const signedOut = createRoute({ getParentRoute: () => root, id: 'signed-out', component: SignedOutArea });
  // `const TPath` keeps each path a literal type, so the registered router knows every route (typed links).
  const auth = <const TPath extends string>(path: TPath, component: Pages[keyof Pages]) =>
    createRoute({ getParentRoute: () => signedOut, path, component });
  const signupSuccess = createRoute({
    getParentRoute: () => signedOut,
    path: '/auth/signup/email/success',
    validateSearch: emailSearch,
    component: pages.SignupSuccessPage,
  });

  const errors = createRoute({ getParentRoute: () => root, id: 'errors', component: ErrorArea });
  const error = createRoute({ getParentRoute: () => errors, path: '/error/$code', component: pages.ErrorPage });

  const SignedIn = () => <SignedInArea BottomNav={pages.BottomNav} OfflineBanner={pages.OfflineBanner} />;
  const signedIn = createRoute({
    getParentRoute: () => root,
    id: 'signed-in',
    component: SignedIn,
    // The signed-in part of the services (src/app/signedIn.ts) and, in the app, the signed-in messages
    // (src/i18n; tests render with their own catalogue) arrive before any signed-in screen renders.
    loader: ({ context }) => {
      const pending = [
        ...(context.services.signedIn() ? [] : [context.services.loadSignedIn()]),
        ...(beforeSignedIn ? [beforeSignedIn()] : []),
        // The frame's lazy parts too (in the app they come with the signed-in chunk): left to suspend in
        // the frame, React 19 held their reveal back some 300 ms, so the bottom navigation popped in
        // after Home.
        ...[pages.BottomNav, pages.OfflineBanner].flatMap((part) => preloadOf(part)),
      ];
      return pending.length > 0 ? Promise.all(pending).then(() => undefined) : undefined;
    },
  });
  const app = <const TPath extends string>(path: TPath, component: Pages[keyof Pages]) =>
    createRoute({ getParentRoute: () => signedIn, path, component });
  // Send: one layout holds the send machine for the form, review and progress steps (src/features/send).
  const send = app('/home/asset/$currency/send', pages.SendPage);
  const sendStep = <const TPath extends string>(path: TPath) => createRoute({ getParentRoute: () => send, path });
  // Sell: the asset picker, the RUB redirect, then one layout holding the sell machine for the amount,
  // card, review and success steps (src/features/sell). Only the asset travels in the URL, never the card.
  const sellSearch = (search: Search): { currency?: string; fiat?: string } => ({
    currency: text(search, 'currency'),
    fiat: text(search, 'fiat'),
  });
  const sellPay = createRoute({
    getParentRoute: () => signedIn,
    path: '/sell/pay',
    validateSearch: sellSearch,
    component: pages.SellPayPage,
  });
  const sellFlow = createRoute({
    getParentRoute: () => signedIn,
    id: 'sell-flow',
    validateSearch: sellSearch,
    component: pages.SellPage,
  });
  const sellStep = <const TPath extends string>(path: TPath) => createRoute({ getParentRoute: () => sellFlow, path });
  // Swap: one layout holds the swap machine for its five steps (src/features/swap); the home shortcut
  // preselects the pair through the search.
  const swap = createRoute({
    getParentRoute: () => signedIn,
    path: '/swap',
    validateSearch: (search: Search): { from?: string; to?: string } => ({
      from: text(search, 'from'),
      to: text(search, 'to'),
    }),
    component: pages.SwapPage,
  });
  const swapStep = <const TPath extends string>(path: TPath) => createRoute({ getParentRoute: () => swap, path });
  const addressBookCreate = createRoute({
    getParentRoute: () => signedIn,
    path: '/settings/address-book/create',
    // Both optional: the list's "Add address" opens the form empty.
    validateSearch: (search: Search): { address?: string; blockchain?: string } => ({
      address: text(search, 'address'),
      blockchain: text(search, 'blockchain'),
    }),
    component: pages.AddressBookCreatePage,
  });

  // Every asset's history (src/features/history): the filters are search params, so a link shares them.
  const history = createRoute({
    getParentRoute: () => signedIn,
    path: '/history',
    validateSearch: uncheckedHistorySearch,
    component: pages.HistoryPage,
  });

  // Card buy (src/features/buy): the coin list, then one layout holding the buy machine for the regions,
  // amounts, review and return steps. The coin and region travel in the URL, so a reload keeps them.
  const buyChoice = (search: Search): { currency?: string; geoId?: string; fiat?: string } => ({
    currency: text(search, 'currency'),
    geoId: text(search, 'geoId'),
    fiat: text(search, 'fiat'),
  });
  const buyFlow = createRoute({
    getParentRoute: () => signedIn,
    id: 'buy-flow',
    validateSearch: buyChoice,
    component: pages.BuyPage,
  });
  const buyStep = <const TPath extends string>(path: TPath) => createRoute({ getParentRoute: () => buyFlow, path });

  return root.addChildren([
    index,
    signedOut.addChildren([
      auth('/auth/login', pages.LoginPage),
      auth('/auth/login/email', pages.LoginEmailPage),
      auth('/auth/signup', pages.SignupPage),
      auth('/auth/signup/email', pages.SignupEmailPage),
      signupSuccess,
      auth('/auth/signup/confirm/$code', pages.ConfirmPage),
      auth('/auth/forgot', pages.ForgotPage),
      auth('/auth/forgot-success', pages.ForgotSuccessPage),
      auth('/auth/forgot/$code', pages.ResetPage),
    ]),
    errors.addChildren([error]),
    signedIn.addChildren([
      app('/home', pages.HomePage),
      app('/home/buy-sell', pages.BuySellPage),
      app('/select-asset/$purpose', pages.SelectAssetPage),
      app('/manage-assets', pages.ManageAssetsPage),
      app('/exchange', pages.ExchangePage),
      app('/notifications', pages.NotificationsPage),
      app('/settings', pages.SettingsPage),
      app('/settings/select-language', pages.LanguagePage),
      app('/settings/select-currency', pages.CurrencyPage),
      // Wallet protection and its passcode screens (src/features/protection).
      app('/settings/wallet-protection', pages.WalletProtectionPage),
      app('/settings/wallet-protection/set', pages.PasscodeSetPage),
      app('/settings/wallet-protection/change', pages.PasscodeChangePage),
      app('/settings/wallet-protection/disable', pages.PasscodeDisablePage),
      app('/settings/wallet-protection/recover', pages.PasscodeRecoveryPage),
      // Asset detail, receive and transaction details (src/features/asset).
      app('/home/asset/$currency', pages.AssetPage),
      app('/home/asset/$currency/receive', pages.ReceivePage),
      app('/home/asset/$currency/transaction/$id/$type', pages.TransactionPage),
      history,
      app('/pay', pages.PayPage),
      send.addChildren([sendStep('/'), sendStep('review'), sendStep('progress')]),
      app('/sell/get', pages.SellGetPage),
      sellPay,
      sellFlow.addChildren([
        sellStep('/sell/order'),
        sellStep('/sell/order/card'),
        sellStep('/sell/order/review'),
        sellStep('/sell/success'),
      ]),
      swap.addChildren([
        swapStep('from'),
        swapStep('to'),
        swapStep('order'),
        swapStep('order/review'),
        swapStep('order/success'),
      ]),
      // Address book (src/features/addressBook).
      app('/settings/address-book', pages.AddressBookListPage),
      addressBookCreate,
      app('/settings/address-book/$id/edit', pages.AddressBookEditPage),
      app('/settings/address-book/$id/delete', pages.AddressBookDeletePage),
      app('/buy/get', pages.BuyGetPage),
      buyFlow.addChildren([
        buyStep('/buy/pay'),
        buyStep('/buy/order'),
        buyStep('/buy/order/review'),
        // The payment page's return URL (contracts/buy.ts BUY_RETURN_PATH).
        buyStep('/buy/status/$orderId'),
      ]),
    ]),
    notFound,
  ]);
}

export function createAppRouter(
  services: AppServices,
  options: { history?: RouterHistory; pages?: Pages; beforeSignedIn?: () => Promise<void> } = {},
) {
  const router = createRouter({
    routeTree: buildRouteTree(options.pages ?? lazyPages, options.beforeSignedIn),
    history: options.history ?? createBrowserHistory(),
    context: { services },
    defaultPendingComponent: RootSpinner,
    defaultPreload: 'intent',
  });
  services.navigator.attach((options) => void router.navigate(options));
  trackScreens(router, services.analytics);
  return router;
}

/** The screen of a match as its route template (`/home/asset/$currency`): never a code or id from the URL. */
export const screenOf = (fullPath: string) =>
  (fullPath.length > 1 ? fullPath.replace(/\/$/, '') : fullPath) as AnalyticsScreen;

/** One screen view per screen the router settles on; a new search on the same screen is not a new one. */
function trackScreens(
  router: { subscribe: AnyRouter['subscribe']; state: { matches: { fullPath: string }[] } },
  analytics: AppServices['analytics'],
) {
  let last: string | undefined;
  router.subscribe('onResolved', () => {
    const match = router.state.matches.at(-1);
    if (!match || match.fullPath === last) return;
    last = match.fullPath;
    analytics.track('screen_viewed', { screen: screenOf(match.fullPath) });
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

// Registers the route tree with TanStack Router: every Link, navigate and navigator target is type-checked.
declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
