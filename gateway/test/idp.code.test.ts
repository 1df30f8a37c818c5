import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APP_ORIGIN,
  decodeSegment,
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
});
afterAll(() => s.close());

/** Just enough of a browser: keeps cookies by name and never follows redirects itself. */
function browser() {
  const jar = new Map<string, string>();
  return async function go(url: string, init: RequestInit = {}) {
    const res = await fetch(new URL(url, s.base), {
      ...init,
      redirect: 'manual',
      headers: {
        ...(init.headers as Record<string, string>),
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
      },
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair.indexOf('=');
      jar.set(pair.slice(0, i), pair.slice(i + 1));
    }
    return res;
  };
}

function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

function authUrl(params: Record<string, string>) {
  const q = new URLSearchParams({
    client_id: 'wallet-web',
    response_type: 'code',
    scope: 'openid profile email',
    redirect_uri: `${APP_ORIGIN}/auth/callback`,
    state: 'st4te',
    nonce: 'n0nce',
    ...params,
  });
  return `${s.issuer}/protocol/openid-connect/auth?${q}`;
}

const form = (data: Record<string, string>): RequestInit => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(data),
});

describe('authorization code + PKCE', () => {
  it('refuses a request without a code challenge', async () => {
    const res = await browser()(authUrl({}));
    expect(res.status).toBe(303);
    const to = new URL(res.headers.get('location')!);
    expect(`${to.origin}${to.pathname}`).toBe(`${APP_ORIGIN}/auth/callback`);
    expect(to.searchParams.get('error')).toBe('invalid_request');
  });

  it('refuses an unregistered redirect URI without redirecting to it', async () => {
    const res = await browser()(
      authUrl({
        redirect_uri: 'https://evil.example/cb',
        code_challenge: pkce().challenge,
        code_challenge_method: 'S256',
      }),
    );
    expect(res.status).toBe(400);
  });

  it('signs in through the login page and exchanges the code with the verifier', async () => {
    const go = browser();
    const { verifier, challenge } = pkce();
    const start = await go(authUrl({ code_challenge: challenge, code_challenge_method: 'S256' }));
    expect(start.status).toBe(303);
    const loginUrl = start.headers.get('location')!;
    expect(loginUrl).toMatch(/^\/realms\/wallet\/login-actions\/[\w-]+$/);

    const page = await go(loginUrl);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('name="password"');
    expect(page.headers.get('content-security-policy')).toMatch(new RegExp(`form-action 'self'[^;]* ${APP_ORIGIN}`));

    const wrong = await go(loginUrl, form({ email: 'alice@example.com', password: 'nope' }));
    expect(wrong.status).toBe(200);
    expect(await wrong.text()).toContain('Wrong address or password');

    const ok = await go(loginUrl, form({ email: 'alice@example.com', password: 'correct horse' }));
    expect(ok.status).toBe(303);
    const resumed = await go(ok.headers.get('location')!);
    expect(resumed.status).toBe(303);
    const callback = new URL(resumed.headers.get('location')!);
    expect(`${callback.origin}${callback.pathname}`).toBe(`${APP_ORIGIN}/auth/callback`);
    expect(callback.searchParams.get('state')).toBe('st4te');
    expect(callback.searchParams.get('iss')).toBe(s.issuer);
    const code = callback.searchParams.get('code')!;

    const bad = await tokenRequest(s, {
      grant_type: 'authorization_code',
      code,
      code_verifier: pkce().verifier,
      redirect_uri: `${APP_ORIGIN}/auth/callback`,
    });
    expect(bad.status).toBe(400);

    // The failed attempt above did not burn the code; the right verifier now succeeds.
    const { status, body } = await tokenRequest(s, {
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      redirect_uri: `${APP_ORIGIN}/auth/callback`,
    });
    expect(status).toBe(200);
    expect(decodeSegment(body.access_token, 0).typ).toBe('at+jwt');
    expect(decodeSegment(body.access_token, 1)).toMatchObject({ aud: 'urn:wallet:api', sub: alice.id });
    expect(decodeSegment(body.id_token, 1)).toMatchObject({
      sub: alice.id,
      nonce: 'n0nce',
      email: 'alice@example.com',
    });
    expect(await s.idp.verifyAccessToken(body.access_token)).toEqual({ sub: alice.id });

    const refreshed = await refreshGrant(s, body.refresh_token);
    expect(refreshed.status).toBe(200);
    expect(await s.idp.verifyAccessToken(refreshed.body.access_token)).toEqual({ sub: alice.id });

    // A second authorization in the same browser needs no login: the session and grant are reused.
    const again = await go(
      authUrl({
        code_challenge: challenge,
        code_challenge_method: 'S256',
        prompt: 'none',
        redirect_uri: `${APP_ORIGIN}/auth/silent-renew`,
      }),
    );
    expect(again.status).toBe(303);
    expect(new URL(again.headers.get('location')!).searchParams.get('code')).toBeTruthy();

    // Logout with an ID token hint shows a self-submitting page for the registered redirect.
    const logout = await go(
      `${s.issuer}/protocol/openid-connect/logout?${new URLSearchParams({
        id_token_hint: body.id_token,
        post_logout_redirect_uri: `${APP_ORIGIN}/auth/login`,
        client_id: 'wallet-web',
      })}`,
    );
    expect(logout.status).toBe(200);
    expect(logout.headers.get('content-security-policy')).toMatch(/script-src 'sha256-/);
    const html = await logout.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)![1];
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)![1];
    const done = await go(action, form({ xsrf, logout: 'yes' }));
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe(`${APP_ORIGIN}/auth/login`);
  });

  it('prompt=none without a session answers login_required to the app', async () => {
    const res = await browser()(
      authUrl({
        code_challenge: pkce().challenge,
        code_challenge_method: 'S256',
        prompt: 'none',
        redirect_uri: `${APP_ORIGIN}/auth/silent-renew`,
      }),
    );
    expect(res.status).toBe(303);
    expect(new URL(res.headers.get('location')!).searchParams.get('error')).toBe('login_required');
  });
});
