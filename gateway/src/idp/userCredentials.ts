/**
 * The user store as the identity provider reads it (gateway/src/users/credentials.ts implements it).
 * Its own file, not index.ts: the provider, grants, interaction and userinfo modules take it, and index.ts
 * imports them.
 */
export interface UserCredentials {
  checkPassword(
    email: string,
    password: string,
  ): Promise<{ ok: true; userId: string } | { ok: false; reason: 'invalid' | 'unconfirmed' }>;
  getClaims(
    userId: string,
  ): Promise<{ email?: string; email_verified?: boolean; preferred_username?: string; name?: string } | undefined>;
}
