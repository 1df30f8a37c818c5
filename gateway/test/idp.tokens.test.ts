import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APP_ORIGIN,
  decodeSegment,
  passwordGrant,
  refreshGrant,
  startIdp,
  tokenRequest,
  type FakeUser,
  type IdpServer,
} from './idp-support.js';

let s: IdpServer;
let alice: FakeUser;
beforeAll(async () => {
  s = await startIdp();
  alice = s.users.add('alice@example.com', 'correct horse');
  s.users.add('bob@example.com', 'battery staple', false);
});
afterAll(() => s.close());

const revoke = (token: string, hint?: string, headers: Record<string, string> = {}) =>
  fetch(`${s.issuer}/protocol/openid-connect/revoke`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams({ client_id: 'wallet-web', token, ...(hint ? { token_type_hint: hint } : {}) }),
  });

const userinfo = (token: string) =>
  fetch(`${s.issuer}/protocol/openid-connect/userinfo`, { headers: { Authorization: `Bearer ${token}` } });

describe('password grant', () => {
  it('returns a JWT access token for the API, a refresh token and an ID token', async () => {
    const { status, body, headers } = await passwordGrant(s, 'alice@example.com', 'correct horse');
    expect(status).toBe(200);
    expect(headers.get('cache-control')).toContain('no-store');
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 300 });
    expect(body.scope.split(' ')).toEqual(expect.arrayContaining(['openid', 'profile', 'email', 'offline_access']));
    expect(body.refresh_token).toEqual(expect.any(String));
    expect(body.refresh_token.split('.')).toHaveLength(1);

    expect(decodeSegment(body.access_token, 0)).toMatchObject({ alg: 'RS256', typ: 'at+jwt' });
    const at = decodeSegment(body.access_token, 1);
    expect(at).toMatchObject({ iss: s.issuer, aud: 'urn:wallet:api', sub: alice.id, client_id: 'wallet-web' });
    expect((at.exp as number) - (at.iat as number)).toBe(300);
    expect(await s.idp.verifyAccessToken(body.access_token)).toEqual({ sub: alice.id });

    const id = decodeSegment(body.id_token, 1);
    expect(id).toMatchObject({
      iss: s.issuer,
      aud: 'wallet-web',
      sub: alice.id,
      email: 'alice@example.com',
      email_verified: true,
      preferred_username: 'alice@example.com',
    });
  });

  it('defaults to openid profile email and still returns a refresh token', async () => {
    const res = await fetch(`${s.issuer}/protocol/openid-connect/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'password',
        client_id: 'wallet-web',
        username: 'alice@example.com',
        password: 'correct horse',
      }),
    });
    const body = (await res.json()) as Record<string, any>;
    expect(res.status).toBe(200);
    expect(body.scope).toBe('openid profile email');
    expect(body.refresh_token).toBeTruthy();
    expect(body.id_token).toBeTruthy();
  });

  it('refuses a wrong password and an unknown user with 400 invalid_grant', async () => {
    for (const [user, pass] of [
      ['alice@example.com', 'wrong'],
      ['nobody@example.com', 'x'],
    ]) {
      const { status, body } = await passwordGrant(s, user, pass);
      expect(status).toBe(400);
      expect(body).toMatchObject({ error: 'invalid_grant', error_description: 'Invalid user credentials' });
    }
  });

  it('refuses an unconfirmed account with 400 invalid_grant', async () => {
    const { status, body } = await passwordGrant(s, 'bob@example.com', 'battery staple');
    expect(status).toBe(400);
    expect(body).toMatchObject({ error: 'invalid_grant', error_description: 'Account is not fully set up' });
  });

  it('refuses a missing password, an unknown scope and an unknown client', async () => {
    expect((await passwordGrant(s, 'alice@example.com', '')).body.error).toBe('invalid_request');
    expect((await passwordGrant(s, 'alice@example.com', 'correct horse', 'openid admin')).body.error).toBe(
      'invalid_scope',
    );
    const res = await fetch(`${s.issuer}/protocol/openid-connect/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'password',
        client_id: 'other',
        username: 'alice@example.com',
        password: 'correct horse',
      }),
    });
    expect(res.status).toBe(401);
  });
});

describe('refresh grant', () => {
  it('rotates the refresh token, keeps JWT access tokens, and refuses the used one', async () => {
    const first = (await passwordGrant(s, 'alice@example.com', 'correct horse')).body;
    const second = await refreshGrant(s, first.refresh_token);
    expect(second.status).toBe(200);
    expect(second.body.refresh_token).not.toBe(first.refresh_token);
    expect(decodeSegment(second.body.access_token, 0).typ).toBe('at+jwt');
    expect(decodeSegment(second.body.access_token, 1)).toMatchObject({ aud: 'urn:wallet:api', sub: alice.id });
    expect(decodeSegment(second.body.id_token, 1)).toMatchObject({ sub: alice.id, email: 'alice@example.com' });
    expect(await s.idp.verifyAccessToken(second.body.access_token)).toEqual({ sub: alice.id });

    const third = await refreshGrant(s, second.body.refresh_token);
    expect(third.status).toBe(200);

    const reused = await refreshGrant(s, first.refresh_token);
    expect(reused.status).toBe(400);
    expect(reused.body.error).toBe('invalid_grant');
  });

  it('treats reuse of a rotated refresh token as theft: the whole grant dies', async () => {
    const first = (await passwordGrant(s, 'alice@example.com', 'correct horse')).body;
    const second = (await refreshGrant(s, first.refresh_token)).body;
    expect((await refreshGrant(s, first.refresh_token)).status).toBe(400);
    expect((await refreshGrant(s, second.refresh_token)).status).toBe(400);
    await expect(s.idp.verifyAccessToken(second.access_token)).rejects.toThrow();
  });

  it('accepts the refresh request oidc-client-ts sends and keeps the ID token claims it compares', async () => {
    const first = (await passwordGrant(s, 'alice@example.com', 'correct horse')).body;
    const next = await tokenRequest(s, {
      grant_type: 'refresh_token',
      refresh_token: first.refresh_token,
      scope: first.scope,
      redirect_uri: `${APP_ORIGIN}/auth/callback`,
    });
    expect(next.status).toBe(200);
    expect(next.body.scope).toBe(first.scope);
    const [before, after] = [decodeSegment(first.id_token, 1), decodeSegment(next.body.id_token, 1)];
    expect(after.sub).toBe(before.sub);
    expect(after.auth_time).toBe(before.auth_time);
    expect(after.azp).toBe(before.azp);
  });

  it('refuses garbage', async () => {
    const res = await refreshGrant(s, 'not-a-token');
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('invalid_grant');
  });
});

describe('revocation', () => {
  it('revokes an access token with an empty, untyped 200 that the app origin may read', async () => {
    const tokens = (await passwordGrant(s, 'alice@example.com', 'correct horse')).body;
    const res = await revoke(tokens.access_token, 'access_token', { Origin: APP_ORIGIN });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBeNull();
    expect(res.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
    expect(await res.text()).toBe('');
    await expect(s.idp.verifyAccessToken(tokens.access_token)).rejects.toThrow();
    // The refresh token of the same sign-in is untouched.
    expect((await refreshGrant(s, tokens.refresh_token)).status).toBe(200);
  });

  it('revokes a refresh token together with its grant', async () => {
    const tokens = (await passwordGrant(s, 'alice@example.com', 'correct horse')).body;
    const res = await revoke(tokens.refresh_token, 'refresh_token');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBeNull();
    expect((await refreshGrant(s, tokens.refresh_token)).status).toBe(400);
    await expect(s.idp.verifyAccessToken(tokens.access_token)).rejects.toThrow();
  });

  it('answers 200 for unknown tokens and 401 without the client id', async () => {
    expect((await revoke('unknown')).status).toBe(200);
    const res = await fetch(`${s.issuer}/protocol/openid-connect/revoke`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: 'x' }),
    });
    expect(res.status).toBe(401);
  });
});

describe('userinfo', () => {
  it('returns the claims for a valid access token', async () => {
    const tokens = (await passwordGrant(s, 'alice@example.com', 'correct horse')).body;
    const res = await userinfo(tokens.access_token);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      sub: alice.id,
      email: 'alice@example.com',
      email_verified: true,
      preferred_username: 'alice@example.com',
    });
  });

  it('answers the app origin preflight and refuses missing, id and refresh tokens', async () => {
    const pre = await fetch(`${s.issuer}/protocol/openid-connect/userinfo`, {
      method: 'OPTIONS',
      headers: {
        Origin: APP_ORIGIN,
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'authorization',
      },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
    const tokens = (await passwordGrant(s, 'alice@example.com', 'correct horse')).body;
    const none = await fetch(`${s.issuer}/protocol/openid-connect/userinfo`);
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toContain('Bearer');
    expect((await userinfo(tokens.id_token)).status).toBe(401);
    expect((await userinfo(tokens.refresh_token)).status).toBe(401);
  });
});

describe('issueSession', () => {
  it('returns the password grant token set, with a working refresh token', async () => {
    const session = await s.idp.issueSession(alice.id);
    expect(session).toMatchObject({ token_type: 'Bearer', expires_in: 300, scope: 'openid profile email' });
    expect(decodeSegment(session.access_token, 0).typ).toBe('at+jwt');
    expect(decodeSegment(session.access_token, 1)).toMatchObject({
      aud: 'urn:wallet:api',
      sub: alice.id,
      iss: s.issuer,
    });
    expect(decodeSegment(session.id_token, 1)).toMatchObject({
      sub: alice.id,
      aud: 'wallet-web',
      email: 'alice@example.com',
    });
    expect(await s.idp.verifyAccessToken(session.access_token)).toEqual({ sub: alice.id });
    const refreshed = await refreshGrant(s, session.refresh_token);
    expect(refreshed.status).toBe(200);
    expect(await s.idp.verifyAccessToken(refreshed.body.access_token)).toEqual({ sub: alice.id });
  });

  it('cannot be driven from outside: the session grant needs a ticket only the gateway holds', async () => {
    const res = await fetch(`${s.issuer}/protocol/openid-connect/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'urn:wallet:params:grant-type:session-ticket',
        client_id: 'wallet-web',
        ticket: 'guess',
      }),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBe('invalid_grant');
  });
});
