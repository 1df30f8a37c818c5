import { createActor, fromPromise, waitFor } from 'xstate';
import { sessionMachine, type SessionUser } from '../../machines/session.machine';
import { preferencesMachine, type ServerSettings } from '../../machines/preferences.machine';
import { appMachine, type SignedInLogic, type WalletActor } from '../../machines/app.machine';
import { selectWalletActors } from '../../machines/wallet.selectors';
import {
  selectPreferences,
  selectSession,
  selectSignedInPart,
  selectSignedInPartFailed,
  selectSignedInPartReady,
  selectWallet,
} from '../../machines/app.selectors';
import { toastMachine, type Toast } from '../../machines/toast.machine';
import { selectAccessToken, selectSignedIn } from '../../machines/session.selectors';
import type { SignInMethod } from '../../contracts/analytics';
import type { StartPlatform } from '../platform/types';
import type { AuthDeps } from '../features/auth/services';
import type { AppActor, PreferencesActor, SessionActor, ToastActor } from './actors';
import type { ServiceDeps, SignedInParts } from './deps';
import { createNavigator, type Navigator } from './navigator';
import { createAnalytics, type Analytics } from './analytics';
import { currencyNotSaved, languageNotSaved } from '../features/shell/preferenceNotices';
import type { SignedInPart, SignedInServices } from './signedIn';

export type {
  AppActor,
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
  /** The root app machine (machines/app.machine.ts): it owns every long-lived actor below. */
  app: AppActor;
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
 * calls it with the real world, tests with fakes. Nothing here is module state: the root app machine
 * (machines/app.machine.ts) owns every long-lived actor and the rules that tie them; this only provides
 * its logic and effects, and starts it.
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

  const sessionLogic = sessionMachine.provide({
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
  });

  const preferencesLogic = preferencesMachine.provide({
    actors: {
      // Asked only after the app machine told the preferences of the sign-in, so the part is loaded by then.
      loadServerSettings: fromPromise<ServerSettings>(async () => (await loadSignedIn()).serverSettings()),
      saveServerLanguage: fromPromise(({ input }) => signedInApi().then((api) => api.user.setLanguage(input.language))),
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
      reportSaveFailed: () => showToast({ kind: 'error', message: languageNotSaved() }),
      reportCurrencySaveFailed: () => showToast({ kind: 'error', message: currencyNotSaved() }),
    },
  });

  // The signed-in part: its actor logic goes to the app machine, which spawns the signed-in actors from
  // it; the screens' side of it is built over those actors (`signedIn()`), once.
  const parts = new WeakMap<SignedInLogic, SignedInPart>();
  const built = new WeakMap<WalletActor, SignedInServices>();
  const walletActors = () => {
    const wallet = selectWallet(app.getSnapshot());
    return wallet ? selectWalletActors(wallet.getSnapshot()) : null;
  };
  const build = ({ createSignedIn, ...gateway }: SignedInParts) => {
    const part = createSignedIn(
      {
        session: () => selectSession(app.getSnapshot()),
        platform,
        auth,
        analytics,
        actors: walletActors,
        profileNeeded: () => selectWallet(app.getSnapshot())?.send({ type: 'profile.needed' }),
      },
      gateway,
    );
    parts.set(part.logic, part);
    return part.logic;
  };
  const given = typeof deps.signedIn === 'function' ? undefined : deps.signedIn;
  const download = deps.signedIn;

  const stored = storage.preferences.language(platform);
  // Without a local choice the machine's default fiat applies (an `undefined` would override it).
  const storedCurrency = storage.client.currency();
  const app = createActor(
    appMachine.provide({
      actors: {
        session: sessionLogic,
        preferences: preferencesLogic,
        loadSignedInPart: fromPromise(async () => build(typeof download === 'function' ? await download() : download)),
      },
      actions: {
        reportPartUnavailable: (_, error) => console.warn('Signed-in part unavailable', error),
      },
    }),
    {
      input: {
        production: deps.env.production,
        preferences: {
          darkTheme: storage.preferences.darkTheme(platform),
          themeChosen: storage.preferences.themeChosen(),
          language: stored.language,
          languageChosen: stored.chosen,
          ...(storedCurrency !== null ? { currency: storedCurrency } : {}),
          currencyChosen: storedCurrency !== null,
          hideBalances: storage.preferences.hideBalances(),
        },
        ...(given ? { signedIn: build(given) } : {}),
      },
    },
  );
  const session = selectSession(app.getSnapshot());
  const preferences = selectPreferences(app.getSnapshot());
  auth.onUserUnloaded(() => session.send({ type: 'user.unloaded' }));

  /** The signed-in part once it is there, the same object every time. */
  function signedIn(): SignedInServices | undefined {
    const snapshot = app.getSnapshot();
    const logic = selectSignedInPart(snapshot);
    const wallet = selectWallet(snapshot);
    if (!logic || !wallet) return undefined;
    let services = built.get(wallet);
    if (!services) {
      const part = parts.get(logic);
      if (!part) throw new Error('The signed-in part was not built by these services');
      built.set(wallet, (services = part.services(selectWalletActors(wallet.getSnapshot()))));
    }
    return services;
  }
  /** Asks the app machine for the part; a failed download is tried again on the next call. */
  async function loadSignedIn(): Promise<SignedInServices> {
    app.send({ type: 'signedInPart.requested' });
    const settled = await waitFor(app, (s) => selectSignedInPartReady(s) || selectSignedInPartFailed(s));
    const services = selectSignedInPartReady(settled) ? signedIn() : undefined;
    if (!services) throw new Error('The signed-in part could not be downloaded');
    return services;
  }
  const signedInApi = async () => (await loadSignedIn()).features.api;
  // Inside the messenger, its scheme changes reach the theme (the machine ignores them once the user chose).
  platform.hostTheme?.onChange((dark) => preferences.send({ type: 'theme.hostChanged', dark }));
  // Started at once: the preferences apply the theme and language, the session restores the stored user.
  app.start();

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
    app,
    loadSignedIn,
    signedIn,
  };
}
