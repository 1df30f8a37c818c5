import type { AuthPort } from './authPort';
import type { LaunchInfo } from '../platform/launch';
import type { StartPlatform } from '../platform/types';
import type { IdentityProvider } from './identityProvider';
import { hasStoredUser } from './storedUser';
import { initDataUserId } from '../platform/initDataUser';

function requireInitData(platform: StartPlatform): string {
  if (!platform.initData) throw Object.assign(new Error('No init data'), { code: 'B2C_USM0027' });
  return platform.initData;
}

// In the signed-in part's chunk (src/app/signedInPart.ts): whoever needs the identity provider is about to
// be, or already is, signed in, and a chunk of its own was one more request before Home's first frame.
const identityProvider = () => import('../app/signedInPart');

/** The messenger sign-in's code, downloaded on its first use (only inside Telegram). */
const telegramSignIn = () => import('./telegramSignIn');

/** Starts downloading the identity provider's code, e.g. while a stored user's start-up runs. */
export const preloadIdentityProvider = (): void => void identityProvider();

/**
 * The auth port of the live app. The identity provider's code (src/auth/identityProvider.ts, then
 * oidc-client-ts) downloads when first needed: a start without a stored user or an OIDC callback, such
 * as the login screen, needs none of it. The messenger sign-in loads its own code (src/auth/telegramSignIn.ts).
 */
export function createOidcAuth(launch: LaunchInfo, platform: StartPlatform): AuthPort {
  const unloadedListeners: Array<() => void> = [];
  let provider: Promise<IdentityProvider> | undefined;
  const idp = () =>
    (provider ??= identityProvider().then(({ createIdentityProvider }) => {
      const created = createIdentityProvider(launch, platform);
      for (const listener of unloadedListeners) created.onUserUnloaded(listener);
      return created;
    }));
  return {
    restoreSession: async () =>
      launch.isAuthCallback || hasStoredUser()
        ? (await idp()).restoreSession()
        : {
            user: null,
            isTelegram: platform.isTelegram,
            linkToken: launch.linkToken,
            initDataUserId: platform.isTelegram ? initDataUserId(platform.initData) : null,
          },
    signinSilent: async () => (await idp()).signinSilent(),
    // Messenger sign-in only happens inside Telegram, so its code loads there, not with every web start.
    signInWithInitData: async () => (await telegramSignIn()).signInWithInitData(requireInitData(platform)),
    exchangeLinkToken: async (linkToken) =>
      (await telegramSignIn()).exchangeLinkToken(linkToken, requireInitData(platform)),
    loadTelegramOwner: async (accessToken) => (await telegramSignIn()).loadTelegramOwner(accessToken),
    // Recorded once the owner check has passed, that is with the signed-in chunk (which holds the record) loaded.
    recordTelegramOwner: (sub, telegramUserId) =>
      void import('./telegramOwner').then((owner) => owner.recordTelegramOwner(sub, telegramUserId)),
    discardSession: async (user) => (await idp()).discardSession(user),
    signInWithPassword: async (email, password) => (await idp()).signInWithPassword(email, password),
    removeStoredUser: () => void idp().then((p) => p.removeStoredUser()),
    signOut: async () => (await idp()).signOut(),
    onUserUnloaded(listener) {
      if (provider) void provider.then((p) => p.onUserUnloaded(listener));
      else unloadedListeners.push(listener);
    },
  };
}
