import { captureLaunch } from '../../src/platform/launch';
import { toSessionUser, rememberRefreshExpiry } from '../../src/auth/sessionUser';
import { decodeJwt, jwtExpiryMs } from '../../src/auth/jwt';
import { User } from 'oidc-client-ts';

const at = (url: string) => {
  window.history.replaceState(null, '', url);
  return captureLaunch();
};

describe('launch capture', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('takes link_token out of the URL so a reload does not replay it', () => {
    const launch = at('/home?link_token=abc&x=1#frag');
    expect(launch.linkToken).toBe('abc');
    expect(window.location.pathname + window.location.search + window.location.hash).toBe('/home?x=1#frag');
  });

  it('takes the messenger start param as the link code when there is no link_token', () => {
    expect(at('/#tgWebAppData=query_id%3D1&tgWebAppStartParam=code123').linkToken).toBe('code123');
    expect(at('/?link_token=q#tgWebAppData=x&tgWebAppStartParam=code123').linkToken).toBe('q');
    expect(at('/#tgWebAppStartParam=code123').linkToken).toBeNull();
  });

  it('recognises an auth callback by code or error plus state', () => {
    expect(at('/?code=1&state=s').isAuthCallback).toBe(true);
    expect(at('/?error=access_denied&state=s').isAuthCallback).toBe(true);
    expect(at('/?code=1').isAuthCallback).toBe(false);
  });

  it('only suspects the messenger when launch params are present', () => {
    expect(at('/').looksLikeTelegram).toBe(false);
    expect(at('/#tgWebAppData=query_id%3D1&tgWebAppVersion=8.0').looksLikeTelegram).toBe(true);
  });
});

const b64url = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
const jwt = (claims: object) => `${b64url({ alg: 'none' })}.${b64url(claims)}.sig`;

describe('session user mapping', () => {
  it('decodes JWT claims, including UTF-8', () => {
    const token = `${b64url({})}.${btoa(unescape(encodeURIComponent(JSON.stringify({ name: 'Аня', exp: 10 }))))}.x`;
    expect(decodeJwt(token)).toEqual({ name: 'Аня', exp: 10 });
    expect(jwtExpiryMs(token)).toBe(10_000);
    expect(decodeJwt('opaque')).toBeNull();
  });

  it('takes refresh expiry from a JWT refresh token, else from the remembered token response', () => {
    const base = {
      access_token: 'a',
      token_type: 'Bearer',
      profile: { sub: 's', email: 'e@x', iss: '', aud: '', exp: 0, iat: 0 },
      expires_at: 5,
    };
    expect(toSessionUser(new User({ ...base, refresh_token: jwt({ exp: 20 }) })).refreshExpiresAt).toBe(20_000);
    expect(
      toSessionUser(new User({ ...base, refresh_token: 'opaque-token-1234567890' })).refreshExpiresAt,
    ).toBeUndefined();
    rememberRefreshExpiry('opaque-token-1234567890', 60);
    const mapped = toSessionUser(new User({ ...base, refresh_token: 'opaque-token-1234567890' }));
    expect(mapped.refreshExpiresAt).toBeGreaterThan(Date.now());
    expect(mapped).toMatchObject({ accessToken: 'a', expiresAt: 5, profile: { sub: 's', email: 'e@x' } });
  });
});
