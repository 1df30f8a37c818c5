import { lazyRouteComponent, type RouteComponent } from '@tanstack/react-router';
import { preloadIdentityProvider } from '../auth/oidcAuth';
import { loadAuthMessages } from '../i18n';
import type { signedInChunks, signedInPageChunks } from './signedInPages';

type SignedInChunks = typeof signedInChunks;
type SignedInPage = keyof typeof signedInPageChunks;

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
const home = signedIn('home');
const nav = signedIn('nav');
/** A signed-in page by name: which chunk holds it is signedInPages' business (`signedInPageChunks`). */
const signedInPage = (name: SignedInPage) =>
  lazyRouteComponent(async () => (await import('./signedInPages')).signedInPageChunk(name), name);

const signedOutPages = {
  LoginPage: lazyRouteComponent(welcome, 'LoginWelcomeScreen'),
  LoginEmailPage: lazyRouteComponent(auth, 'LoginEmailPage'),
  SignupPage: lazyRouteComponent(welcome, 'SignupChoiceScreen'),
  SignupEmailPage: lazyRouteComponent(auth, 'SignupEmailPage'),
  SignupSuccessPage: lazyRouteComponent(auth, 'SignupSuccessPage'),
  ConfirmPage: lazyRouteComponent(auth, 'ConfirmPage'),
  ForgotPage: lazyRouteComponent(auth, 'ForgotPage'),
  ForgotSuccessPage: lazyRouteComponent(welcome, 'ForgotSuccessScreen'),
  ResetPage: lazyRouteComponent(auth, 'ResetPage'),
  ErrorPage: lazyRouteComponent(() => import('../features/errors'), 'ErrorPage'),
};

export type Pages = Record<keyof typeof signedOutPages | SignedInPage, RouteComponent>;

/** The signed-in pages are made on first use (the router asks for each once, when it builds the tree). */
export const lazyPages = new Proxy(signedOutPages as Pages, {
  get: (pages, name: SignedInPage) => (pages[name] ??= signedInPage(name)),
});

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
