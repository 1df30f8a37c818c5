import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { accounts, oneTimeCodes, users } from '../src/db/schema/index.js';
import { hashCode } from '../src/users/codes.js';
import { createTestApp, PUBLIC_URL, type TestApp } from './support/app.js';
import { json, latestMail, mailedCode, signUp } from './support/flows.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const SIGNUP = '/b2c-user-management/user';
const CONFIRM = '/b2c-user-management/confirmation/confirm';

describe('POST /b2c-user-management/user', () => {
  it.each([
    [{ email: 'not-an-email', password: 'long enough' }, 'email'],
    [{ email: 'a@example.com', password: 'short' }, 'password'],
    [{ password: 'long enough' }, 'email'],
    [{ email: 'a@example.com' }, 'password'],
  ])('refuses %j with 400 naming %s', async (body, field) => {
    const res = await json(t, 'POST', SIGNUP, body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', field });
    expect(res.body.message).toContain(field);
    expect(JSON.stringify(res.body)).not.toMatch(/at .*\.ts:\d+/);
  });

  it('creates the user with one account and mails a confirmation link', async () => {
    const res = await json(t, 'POST', SIGNUP, {
      email: 'New.User@Example.com',
      password: 'correct horse',
      accountName: 'Account',
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), email: 'new.user@example.com' });

    const rows = await t.db.select().from(accounts).where(eq(accounts.userId, res.body.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.name).toBe('Account');
    const [user] = await t.db.select().from(users).where(eq(users.id, res.body.id));
    expect(user).toMatchObject({ emailConfirmed: false, language: 'ENG', defaultFiatCurrency: 'USD' });
    expect(user!.passwordHash).toMatch(/^scrypt\$/);
    expect(user!.passwordHash).not.toContain('correct horse');

    const mail = await latestMail(t, 'new.user@example.com');
    expect(mail.subject).toMatch(/confirm/i);
    expect(mail.links[0]).toMatch(new RegExp(`^${PUBLIC_URL}/auth/signup/confirm/[A-Za-z0-9_-]{43}$`));
    expect(mail.text).toContain(mail.links[0]);
  });

  it('refuses a duplicate e-mail, whatever its case, with 409 EMAIL_TAKEN and writes nothing', async () => {
    await signUp(t, 'dup@example.com');
    const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(users);
    const res = await json(t, 'POST', SIGNUP, { email: 'DUP@example.com', password: 'another password' });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('EMAIL_TAKEN');
    const after = await t.db.select({ n: sql<number>`count(*)::int` }).from(users);
    expect(after[0]!.n).toBe(before[0]!.n);
  });
});

describe('e-mail confirmation', () => {
  it('confirms once; the reused code is refused; login works only after confirming', async () => {
    await signUp(t, 'confirm@example.com', 'pass-word-1');
    expect(await t.app.users.checkPassword('confirm@example.com', 'pass-word-1')).toEqual({
      ok: false,
      reason: 'unconfirmed',
    });
    expect(await t.app.users.checkPassword('confirm@example.com', 'wrong-pass')).toEqual({
      ok: false,
      reason: 'invalid',
    });

    const code = await mailedCode(t, 'confirm@example.com', '/auth/signup/confirm/');
    const first = await json(t, 'POST', CONFIRM, { confirmationCode: code });
    expect(first).toMatchObject({ status: 200, body: {} });
    const again = await json(t, 'POST', CONFIRM, { confirmationCode: code });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('CONFIRMATION_CODE_INVALID');

    const ok = await t.app.users.checkPassword('Confirm@Example.com', 'pass-word-1');
    expect(ok).toMatchObject({ ok: true, userId: expect.any(String) });
    expect(await t.app.users.checkPassword('nobody@example.com', 'pass-word-1')).toEqual({
      ok: false,
      reason: 'invalid',
    });
  });

  it('refuses an unknown code and an expired one', async () => {
    const unknown = await json(t, 'POST', CONFIRM, { confirmationCode: 'no-such-code' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe('CONFIRMATION_CODE_INVALID');

    await signUp(t, 'late@example.com');
    const code = await mailedCode(t, 'late@example.com', '/auth/signup/confirm/');
    await t.db
      .update(oneTimeCodes)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(oneTimeCodes.codeHash, hashCode(code)));
    const expired = await json(t, 'POST', CONFIRM, { confirmationCode: code });
    expect(expired.status).toBe(400);
    expect(expired.body.code).toBe('CONFIRMATION_CODE_INVALID');
    expect(await t.app.users.checkPassword('late@example.com', 'correct horse')).toEqual({
      ok: false,
      reason: 'unconfirmed',
    });
  });

  it('gives the confirmation code a 24 h lifetime', async () => {
    const user = await signUp(t, 'ttl@example.com');
    const [row] = await t.db
      .select({
        seconds: sql<number>`extract(epoch from (${oneTimeCodes.expiresAt} - ${oneTimeCodes.createdAt}))::int`,
      })
      .from(oneTimeCodes)
      .where(eq(oneTimeCodes.userId, user.id));
    expect(Math.abs(row!.seconds - 24 * 3600)).toBeLessThan(5);
  });

  it('validates the body', async () => {
    const res = await json(t, 'POST', CONFIRM, {});
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', field: 'confirmationCode' });
  });
});

describe('getClaims', () => {
  it('returns the e-mail claims of a user and nothing for an unknown id', async () => {
    const user = await signUp(t, 'claims@example.com');
    expect(await t.app.users.getClaims(user.id)).toMatchObject({
      email: 'claims@example.com',
      email_verified: false,
      preferred_username: 'claims@example.com',
    });
    expect(await t.app.users.getClaims('00000000-0000-0000-0000-000000000000')).toBeUndefined();
    expect(await t.app.users.getClaims('not-a-uuid')).toBeUndefined();
  });
});
