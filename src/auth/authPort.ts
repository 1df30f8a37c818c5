import type { RestoredSession, SessionUser } from '../../machines/session.machine';

/** The identity provider and the stored user (src/auth/oidcAuth.ts over oidc-client-ts). */
export type AuthPort = {
  /** The stored user (or the one an OIDC callback brings), with what start-up needs to know. */
  restoreSession(): Promise<RestoredSession>;
  signinSilent(): Promise<SessionUser>;
  signInWithInitData(): Promise<SessionUser>;
  exchangeLinkToken(linkToken: string): Promise<SessionUser>;
  /** Issue 20 item 9: GET /user with this access token (no renewal): the linked Telegram user's id, or null. */
  loadTelegramOwner(accessToken: string): Promise<number | null>;
  /** Records the Telegram user a stored session belongs to, beside the stored user. */
  recordTelegramOwner(sub: string, telegramUserId: number): void;
  /** Revokes the stored session's tokens at the IdP's revocation endpoint and removes the stored user. */
  discardSession(user: SessionUser): Promise<void>;
  signInWithPassword(email: string, password: string): Promise<SessionUser>;
  removeStoredUser(): void;
  /** Ends the user's tokens at the IdP; createServices then ends the session. Rejects when sign-out failed. */
  signOut(): Promise<void>;
  /** The stored user went away (another tab signed out). */
  onUserUnloaded(listener: () => void): void;
};
