import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { oneTimeCodes, telegramLinks } from '../src/db/schema/index.js';
import { hashCode } from '../src/users/codes.js';
import { createTestApp, type TestApp } from './support/app.js';
import { confirmedUser, initDataFor, json, nextTelegramId } from './support/flows.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const P = '/b2c-user-management';
const LINK = `${P}/auth/tg/link`;

async function makeCode(token: string) {
  const res = await json<{ code: string; expiresAt: string; deepLink: string }>(
    t,
    'POST',
    `${P}/user/tg/code`,
    undefined,
    token,
  );
  expect(res.status).toBe(200);
  return res.body;
}

describe('one-time code linking', () => {
  it('issues a 10-minute code with a deep link, and requires a token', async () => {
    expect((await json(t, 'POST', `${P}/user/tg/code`)).status).toBe(401);
    const user = await confirmedUser(t, 'code@example.com');
    const { code, expiresAt, deepLink } = await makeCode(user.token);
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(deepLink).toBe(`https://t.me/${t.config.telegramBotName}?startapp=${code}`);
    const ttl = Date.parse(expiresAt) - Date.now();
    expect(ttl).toBeGreaterThan(9 * 60_000);
    expect(ttl).toBeLessThanOrEqual(10 * 60_000);
  });

  it('links the Telegram user to the account that made the code and signs it in; the code works once', async () => {
    const user = await confirmedUser(t, 'linker@example.com');
    const { code } = await makeCode(user.token);
    const tgId = nextTelegramId();
    const tgCode = await initDataFor(t, { id: tgId, username: 'linker' }, { start_param: code });

    const res = await json(t, 'POST', LINK, { oneTimeCode: code, tgCode });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      access_token: expect.any(String),
      token_type: 'Bearer',
      refresh_token: expect.any(String),
    });
    const profile = await json(t, 'GET', `${P}/user`, undefined, res.body.access_token);
    expect(profile.body).toMatchObject({
      id: user.id,
      email: 'linker@example.com',
      telegram: { id: tgId, username: 'linker' },
    });

    // Later Telegram sign-ins land in the same e-mail account.
    const signIn = await json(t, 'POST', `${P}/auth/tg`, { initData: await initDataFor(t, { id: tgId }) });
    expect((await json(t, 'GET', `${P}/user`, undefined, signIn.body.access_token)).body.id).toBe(user.id);

    const reused = await json(t, 'POST', LINK, { oneTimeCode: code, tgCode });
    expect(reused.status).toBe(400);
    expect(reused.body.code).toBe('B2C_USM0024');
  });

  it('refuses an expired code with B2C_USM0023', async () => {
    const user = await confirmedUser(t, 'expired@example.com');
    const { code } = await makeCode(user.token);
    await t.db
      .update(oneTimeCodes)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(oneTimeCodes.codeHash, hashCode(code)));
    const res = await json(t, 'POST', LINK, {
      oneTimeCode: code,
      tgCode: await initDataFor(t, { id: nextTelegramId() }),
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('B2C_USM0023');
  });

  it('refuses an unknown code with B2C_USM0025, and an e-mail code is unknown here', async () => {
    const tgCode = await initDataFor(t, { id: nextTelegramId() });
    const res = await json(t, 'POST', LINK, { oneTimeCode: 'not-a-real-code', tgCode });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('B2C_USM0025');
  });

  it('refuses a Telegram user linked to another account with 409 B2C_USM0026, leaving the code usable', async () => {
    const tgId = nextTelegramId();
    await json(t, 'POST', `${P}/auth/tg`, { initData: await initDataFor(t, { id: tgId }) });
    const user = await confirmedUser(t, 'taken@example.com');
    const { code } = await makeCode(user.token);
    const res = await json(t, 'POST', LINK, { oneTimeCode: code, tgCode: await initDataFor(t, { id: tgId }) });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('B2C_USM0026');
    const [row] = await t.db
      .select()
      .from(oneTimeCodes)
      .where(eq(oneTimeCodes.codeHash, hashCode(code)));
    expect(row!.usedAt).toBeNull();
  });

  it('checks the init data first: bad tgCode is 401 B2C_USM0022 and does not burn the code', async () => {
    const user = await confirmedUser(t, 'badtg@example.com');
    const { code } = await makeCode(user.token);
    const res = await json(t, 'POST', LINK, { oneTimeCode: code, tgCode: 'user=%7B%7D&auth_date=1&hash=00' });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('B2C_USM0022');
    const [row] = await t.db
      .select()
      .from(oneTimeCodes)
      .where(eq(oneTimeCodes.codeHash, hashCode(code)));
    expect(row!.usedAt).toBeNull();
  });
});

describe('signed-in link management', () => {
  it('links, refuses a Telegram user linked elsewhere, and unlinks', async () => {
    const user = await confirmedUser(t, 'manage@example.com');
    const tgId = nextTelegramId();
    const linked = await json(
      t,
      'POST',
      `${P}/user/tg/link`,
      { initData: await initDataFor(t, { id: tgId, username: 'mgr' }) },
      user.token,
    );
    expect(linked.status).toBe(200);
    expect(linked.body.telegram).toEqual({ id: tgId, username: 'mgr' });
    expect((await json(t, 'GET', `${P}/user/auth`, undefined, user.token)).body).toEqual({ tgAuth: true });

    const other = await confirmedUser(t, 'other@example.com');
    for (const path of ['/user/tg/link', '/user/tg']) {
      const res = await json(t, 'POST', `${P}${path}`, { initData: await initDataFor(t, { id: tgId }) }, other.token);
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('B2C_USM0026');
    }

    const bad = await json(t, 'POST', `${P}/user/tg`, { initData: 'hash=abc' }, other.token);
    expect(bad.status).toBe(401);
    expect(bad.body.code).toBe('B2C_USM0022');

    const unlinked = await json(t, 'POST', `${P}/user/tg/unlink`, {}, user.token);
    expect(unlinked.status).toBe(200);
    expect(unlinked.body.telegram).toBeUndefined();
    expect((await json(t, 'GET', `${P}/user/auth`, undefined, user.token)).body).toEqual({ tgAuth: false });

    // Free again, so the other account may take it through POST /user/tg.
    const taken = await json(t, 'POST', `${P}/user/tg`, { initData: await initDataFor(t, { id: tgId }) }, other.token);
    expect(taken.status).toBe(200);
    const rows = await t.db.select().from(telegramLinks).where(eq(telegramLinks.telegramUserId, tgId));
    expect(rows.map((r) => r.userId)).toEqual([other.id]);
  });

  it('will not unlink the only way into a Telegram-born account', async () => {
    const signIn = await json(t, 'POST', `${P}/auth/tg`, { initData: await initDataFor(t, { id: nextTelegramId() }) });
    const res = await json(t, 'POST', `${P}/user/tg/unlink`, {}, signIn.body.access_token);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('TG_UNLINK_FORBIDDEN');
  });

  it('requires a token', async () => {
    for (const path of ['/user/tg/link', '/user/tg', '/user/tg/unlink']) {
      expect((await json(t, 'POST', `${P}${path}`, { initData: 'x' })).status).toBe(401);
    }
  });
});
