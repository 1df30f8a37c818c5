import { createRootRouteWithContext, createRoute, createRouter, createBrowserHistory, type RouterHistory } from '@tanstack/react-router';
import { RootSpinner } from '../ui/Spinner';
import { CatchAll, ErrorArea, RootLayout, SignedInArea, SignedOutArea } from './guards';
import { lazyPages, type Pages } from './pages';
import type { AppServices } from './services';

export type RouterContext = { services: AppServices };

const emailSearch = (search: Record<string, unknown>) => ({
  email: typeof search.email === 'string' ? search.email : '',
});

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

  const SignedIn = () => <SignedInArea BottomNav={pages.BottomNav} />;
  const signedIn = createRoute({
    getParentRoute: () => root,
    id: 'signed-in',
    component: SignedIn,
    // The app passes the loading of the signed-in messages (src/i18n); tests render with their own catalogue.
    ...(beforeSignedIn ? { loader: () => beforeSignedIn() } : {}),
  });
  const app = <const TPath extends string>(path: TPath, component: Pages[keyof Pages]) =>
    createRoute({ getParentRoute: () => signedIn, path, component });
  // Send: one layout holds the send machine for the form, review and progress steps (src/features/send).
  const send = app('/home/asset/$currency/send', pages.SendPage);
  const sendStep = <const TPath extends string>(path: TPath) => createRoute({ getParentRoute: () => send, path });
  const addressBookCreate = createRoute({
    getParentRoute: () => signedIn,
    path: '/settings/address-book/create',
    // Both optional: the list's "Add address" opens the form empty.
    validateSearch: (search: Record<string, unknown>): { address?: string; blockchain?: string } => ({
      address: typeof search.address === 'string' ? search.address : undefined,
      blockchain: typeof search.blockchain === 'string' ? search.blockchain : undefined,
    }),
    component: pages.AddressBookCreatePage,
  });

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
      // Asset detail, receive and transaction details (src/features/asset).
      app('/home/asset/$currency', pages.AssetPage),
      app('/home/asset/$currency/receive', pages.ReceivePage),
      app('/home/asset/$currency/transaction/$id/$type', pages.TransactionPage),
      send.addChildren([sendStep('/'), sendStep('review'), sendStep('progress')]),
      // Address book (src/features/addressBook).
      app('/settings/address-book', pages.AddressBookListPage),
      addressBookCreate,
      app('/settings/address-book/$id/edit', pages.AddressBookEditPage),
      app('/settings/address-book/$id/delete', pages.AddressBookDeletePage),
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
  return router;
}

export type AppRouter = ReturnType<typeof createAppRouter>;

// Registers the route tree with TanStack Router: every Link, navigate and navigator target is type-checked.
declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
