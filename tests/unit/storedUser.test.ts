import { afterEach, describe, expect, it } from 'vitest';
import { appConfig } from '../../src/config';
import { readStoredUser } from '../../src/auth/storedUserRecord';
import { toSessionUser } from '../../src/auth/sessionUser';

const key = () => `oidc.user:${appConfig.oidcAuthority}:${appConfig.oidcClientId}`;
// What oidc-client-ts 3 writes (User.toStorageString) after a password sign-in.
const written = {
  id_token: undefined,
  session_state: null,
  access_token: 'access.jwt.value',
  refresh_token: 'opaque-refresh',
  token_type: 'Bearer',
  scope: 'openid email',
  expires_at: 1_795_509_985,
  profile: { sub: 'd5c8d02a-61e6-4996-9c69-17f7426f7129', email: 'ada@example.com', email_verified: true },
};

afterEach(() => window.localStorage.clear());

describe('the stored user, read without oidc-client-ts', () => {
  it('gives the session what the library would', () => {
    window.localStorage.setItem(key(), JSON.stringify(written));
    expect(toSessionUser(readStoredUser()!)).toEqual({
      accessToken: 'access.jwt.value',
      refreshToken: 'opaque-refresh',
      expiresAt: 1_795_509_985,
      refreshExpiresAt: undefined,
      profile: { sub: 'd5c8d02a-61e6-4996-9c69-17f7426f7129', email: 'ada@example.com' },
    });
  });

  it('leaves anything else to the library: nothing stored, not JSON, or not the shape it writes', () => {
    expect(readStoredUser()).toBeUndefined();
    for (const value of [
      '{',
      'null',
      '{}',
      JSON.stringify({ ...written, access_token: 7 }),
      JSON.stringify({ ...written, profile: {} }),
      JSON.stringify({ ...written, expires_at: '1795509985' }),
      JSON.stringify({ ...written, refresh_token: 1 }),
    ]) {
      window.localStorage.setItem(key(), value);
      expect(readStoredUser(), value).toBeUndefined();
    }
  });
});
