import { Writable } from 'node:stream';
import { sign } from '@telegram-apps/init-data-node';
import { DrizzleQueryError } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_BOT_TOKEN } from '../src/config.js';
import { findControlCharacters } from '../src/http/controlChars.js';
import { REDACTED, serializeError } from '../src/http/logging.js';
import { createTestApp, type TestApp } from './support/app.js';
import { json, nextTelegramId } from './support/flows.js';
import { standaloneDigits } from './support/logs.js';
import { pin } from './passcode-support.js';
import { walletUser } from './wallet-support.js';

/** Every log line the app writes, as text. */
const lines: string[] = [];
const sink = new Writable({
  write(chunk, _enc, done) {
    lines.push(String(chunk));
    done();
  },
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ logger: { level: 'trace', stream: sink } });
});
afterAll(async () => t?.close());

const TOKEN_URL = '/realms/wallet/protocol/openid-connect/token';
const form = (url: string, fields: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });

describe('control characters are refused with 400 VALIDATION_ERROR naming the field', () => {
  it('finds the first offending path in nested values, keys included', () => {
    expect(findControlCharacters({ a: 'ok', b: [{ c: 'x\u0000' }] })).toBe('b.0.c');
    expect(findControlCharacters({ ['k\u0007']: 'v' })).toBe('k\u0007');
    expect(findControlCharacters({ note: 'two\nlines' }, new Set(['note']))).toBeUndefined();
    expect(findControlCharacters({ note: 'bell\u0007' }, new Set(['note']))).toBe('note');
    expect(findControlCharacters({ name: 'Ünïcödé ✓ 名前' })).toBeUndefined();
    // A pasted value's surrounding newline is whitespace the services trim; inside the text it is not.
    expect(findControlCharacters({ address: ' bc1q…\r\n' })).toBeUndefined();
    expect(findControlCharacters({ address: 'bc1q\n…' })).toBe('address');
  });

  it('sign-up accountName, e-mail and password', async () => {
    for (const [field, body] of [
      ['accountName', { email: 'nul@example.com', password: 'correct horse', accountName: 'A\u0000B' }],
      ['email', { email: 'nu\u0000l@example.com', password: 'correct horse' }],
      ['password', { email: 'nul2@example.com', password: 'correct\u001bhorse' }],
    ] as const) {
      const res = await json(t, 'POST', '/b2c-user-management/user', body);
      expect(res, field).toMatchObject({ status: 400, body: { code: 'VALIDATION_ERROR', field } });
    }
  });

  it('address-book name (and the other text fields of a signed-in route)', async () => {
    const u = await walletUser(t, 'ctl');
    const url = `/b2c-address-book/${u.account}/address-book`;
    for (const ch of ['\u0000', '\u0001', '\n', '\u007f', '\u0085']) {
      const res = await json(
        t,
        'POST',
        url,
        { name: `Bob${ch}Smith`, blockchain: 'BITCOIN', address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' },
        u.token,
      );
      expect(res, JSON.stringify(ch)).toMatchObject({ status: 400, body: { code: 'VALIDATION_ERROR', field: 'name' } });
    }
    // A path parameter is text too.
    const res = await json(t, 'GET', `/b2c-address-book/${u.account}/address-book/x%00y`, undefined, u.token);
    expect(res).toMatchObject({ status: 400, body: { code: 'VALIDATION_ERROR', field: 'id' } });
  });

  it('/dev/mail?to=', async () => {
    const res = await json(t, 'GET', '/dev/mail?to=a%00b');
    expect(res).toMatchObject({ status: 400, body: { code: 'VALIDATION_ERROR', field: 'to' } });
  });

  it('a Telegram username inside correctly signed init data', async () => {
    const initData = sign(
      { user: { id: nextTelegramId(), first_name: 'T', username: 'evil\u0000name' } },
      SANDBOX_BOT_TOKEN,
      new Date(),
    );
    const res = await json(t, 'POST', '/b2c-user-management/auth/tg', { initData });
    expect(res).toMatchObject({ status: 400, body: { code: 'VALIDATION_ERROR', field: 'initData.user.username' } });
  });

  it("the IdP's password grant, refresh grant and authorization request (OAuth errors, never a 500)", async () => {
    const grant = await form(TOKEN_URL, {
      grant_type: 'password',
      client_id: 'wallet-web',
      username: 'a\u0000b@example.com',
      password: 'whatever1',
    });
    expect(grant.statusCode).toBe(400);
    expect(grant.json()).toMatchObject({
      error: 'invalid_request',
      error_description: 'username must not contain control characters',
    });
    const refresh = await form(TOKEN_URL, {
      grant_type: 'refresh_token',
      client_id: 'wallet-web',
      refresh_token: 'x\u0000y',
    });
    expect(refresh.statusCode).toBe(400);
    expect(refresh.json().error).toBe('invalid_grant');
    const auth = await t.app.inject({
      method: 'GET',
      url: '/realms/wallet/protocol/openid-connect/auth?client_id=wallet-web&state=a%00b',
    });
    expect(auth.statusCode).toBe(400);
    expect(auth.json()).toMatchObject({
      error: 'invalid_request',
      error_description: 'state must not contain control characters',
    });
  });
});

describe('the log carries no secret a request brought', () => {
  it('keeps the SQL of a failed query but drops its parameters, also in causes', () => {
    const cause = Object.assign(new Error('duplicate key'), {
      detail: 'Key (email)=(secret@example.com) already exists.',
    });
    const err = new DrizzleQueryError(
      'insert into "users" ("email", "password_hash") values ($1, $2)',
      ['secret@example.com', 'scrypt$hash'],
      cause,
    );
    const logged = JSON.stringify(serializeError(new Error('outer', { cause: err })));
    expect(logged).toContain('insert into \\"users\\"');
    expect(logged).toContain(REDACTED);
    expect(logged).not.toContain('secret@example.com');
    expect(logged).not.toContain('scrypt$hash');
  });

  it('passwords, passcodes and tokens sent in requests never reach the log, even at trace level', async () => {
    const u = await walletUser(t, 'logs');
    await pin(t, u, 'enable', undefined, { pinCode: '7391' });
    await pin(t, u, 'validate', '7391');
    await form(TOKEN_URL, {
      grant_type: 'password',
      client_id: 'wallet-web',
      username: u.email,
      password: 'correct horse',
    });
    await json(t, 'POST', '/b2c-user-management/user', {
      email: 'log-secret@example.com',
      password: 'Sup3r-secret-pw',
      accountName: 'A\u0000',
    });
    const log = lines.join('');
    expect(log.length).toBeGreaterThan(0);
    expect(log).not.toMatch(standaloneDigits('7391'));
    for (const secret of ['correct horse', 'Sup3r-secret-pw', u.token]) expect(log, secret).not.toContain(secret);
  });
});
