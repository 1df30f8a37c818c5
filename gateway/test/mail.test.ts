import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app.js';
import { json } from './support/flows.js';

describe('sandbox mail outbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists mails newest first, filtered by ?to=', async () => {
    for (const email of ['first@example.com', 'second@example.com']) {
      expect((await json(t, 'POST', '/b2c-user-management/user', { email, password: 'long enough' })).status).toBe(201);
    }
    await json(t, 'POST', '/b2c-user-management/password-reset', { email: 'first@example.com' });

    const all = await json<any[]>(t, 'GET', '/dev/mail');
    expect(all.status).toBe(200);
    expect(all.body.map((m) => [m.to, m.subject])).toEqual([
      ['first@example.com', 'Reset your password'],
      ['second@example.com', 'Confirm your e-mail address'],
      ['first@example.com', 'Confirm your e-mail address'],
    ]);
    for (const m of all.body) {
      expect(m).toEqual({
        to: expect.any(String),
        subject: expect.any(String),
        text: expect.any(String),
        links: [expect.any(String)],
        createdAt: expect.any(String),
      });
      expect(Number.isNaN(Date.parse(m.createdAt))).toBe(false);
      expect(m.text).toContain(m.links[0]);
    }

    const first = await json<any[]>(t, 'GET', '/dev/mail?to=FIRST@example.com');
    expect(first.body.map((m) => m.subject)).toEqual(['Reset your password', 'Confirm your e-mail address']);
    const none = await json<any[]>(t, 'GET', '/dev/mail?to=nobody@example.com');
    expect(none.body).toEqual([]);
  });
});

describe('outside the sandbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { SANDBOX: 'false', TELEGRAM_BOT_TOKEN: '123:live' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('has no /dev routes', async () => {
    const mail = await json(t, 'GET', '/dev/mail');
    expect(mail.status).toBe(404);
    expect(mail.body.code).toBe('NOT_FOUND');
    const init = await json(t, 'POST', '/dev/telegram/init-data', { user: { id: 1, first_name: 'x' } });
    expect(init.status).toBe(404);
  });
});
