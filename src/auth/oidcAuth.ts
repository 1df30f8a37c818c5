import type { SessionUser } from '../../machines/session.machine';
import type { AuthPort } from '../app/deps';
import type { LaunchInfo } from '../platform/launch';
import type { Platform } from '../platform/types';
import { getUserManager, hasStoredUser, onUserManagerReady } from './userManager';
import { toSessionUser } from './sessionUser';

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

/** The identity provider through oidc-client-ts (loaded on first use) and the gateway's messenger sign-in. */
export function createOidcAuth(launch: LaunchInfo, platform: Platform): AuthPort {
  return {
    restoreSession: async () => ({ user: await loadStoredUser(launch), isTelegram: platform.isTelegram, linkToken: launch.linkToken }),
    async signinSilent() {
      const user = await (await getUserManager()).signinSilent();
      if (!user) throw new Error('Silent sign-in returned no user');
      return toSessionUser(user);
    },
    // Messenger sign-in only happens inside Telegram, so its code loads there, not with every web start.
    signInWithInitData: async () => (await import('./telegramSignIn')).signInWithInitData(requireInitData(platform)),
    exchangeLinkToken: async (linkToken) => (await import('./telegramSignIn')).exchangeLinkToken(linkToken, requireInitData(platform)),
    // Spec §7: login is a username/password credentials sign-in with the identity provider.
    async signInWithPassword(email, password) {
      return toSessionUser(await (await getUserManager()).signinResourceOwnerCredentials({ username: email, password }));
    },
    removeStoredUser: () => void getUserManager().then((m) => m.removeUser()),
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
