import { createActor, fromPromise } from 'xstate';
import { t } from '@lingui/core/macro';
import { sessionMachine, type SessionUser } from '../../machines/session.machine';
import { preferencesMachine, type Language, type ServerSettings } from '../../machines/preferences.machine';
import { availableCoinsMachine } from '../../machines/availableCoins.machine';
import { balancesMachine, type BalancesData } from '../../machines/balances.machine';
import { walletApi } from '../api/wallet';
import { getActiveAccountId, getActiveProfile, resetActiveAccount } from './account';
import { clientStore } from './clientStore';
import { linkSessionToWallet } from './walletLink';
import { selectSignedIn, selectSignedOut } from '../../machines/session.selectors';
import { getUserManager, hasStoredUser, onUserManagerReady } from '../auth/userManager';
import { registerSession } from '../auth/sessionRef';
import { toSessionUser } from '../auth/sessionUser';
import { exchangeLinkToken, signInWithInitData } from '../auth/telegramSignIn';
import { userApi } from '../api/userProfile';
import type { LaunchInfo } from '../platform/launch';
import type { Platform } from '../platform/types';
import { showToast } from '../ui/toast';
import { applyLanguage, applyTheme, preferenceStore } from './applyPreferences';
import { createNavigator, type AppServices } from './services';

function requireInitData(platform: Platform): string {
  if (!platform.initData) throw Object.assign(new Error('No init data'), { code: 'B2C_USM0027' });
  return platform.initData;
}

async function loadStoredUser(launch: LaunchInfo): Promise<SessionUser | null> {
  if (!launch.isAuthCallback && !hasStoredUser()) return null;
  const manager = await getUserManager();
  if (launch.isAuthCallback) {
    const user = await manager.signinCallback(launch.href);
    // Forget code and state so a reload does not replay the callback.
    window.history.replaceState(window.history.state, '', window.location.pathname);
    if (user) return toSessionUser(user);
  }
  const user = await manager.getUser();
  return user ? toSessionUser(user) : null;
}

/** One balance poll: GET /{account}/asset, then display rates for the crypto held (spec §7). */
async function loadBalances(fiat: string): Promise<BalancesData> {
  const assets = await walletApi.getAssets(await getActiveAccountId());
  const from = assets.filter((a) => a.isCrypto).map((a) => a.currency);
  if (from.length === 0) return { assets, rates: {} };
  try {
    return { assets, rates: (await walletApi.getRates(from, [fiat])).ratesMap };
  } catch {
    // Rates are display only: keep the previous ones rather than failing the balances.
    return { assets, rates: null };
  }
}

/** The one place where machines get their real actors and side effects (guide §4). */
export function createLiveServices(launch: LaunchInfo, platform: Platform): AppServices {
  const navigator = createNavigator();
  const manager = getUserManager;

  const session = createActor(
    sessionMachine.provide({
      actors: {
        restoreSession: fromPromise(async () => ({
          user: await loadStoredUser(launch),
          isTelegram: platform.isTelegram,
          linkToken: launch.linkToken,
        })),
        signinSilent: fromPromise(async () => {
          const user = await (await manager()).signinSilent();
          if (!user) throw new Error('Silent sign-in returned no user');
          return toSessionUser(user);
        }),
        signInWithInitData: fromPromise(() => signInWithInitData(requireInitData(platform))),
        exchangeLinkToken: fromPromise(({ input }) => exchangeLinkToken(input.linkToken, requireInitData(platform))),
      },
      actions: {
        removeStoredUser: () => void manager().then((m) => m.removeUser()),
        showError: ({ context }) => navigator.go(`/error/${encodeURIComponent(context.error?.code ?? 'UNKNOWN')}`),
        expandWindow: () => platform.expand(),
      },
    }),
  );
  registerSession(session);
  onUserManagerReady((m) => m.events.addUserUnloaded(() => session.send({ type: 'user.unloaded' })));

  const stored = preferenceStore.language(platform);
  const preferences = createActor(
    preferencesMachine.provide({
      actors: {
        loadServerSettings: fromPromise<ServerSettings>(async () => {
          const account = (await getActiveProfile()).accounts[0];
          return { language: account?.language ?? null, currency: account?.defaultFiatCurrency ?? null };
        }),
        saveServerLanguage: fromPromise(({ input }: { input: { language: Language } }) => userApi.setLanguage(input.language)),
        saveServerCurrency: fromPromise(({ input }: { input: { currency: string } }) => userApi.setDefaultFiatCurrency(input.currency)),
      },
      actions: {
        persistTheme: ({ context }) => preferenceStore.saveDarkTheme(context.darkTheme),
        applyTheme: ({ context }) => applyTheme(context.darkTheme, platform),
        persistLanguage: ({ context }) => preferenceStore.saveLanguage(context.language),
        applyLanguage: ({ context }) => void applyLanguage(context.language),
        persistCurrency: ({ context }) => clientStore.saveCurrency(context.currency),
        reportSaveFailed: () => showToast({ kind: 'error', message: t`Could not save the language. It applies on this device only.` }),
        reportCurrencySaveFailed: () => showToast({ kind: 'error', message: t`Could not save the currency. It applies on this device only.` }),
      },
    }),
    {
      input: {
        darkTheme: preferenceStore.darkTheme(),
        language: stored.language,
        languageChosen: stored.chosen,
        currency: clientStore.currency() ?? undefined,
        currencyChosen: clientStore.currency() !== null,
      },
    },
  );

  const coins = createActor(
    availableCoinsMachine.provide({ actors: { loadCatalogue: fromPromise(() => walletApi.getCurrencies()) } }),
    { input: { production: import.meta.env.PROD } },
  ).start();
  const balances = createActor(
    balancesMachine.provide({ actors: { loadBalances: fromPromise(({ input }) => loadBalances(input.fiat)) } }),
    { input: { fiat: preferences.getSnapshot().context.currency } },
  ).start();

  linkSessionToPreferences(session, preferences);
  linkSessionToWallet({ session, preferences, coins, balances }, resetActiveAccount);

  return {
    session,
    preferences,
    coins,
    balances,
    walletActors: {
      loadUserFlags: fromPromise(async () => {
        const [profile, auth] = await Promise.all([getActiveProfile(), userApi.getAuthInfo()]);
        return { pinCodeActive: profile.pinCodeActive, tgLinked: auth.tgAuth };
      }),
      addAssets: fromPromise(async ({ input }) => walletApi.addAssets(await getActiveAccountId(), input.currencies)),
      addAsset: fromPromise(async ({ input }) => walletApi.addAsset(await getActiveAccountId(), input.currency)),
    },
    platform,
    navigator,
    loadProfile: () => userApi.getProfile(),
    async signOut() {
      try {
        await (await manager()).revokeTokens();
      } catch {
        // Revocation is a courtesy to the IdP; the local session ends regardless.
      }
      session.send({ type: 'user.signedOut' });
    },
  };
}

/** Preferences learn about sign-in and sign-out, so the account language can apply (spec §3). */
export function linkSessionToPreferences(session: AppServices['session'], preferences: AppServices['preferences']) {
  let signedIn = false;
  return session.subscribe((snapshot) => {
    if (!signedIn && selectSignedIn(snapshot)) preferences.send({ type: 'user.signedIn' });
    if (signedIn && selectSignedOut(snapshot)) preferences.send({ type: 'user.signedOut' });
    signedIn = selectSignedIn(snapshot);
  });
}
