// The session's shapes, apart from the machine so its pure start-up rules (session.startup.ts) can read
// them without importing the machine that imports those rules.

/** The signed-in session as the app needs it (spec §3), independent of the OIDC library. */
export type SessionUser = {
  accessToken: string;
  refreshToken?: string;
  /** Access-token expiry in seconds since the epoch (oidc-client-ts `expires_at`). */
  expiresAt?: number;
  /** Refresh-token expiry in ms; absent when the token is opaque and the IdP did not say. */
  refreshExpiresAt?: number;
  profile: { sub: string; email?: string };
  /**
   * The Telegram user this session was signed in for, recorded by the app beside the stored user when it
   * signs in with init data (the gateway's tokens do not say). Absent for a password sign-in.
   */
  telegramUserId?: number;
};

/** Where and how the app was opened, plus the stored user: everything start-up decides on (spec §4). */
export type RestoredSession = {
  user: SessionUser | null;
  isTelegram: boolean;
  /** `link_token` from the URL: a one-time code to link the messenger account. */
  linkToken: string | null;
  /** Inside the messenger, the Telegram user of the init data (absent or null when it names none). */
  initDataUserId?: number | null;
};
