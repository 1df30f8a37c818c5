import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALLOWED_ORIGIN, createTestApp, PUBLIC_URL, type TestApp } from './support/app.js';

const THEME_SCRIPT = "document.documentElement.dataset.theme='dark'";
const INDEX = `<!doctype html><html><head><title>Wallet</title><script>${THEME_SCRIPT}</script></head><body><div id="root"></div><script type="module" src="/assets/x.abc123.js"></script></body></html>`;
const ASSET = `console.log(${JSON.stringify('x'.repeat(600))});`;

let dist: string;
let t: TestApp;
beforeAll(async () => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'gw-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), INDEX);
  writeFileSync(path.join(dist, 'assets', 'x.abc123.js'), ASSET);
  writeFileSync(path.join(dist, 'assets', 'x.abc123.js.br'), brotliCompressSync(ASSET));
  writeFileSync(path.join(dist, 'assets', 'x.abc123.js.gz'), gzipSync(ASSET));
  writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await createTestApp({ env: { STATIC_DIR: dist } });
});
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('health probe', () => {
  it('answers GET /b2c-wallet/health with 204, no body, no caching and no token needed', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/b2c-wallet/health', headers: { origin: ALLOWED_ORIGIN } });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['access-control-allow-origin']).toBe(ALLOWED_ORIGIN);
  });

  it('is the gateway answering, not the SPA fallback (the app is built here)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/b2c-wallet/health', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(204);
    expect(res.headers['content-type'] ?? '').not.toContain('text/html');
  });
});

describe('CORS', () => {
  it('allows the configured origin with credentials', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/b2c-user-management/user/auth',
      headers: { origin: ALLOWED_ORIGIN },
    });
    expect(res.headers['access-control-allow-origin']).toBe(ALLOWED_ORIGIN);
    expect(res.headers['access-control-allow-credentials']).toBe('true');
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/b2c-user-management/user',
      headers: {
        origin: ALLOWED_ORIGIN,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(preflight.statusCode).toBeLessThan(300);
    expect(preflight.headers['access-control-allow-origin']).toBe(ALLOWED_ORIGIN);
    expect(String(preflight.headers['access-control-allow-headers']).toLowerCase()).toContain('authorization');
  });

  it('gives an unknown origin no Access-Control-Allow-Origin', async () => {
    for (const method of ['GET', 'OPTIONS'] as const) {
      const res = await t.app.inject({
        method,
        url: '/b2c-user-management/user/auth',
        headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
      });
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    }
  });

  it('allows the public origin itself', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/dev/mail', headers: { origin: PUBLIC_URL } });
    expect(res.headers['access-control-allow-origin']).toBe(PUBLIC_URL);
  });
});

describe('static app', () => {
  it('serves index.html at / with no-cache and the security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(INDEX);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(res.headers['content-security-policy']);
    for (const part of [
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'self' https://web.telegram.org https://*.telegram.org",
      "script-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob:",
      "worker-src 'self' blob:",
    ]) {
      expect(csp).toContain(part);
    }
    expect(csp).toMatch(new RegExp(`connect-src 'self'[^;]*${ALLOWED_ORIGIN.replace(/\./g, '\\.')}`));
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it("allows exactly index.html's inline start-up script by its sha256, nothing else inline", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/auth/login' });
    const scriptSrc = String(res.headers['content-security-policy'])
      .split('; ')
      .find((d) => d.startsWith('script-src'));
    const hash = createHash('sha256').update(THEME_SCRIPT).digest('base64');
    expect(scriptSrc).toBe(`script-src 'self' 'sha256-${hash}'`);
  });

  it('serves hashed assets immutable, brotli when accepted, plain otherwise', async () => {
    const br = await t.app.inject({
      method: 'GET',
      url: '/assets/x.abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(String(br.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(ASSET);

    const gz = await t.app.inject({
      method: 'GET',
      url: '/assets/x.abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');

    const plain = await t.app.inject({ method: 'GET', url: '/assets/x.abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(ASSET);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('falls back to index.html for SPA routes, never for API paths or missing files', async () => {
    for (const url of ['/auth/login', '/auth/signup/confirm/abcDEF_-123', '/settings?tab=1']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toBe(INDEX);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-security-policy']).toContain("object-src 'none'");
    }
    for (const url of [
      '/assets/missing.123.js',
      '/b2c-wallet/nothing',
      '/b2c-user-management/nope',
      '/dev/nope',
      '/robots.txt',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/application\/json/);
      expect(res.json().code, url).toBeTruthy();
    }
    // The IdP answers its own unknown paths; it must just not be the SPA.
    const idp = await t.app.inject({ method: 'GET', url: '/realms/wallet/nope-nope' });
    expect(idp.statusCode).toBe(404);
    expect(idp.body).not.toBe(INDEX);
    const post = await t.app.inject({ method: 'POST', url: '/auth/login' });
    expect(post.statusCode).toBe(404);
    expect(post.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('serves other root files with no-cache', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });
});

describe('without a build', () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await createTestApp({ idp: 'fake' });
  });
  afterAll(async () => {
    await bare?.close();
  });

  it('answers / with a hint to build', async () => {
    const res = await bare.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toContain('npm run build');
  });
});

describe('errors and docs', () => {
  it('answers malformed JSON with a JSON 400 and no stack', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/b2c-user-management/user',
      payload: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toEqual(expect.any(String));
    expect(body.message).toEqual(expect.any(String));
    expect(body.stack).toBeUndefined();
  });

  it('publishes the OpenAPI document with the user-management routes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const p of [
      '/b2c-user-management/user',
      '/b2c-user-management/confirmation/confirm',
      '/b2c-user-management/password-reset',
      '/b2c-user-management/password-reset/confirm',
      '/b2c-user-management/user/auth',
      '/b2c-user-management/user/language/{language}',
      '/b2c-user-management/user/default-fiat-currency/update/{currency}',
      '/b2c-user-management/auth/tg',
      '/b2c-user-management/auth/tg/link',
      '/b2c-user-management/user/tg/code',
      '/b2c-user-management/user/tg/link',
      '/b2c-user-management/user/tg/unlink',
      '/b2c-user-management/user/tg',
    ]) {
      expect(doc.paths[p], p).toBeTruthy();
    }
    const signUp = doc.paths['/b2c-user-management/user'].post;
    expect(signUp.requestBody.content['application/json'].schema.properties.email.format).toBe('email');
    expect(doc.paths['/b2c-user-management/user'].get.security).toEqual([{ bearerAuth: [] }]);
  });
});
