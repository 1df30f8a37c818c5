import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { mailOutbox, oneTimeCodes } from '../src/db/schema/index.js';
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

const RESET = '/b2c-user-management/password-reset';
const RESET_CONFIRM = '/b2c-user-management/password-reset/confirm';

describe('password reset', () => {
  it('answers 200 {} for an unknown e-mail and mails nothing', async () => {
    const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox);
    const res = await json(t, 'POST', RESET, { email: 'ghost@example.com' });
    expect(res).toMatchObject({ status: 200, body: {} });
    const after = await t.db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('validates the e-mail', async () => {
    const res = await json(t, 'POST', RESET, { email: 'nope' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', field: 'email' });
  });

  it('resets once with the mailed code, confirms the e-mail, and refuses the code afterwards', async () => {
    await signUp(t, 'forgot@example.com', 'old password');
    const res = await json(t, 'POST', RESET, { email: 'Forgot@example.com' });
    expect(res).toMatchObject({ status: 200, body: {} });
    const mail = await latestMail(t, 'forgot@example.com');
    expect(mail.subject).toMatch(/reset/i);
    expect(mail.links[0]).toMatch(new RegExp(`^${PUBLIC_URL}/auth/forgot/[A-Za-z0-9_-]{43}$`));
    const code = await mailedCode(t, 'forgot@example.com', '/auth/forgot/');

    const short = await json(t, 'POST', RESET_CONFIRM, { password: 'short', confirmationCode: code });
    expect(short.status).toBe(400);
    expect(short.body.field).toBe('password');

    const done = await json(t, 'POST', RESET_CONFIRM, { password: 'new password!', confirmationCode: code });
    expect(done).toMatchObject({ status: 200, body: {} });
    // The reset proved the mailbox: the never-confirmed account can now sign in, with the new password only.
    expect(await t.app.users.checkPassword('forgot@example.com', 'new password!')).toMatchObject({ ok: true });
    expect(await t.app.users.checkPassword('forgot@example.com', 'old password')).toEqual({
      ok: false,
      reason: 'invalid',
    });

    const reused = await json(t, 'POST', RESET_CONFIRM, { password: 'third password', confirmationCode: code });
    expect(reused.status).toBe(400);
    expect(reused.body.code).toBe('RESET_CODE_INVALID');
    expect(await t.app.users.checkPassword('forgot@example.com', 'new password!')).toMatchObject({ ok: true });
  });

  it('retires older reset links once one is used', async () => {
    await signUp(t, 'two-links@example.com');
    await json(t, 'POST', RESET, { email: 'two-links@example.com' });
    const older = await mailedCode(t, 'two-links@example.com', '/auth/forgot/');
    await json(t, 'POST', RESET, { email: 'two-links@example.com' });
    const newer = await mailedCode(t, 'two-links@example.com', '/auth/forgot/');
    expect(newer).not.toBe(older);
    expect((await json(t, 'POST', RESET_CONFIRM, { password: 'brand new pass', confirmationCode: newer })).status).toBe(
      200,
    );
    const res = await json(t, 'POST', RESET_CONFIRM, { password: 'sneaky password', confirmationCode: older });
    expect(res.body.code).toBe('RESET_CODE_INVALID');
  });

  it('refuses an expired or unknown reset code, and the reset code lives 1 h', async () => {
    await signUp(t, 'slow@example.com');
    await json(t, 'POST', RESET, { email: 'slow@example.com' });
    const code = await mailedCode(t, 'slow@example.com', '/auth/forgot/');
    const [row] = await t.db
      .select({
        seconds: sql<number>`extract(epoch from (${oneTimeCodes.expiresAt} - ${oneTimeCodes.createdAt}))::int`,
      })
      .from(oneTimeCodes)
      .where(eq(oneTimeCodes.codeHash, hashCode(code)));
    expect(Math.abs(row!.seconds - 3600)).toBeLessThan(5);

    await t.db
      .update(oneTimeCodes)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(oneTimeCodes.codeHash, hashCode(code)));
    const expired = await json(t, 'POST', RESET_CONFIRM, { password: 'whatever123', confirmationCode: code });
    expect(expired.status).toBe(400);
    expect(expired.body.code).toBe('RESET_CODE_INVALID');

    const unknown = await json(t, 'POST', RESET_CONFIRM, { password: 'whatever123', confirmationCode: 'made-up' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe('RESET_CODE_INVALID');
  });

  it('a confirmation code is not a reset code', async () => {
    await signUp(t, 'kinds@example.com');
    const confirmCode = await mailedCode(t, 'kinds@example.com', '/auth/signup/confirm/');
    const res = await json(t, 'POST', RESET_CONFIRM, { password: 'hijack12345', confirmationCode: confirmCode });
    expect(res.body.code).toBe('RESET_CODE_INVALID');
  });
});
