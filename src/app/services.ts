import { createActor, fromPromise, waitFor } from 'xstate';
import { t } from '@lingui/core/macro';
import { sessionMachine, type SessionUser } from '../../machines/session.machine';
import { preferencesMachine, type ServerSettings } from '../../machines/preferences.machine';
import { toastMachine, type Toast } from '../../machines/toast.machine';
import { selectAccessToken, selectSignedIn } from '../../machines/session.selectors';
import type { SignInMethod } from '../../contracts/analytics';
import type { StartPlatform } from '../platform/types';
import type { AuthDeps } from '../features/auth/services';
import type { PreferencesActor, SessionActor, ToastActor } from './actors';
import type { ServiceDeps, SignedInParts } from './deps';
import { createNavigator, type Navigator } from './navigator';
import { createAnalytics, type Analytics } from './analytics';
import type { SignedInServices } from './signedIn';

export type {
  AvailableCoinsActor,
  BalancesActor,
  ConnectivityActor,
  PreferencesActor,
  ProfileActor,
  SessionActor,
  ToastActor,
} from './actors';
export type { Navigator } from './navigator';
export type { FeatureDeps, SignedInServices, WalletActors } from './signedIn';

/** Everything screens need from the outside world, built once by createServices. */
export type AppServices = {
  session: SessionActor;
  preferences: PreferencesActor;
  /** What the auth form screens build their actors from (`useAuthActors`, src/features/auth/pages.tsx). */
  auth: AuthDeps;
  /** The one toast area (spec §3 "active toast"): any flow raises one through showToast. */
  toast: ToastActor;
  showToast(toast: Toast): void;
  platform: StartPlatform;
  navigator: Navigator;
  /** Product analytics (spec §1): screens, sign-in and sign-up here; the money flows and passcode in signedIn.ts. */
  analytics: Analytics;
  /** Revokes the tokens, removes the stored user and ends the session. */
  signOut(): Promise<void>;
  /**
   * The signed-in part (profile, coins, balances, wallet calls, the features' deps: src/app/signedIn.ts),
   * built once, on the first sign-in or when the signed-in area loads. Resolves with the same object
   * every time; a failed download is tried again on the next call.
   */
  loadSignedIn(): Promise<SignedInServices>;
  /** The signed-in part once loaded (the signed-in route's loader waits for it, so its screens can read it). */
  signedIn(): SignedInServices | undefined;
};

/**
 * The one place where the app's actors get their real logic and side effects (guide §4): src/app/live.ts
 * calls it with the real world, tests with fakes. Nothing here is module state; every actor, client and
 * link belongs to the returned services. Actors are created, not started (main.tsx starts them).
 */
export function createServices(deps: ServiceDeps): AppServices {
  const { platform, auth, storage, ui } = deps;
  const toast = createActor(toastMachine).start();
  const showToast = (shown: Toast) => {
    toast.send({ type: 'toast.shown', toast: shown });
    ui.toastShown?.(shown);
  };
  const navigator = createNavigator();
  const { analytics: transport } = deps;
  // The gateway tags a batch with the account of the token it comes with (none before sign-in).
  const analytics = createAnalytics({
    appType: platform.isTelegram ? 'tg' : 'web',
    ...(transport
      ? { transport: (batch) => transport.send(batch, { accessToken: selectAccessToken(session.getSnapshot()) }) }
      : {}),
  });
  /** A sign-in counts when the session was signed out: a renewal with fresh init data is not one. */
  const signingIn = async <T>(method: SignInMethod, signIn: () => Promise<T>): Promise<T> => {
    const renewal = selectSignedIn(session.getSnapshot());
    const user = await signIn();
    if (!renewal) analytics.track('signed_in', { method });
    return user;
  };

  const session = createActor(
    sessionMachine.provide({
      actors: {
        restoreSession: fromPromise(() => auth.restoreSession()),
        signinSilent: fromPromise(() => auth.signinSilent()),
        signInWithInitData: fromPromise(() => signingIn('telegram', () => auth.signInWithInitData())),
        exchangeLinkToken: fromPromise(({ input }: { input: { linkToken: string } }) =>
          signingIn('link', () => auth.exchangeLinkToken(input.linkToken)),
        ),
        loadTelegramOwner: fromPromise(({ input }: { input: { accessToken: string } }) =>
          auth.loadTelegramOwner(input.accessToken),
        ),
        discardSession: fromPromise(({ input }: { input: { user: SessionUser } }) => auth.discardSession(input.user)),
      },
      actions: {
        removeStoredUser: () => auth.removeStoredUser(),
        recordTelegramOwner: ({ context }) => {
          if (context.user?.telegramUserId !== undefined)
            auth.recordTelegramOwner(context.user.profile.sub, context.user.telegramUserId);
        },
        showError: ({ context }) =>
          navigator.go({ to: '/error/$code', params: { code: context.error?.code ?? 'UNKNOWN' } }),
        expandWindow: () => platform.expand(),
      },
    }),
  );
  auth.onUserUnloaded(() => session.send({ type: 'user.unloaded' }));

  const stored = storage.preferences.language(platform);
  // Without a local choice the machine's default fiat applies (an `undefined` would override it).
  const storedCurrency = storage.client.currency();
  const preferences = createActor(
    preferencesMachine.provide({
      actors: {
        // Asked only after the signed-in part told the preferences of the sign-in, so it is loaded by then.
        loadServerSettings: fromPromise<ServerSettings>(async () => (await loadSignedIn()).serverSettings()),
        saveServerLanguage: fromPromise(({ input }) =>
          signedInApi().then((api) => api.user.setLanguage(input.language)),
        ),
        saveServerCurrency: fromPromise(({ input }) =>
          signedInApi().then((api) => api.user.setDefaultFiatCurrency(input.currency)),
        ),
      },
      actions: {
        persistTheme: ({ context }) => storage.preferences.saveDarkTheme(context.darkTheme),
        applyTheme: ({ context }) => ui.applyTheme(context.darkTheme),
        persistLanguage: ({ context }) => storage.preferences.saveLanguage(context.language),
        applyLanguage: ({ context }) => ui.applyLanguage(context.language),
        persistCurrency: ({ context }) => storage.client.saveCurrency(context.currency),
        persistHideBalances: ({ context }) => storage.preferences.saveHideBalances(context.hideBalances),
        reportSaveFailed: () =>
          showToast({ kind: 'error', message: t`Could not save the language. It applies on this device only.` }),
        reportCurrencySaveFailed: () =>
          showToast({ kind: 'error', message: t`Could not save the currency. It applies on this device only.` }),
      },
    }),
    {
      input: {
        darkTheme: storage.preferences.darkTheme(platform),
        themeChosen: storage.preferences.themeChosen(),
        language: stored.language,
        languageChosen: stored.chosen,
        ...(storedCurrency !== null ? { currency: storedCurrency } : {}),
        currencyChosen: storedCurrency !== null,
        hideBalances: storage.preferences.hideBalances(),
      },
    },
  );

  // The signed-in part: built at once when the deps hold it (tests), else downloaded on first need.
  let signedIn: SignedInServices | undefined;
  let loading: Promise<SignedInServices> | undefined;
  const build = ({ createSignedIn, ...gateway }: SignedInParts) =>
    (signedIn ??= createSignedIn({ session, preferences, platform, env: deps.env, auth, analytics }, gateway));
  function loadSignedIn(): Promise<SignedInServices> {
    if (signedIn) return Promise.resolve(signedIn);
    const parts = deps.signedIn;
    if (typeof parts !== 'function') return Promise.resolve(build(parts));
    loading ??= parts().then(build, (error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  }
  const signedInApi = async () => (await loadSignedIn()).features.api;
  if (typeof deps.signedIn !== 'function') build(deps.signedIn);
  // A sign-in (stored user, password, messenger, link token) starts the profile, catalogue and balances.
  session.subscribe((snapshot) => {
    if (selectSignedIn(snapshot) && !signedIn)
      loadSignedIn().catch((error: unknown) => console.warn('Signed-in part unavailable', error));
  });
  // Inside the messenger, its scheme changes reach the theme (the machine ignores them once the user chose).
  platform.hostTheme?.onChange((dark) => preferences.send({ type: 'theme.hostChanged', dark }));

  async function signOut() {
    await auth.signOut();
    session.send({ type: 'user.signedOut' });
  }

  return {
    toast,
    showToast,
    session,
    preferences,
    auth: {
      forms: {
        ...deps.authForms,
        async registerUser(body) {
          await deps.authForms.registerUser(body);
          analytics.track('signed_up', { method: 'email' });
        },
      },
      async signIn({ email, password }) {
        const user = await signingIn('password', () => auth.signInWithPassword(email, password));
        session.send({ type: 'user.signedIn', user });
        await waitFor(session, selectSignedIn, { timeout: 5000 });
      },
    },
    platform,
    navigator,
    analytics,
    signOut,
    loadSignedIn,
    signedIn: () => signedIn,
  };
}
