import { lazyRouteComponent, type RouteComponent } from '@tanstack/react-router';
import { preloadIdentityProvider } from '../auth/oidcAuth';
import { loadAuthMessages } from '../i18n';
import type { signedInPageChunks } from './signedInPages';
import { LoginWelcomeScreen, SignupChoiceScreen } from '../features/auth/StaticScreens';

type SignedInPage = keyof typeof signedInPageChunks;

/**
 * Screens load as chunks (guide §2; the welcome screens below are the exception): the sign-in screens never
 * download wallet or settings code.
 * Tests may pass eagerly imported components instead.
 */
// The form-less auth screens (login and sign-up choice) come with the boot chunk: they
// are what a signed-out start paints, and a chunk of their own cost /auth/login a round trip. They hold
// no form machines or fields.
// Their calls come along: sign-up, confirmation and reset (src/app/live.ts imports them on first use)
// and the identity provider's code for the login form (src/auth/oidcAuth.ts); the screens render once
// their part of the catalogue is in.
const auth = () => {
  void import('../api/authForms');
  preloadIdentityProvider();
  return Promise.all([import('../features/auth'), loadAuthMessages()]).then(([chunk]) => chunk);
};
/** A signed-in page by name: which chunk holds it is signedInPages' business (`signedInPageChunks`). */
const signedInPage = (name: SignedInPage) =>
  lazyRouteComponent(async () => (await import('./signedInPart')).signedInPageChunk(name), name);

const signedOutPages = {
  LoginPage: LoginWelcomeScreen,
  LoginEmailPage: lazyRouteComponent(auth, 'LoginEmailPage'),
  SignupPage: SignupChoiceScreen,
  SignupEmailPage: lazyRouteComponent(auth, 'SignupEmailPage'),
  SignupSuccessPage: lazyRouteComponent(auth, 'SignupSuccessPage'),
  ConfirmPage: lazyRouteComponent(auth, 'ConfirmPage'),
  ForgotPage: lazyRouteComponent(auth, 'ForgotPage'),
  ForgotSuccessPage: lazyRouteComponent(auth, 'ForgotSuccessPage'),
  ResetPage: lazyRouteComponent(auth, 'ResetPage'),
  ErrorPage: lazyRouteComponent(() => import('../features/errors'), 'ErrorPage'),
} satisfies Record<string, RouteComponent>;

export type Pages = Record<keyof typeof signedOutPages | SignedInPage, RouteComponent>;

/** The signed-in pages are made on first use (the router asks for each once, when it builds the tree). */
export const lazyPages = new Proxy(signedOutPages as Partial<Pages> as Pages, {
  get: (pages, name: SignedInPage) => (pages[name] ??= signedInPage(name)),
});

/**
 * Starts downloading the first screen's chunk as soon as the entry runs, in parallel with the language
 * catalogue and the session check; the router would otherwise ask for it only once both are done.
 * A guess from the path and whether a user is stored: a wrong guess costs one unused download.
 */
export function preloadFirstScreen(pathname: string, userStored: boolean): void {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path.startsWith('/auth/')) {
    if (path !== '/auth/login' && path !== '/auth/signup') void auth();
  } else if (userStored) {
    // The services, the frame and Home are one chunk (src/app/signedInPart.ts).
    void import('./signedInPart');
  }
}
