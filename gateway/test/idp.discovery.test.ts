import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ORIGIN, passwordGrant, startIdp, tokenUrl, type IdpServer } from './idp-support.js';

let s: IdpServer;
beforeAll(async () => {
  s = await startIdp();
  s.users.add('alice@example.com', 'correct horse');
});
afterAll(() => s.close());

describe('identity provider metadata', () => {
  it('serves discovery at Keycloak paths under the realm', async () => {
    const res = await fetch(`${s.base}/realms/wallet/.well-known/openid-configuration`);
    expect(res.status).toBe(200);
    const meta = (await res.json()) as Record<string, any>;
    const p = `${s.base}/realms/wallet/protocol/openid-connect`;
    expect(meta).toMatchObject({
      issuer: `${s.base}/realms/wallet`,
      authorization_endpoint: `${p}/auth`,
      token_endpoint: `${p}/token`,
      jwks_uri: `${p}/certs`,
      userinfo_endpoint: `${p}/userinfo`,
      revocation_endpoint: `${p}/revoke`,
      end_session_endpoint: `${p}/logout`,
    });
    expect(meta.code_challenge_methods_supported).toEqual(['S256']);
    expect(meta.grant_types_supported).toEqual(
      expect.arrayContaining(['authorization_code', 'refresh_token', 'password']),
    );
    expect(meta.scopes_supported).toEqual(expect.arrayContaining(['openid', 'profile', 'email', 'offline_access']));
    expect(meta.response_types_supported).toEqual(['code']);
  });

  it('publishes only public signing keys', async () => {
    const res = await fetch(`${s.issuer}/protocol/openid-connect/certs`);
    expect(res.status).toBe(200);
    const { keys } = (await res.json()) as { keys: Record<string, unknown>[] };
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) {
      expect(key).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
      expect(key.kid).toBeTruthy();
      expect(key.d).toBeUndefined();
      expect(key.p).toBeUndefined();
    }
  });

  it('ignores a forged Host and X-Forwarded-Host when building URLs', async () => {
    const res = await fetch(`${s.issuer}/.well-known/openid-configuration`, {
      headers: { 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'https' },
    });
    const meta = (await res.json()) as Record<string, any>;
    expect(meta.token_endpoint).toBe(`${s.issuer}/protocol/openid-connect/token`);
  });
});

describe('CORS', () => {
  it('allows the configured origin on discovery and refuses others', async () => {
    const ok = await fetch(`${s.issuer}/.well-known/openid-configuration`, { headers: { Origin: APP_ORIGIN } });
    expect(ok.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
    const foreign = await fetch(`${s.issuer}/.well-known/openid-configuration`, {
      headers: { Origin: 'https://evil.example' },
    });
    expect(foreign.status).toBe(200);
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('answers the token endpoint preflight for the app origin only', async () => {
    const preflight = (origin: string) =>
      fetch(tokenUrl(s), {
        method: 'OPTIONS',
        headers: {
          Origin: origin,
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'content-type',
        },
      });
    const ok = await preflight(APP_ORIGIN);
    expect(ok.status).toBe(204);
    expect(ok.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
    expect(ok.headers.get('access-control-allow-methods')).toContain('POST');
    const bad = await preflight('https://evil.example');
    expect(bad.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('lets the app origin read a form-encoded token response, and no one else', async () => {
    const ok = await passwordGrant(s, 'alice@example.com', 'correct horse', 'openid');
    expect(ok.status).toBe(200);
    const withOrigin = await fetch(tokenUrl(s), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: APP_ORIGIN },
      body: new URLSearchParams({
        grant_type: 'password',
        client_id: 'wallet-web',
        username: 'alice@example.com',
        password: 'correct horse',
        scope: 'openid',
      }),
    });
    expect(withOrigin.status).toBe(200);
    expect(withOrigin.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
    const foreign = await fetch(tokenUrl(s), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://evil.example' },
      body: new URLSearchParams({
        grant_type: 'password',
        client_id: 'wallet-web',
        username: 'alice@example.com',
        password: 'correct horse',
      }),
    });
    expect(foreign.status).toBe(400);
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
  });
});
