import type { SessionUser } from '../../machines/session.machine';
import type { AuthPort } from './authPort';
import type { LaunchInfo } from '../platform/launch';
import type { StartPlatform } from '../platform/types';
import { getUserManager, onUserManagerReady } from './userManager';
import { hasStoredUser } from './storedUser';
import { readStoredUser } from './storedUserRecord';
import { toSessionUser } from './sessionUser';
import { forgetTelegramOwner } from './telegramOwner';
import { initDataUserId } from '../platform/initDataUser';

/** Everything of the auth port but the messenger sign-in (src/auth/telegramSignIn.ts). */
export type IdentityProvider = Omit<
  AuthPort,
  'signInWithInitData' | 'exchangeLinkToken' | 'loadTelegramOwner' | 'recordTelegramOwner'
>;

async function loadStoredUser(launch: LaunchInfo): Promise<SessionUser | null> {
  if (!launch.isAuthCallback && !hasStoredUser()) return null;
  const stored = launch.isAuthCallback ? undefined : readStoredUser();
  if (stored) return toSessionUser(stored);
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

/**
 * The identity provider through oidc-client-ts (loaded on first use). This module itself downloads when
 * first needed (src/auth/oidcAuth.ts, which also holds the messenger sign-in).
 */
export function createIdentityProvider(launch: LaunchInfo, platform: StartPlatform): IdentityProvider {
  return {
    restoreSession: async () => ({
      user: await loadStoredUser(launch),
      isTelegram: platform.isTelegram,
      linkToken: launch.linkToken,
      initDataUserId: platform.isTelegram ? initDataUserId(platform.initData) : null,
    }),
    async signinSilent() {
      const user = await (await getUserManager()).signinSilent();
      if (!user) throw new Error('Silent sign-in returned no user');
      return toSessionUser(user);
    },
    // Spec §7: login is a username/password credentials sign-in with the identity provider.
    async signInWithPassword(email, password) {
      return toSessionUser(
        await (await getUserManager()).signinResourceOwnerCredentials({ username: email, password }),
      );
    },
    removeStoredUser: () => void getUserManager().then((m) => m.removeUser()),
    // Issue 20 item 9: another Telegram user's session ends at the IdP too (RFC 7009, refresh token and its
    // grant), not only on this device; the stored user goes even when the revocation could not be sent.
    async discardSession() {
      const manager = await getUserManager();
      try {
        await manager.revokeTokens();
      } finally {
        await manager.removeUser();
        forgetTelegramOwner();
      }
    },
    async signOut() {
      try {
        await (await getUserManager()).revokeTokens();
      } catch {
        // Revocation is a courtesy to the IdP; the local session ends regardless.
      }
    },
    onUserUnloaded: (listener) => onUserManagerReady((m) => m.events.addUserUnloaded(listener)),
  };
}
