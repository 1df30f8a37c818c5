import { sign } from '@telegram-apps/init-data-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_BOT_TOKEN } from '../src/config.js';
import { INIT_DATA_MAX_AGE_SECONDS, InitDataError, verifyInitData } from '../src/telegram/initData.js';
import { createTestApp, type TestApp } from './support/app.js';
import { initDataFor, json, nextTelegramId } from './support/flows.js';

const now = () => Math.floor(Date.now() / 1000);
const signed = (
  authDate: Date,
  token = SANDBOX_BOT_TOKEN,
  user = { id: 42, first_name: 'Ann', username: 'ann', language_code: 'ru' },
) => sign({ user, start_param: 'abc' }, token, authDate);
const reason = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return e instanceof InitDataError ? e.reason : 'other';
  }
  return 'accepted';
};

describe('verifyInitData', () => {
  it('accepts fresh, correctly signed data and reads the user', () => {
    const v = verifyInitData(signed(new Date()), SANDBOX_BOT_TOKEN);
    expect(v.user).toEqual({ id: 42, firstName: 'Ann', username: 'ann', languageCode: 'ru' });
    expect(v.startParam).toBe('abc');
  });

  it('refuses tampering, another bot, a missing hash, and data older than one hour', () => {
    const good = signed(new Date());
    const tampered = good.replace('%22id%22%3A42', '%22id%22%3A43');
    expect(tampered).not.toBe(good);
    expect(reason(() => verifyInitData(tampered, SANDBOX_BOT_TOKEN))).toBe('bad_signature');
    expect(reason(() => verifyInitData(signed(new Date(), '1111:other-bot'), SANDBOX_BOT_TOKEN))).toBe('bad_signature');
    const noHash = new URLSearchParams(good);
    noHash.delete('hash');
    expect(reason(() => verifyInitData(noHash.toString(), SANDBOX_BOT_TOKEN))).toBe('missing_hash');
    const badHash = new URLSearchParams(good);
    badHash.set('hash', 'zz');
    expect(reason(() => verifyInitData(badHash.toString(), SANDBOX_BOT_TOKEN))).toBe('bad_signature');
    const stale = new Date((now() - INIT_DATA_MAX_AGE_SECONDS - 5) * 1000);
    expect(reason(() => verifyInitData(signed(stale), SANDBOX_BOT_TOKEN))).toBe('expired');
    const justInTime = new Date((now() - INIT_DATA_MAX_AGE_SECONDS + 30) * 1000);
    expect(reason(() => verifyInitData(signed(justInTime), SANDBOX_BOT_TOKEN))).toBe('accepted');
    const future = new Date((now() + 3600) * 1000);
    expect(reason(() => verifyInitData(signed(future), SANDBOX_BOT_TOKEN))).toBe('expired');
    expect(reason(() => verifyInitData('', SANDBOX_BOT_TOKEN))).toBe('missing_hash');
  });
});

describe('POST /b2c-user-management/auth/tg', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });
  const AUTH = '/b2c-user-management/auth/tg';

  it.each([
    ['tampered', (d: string) => d.replace(/first_name%22%3A%22[^%]+/, 'first_name%22%3A%22Mallory')],
    [
      'missing hash',
      (d: string) => {
        const p = new URLSearchParams(d);
        p.delete('hash');
        return p.toString();
      },
    ],
    ['empty', () => ''],
  ])('refuses %s init data with 401 B2C_USM0022', async (_label, mutate) => {
    const initData = mutate(await initDataFor(t, { id: nextTelegramId(), first_name: 'Eve' }));
    const res = await json(t, 'POST', AUTH, { initData });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 'B2C_USM0022', message: expect.any(String) });
  });

  it('refuses init data signed for another bot or older than an hour', async () => {
    const wrongBot = sign({ user: { id: 5, first_name: 'X' } }, '999:another-bot', new Date());
    expect((await json(t, 'POST', AUTH, { initData: wrongBot })).body.code).toBe('B2C_USM0022');
    const stale = await initDataFor(t, { id: nextTelegramId() }, { auth_date: now() - 3601 - 5 });
    const res = await json(t, 'POST', AUTH, { initData: stale });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('B2C_USM0022');
  });

  it('creates the user once and signs the same Telegram user into the same account again', async () => {
    const tgId = nextTelegramId();
    const first = await json(t, 'POST', AUTH, {
      initData: await initDataFor(t, { id: tgId, username: 'ivan', language_code: 'ru' }),
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      access_token: expect.any(String),
      token_type: 'Bearer',
      expires_in: expect.any(Number),
      refresh_token: expect.any(String),
      id_token: expect.any(String),
      scope: expect.any(String),
    });
    const profile = await json(t, 'GET', '/b2c-user-management/user', undefined, first.body.access_token);
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({ email: null, telegram: { id: tgId, username: 'ivan' }, pinCodeActive: false });
    expect(profile.body.accounts).toEqual([
      expect.objectContaining({ name: 'Account', language: 'RUS', defaultFiatCurrency: 'USD' }),
    ]);
    const auth = await json(t, 'GET', '/b2c-user-management/user/auth', undefined, first.body.access_token);
    expect(auth.body).toEqual({ tgAuth: true });

    const second = await json(t, 'POST', AUTH, {
      initData: await initDataFor(t, { id: tgId, username: 'ivan_new', language_code: 'en' }),
    });
    expect(second.status).toBe(200);
    const again = await json(t, 'GET', '/b2c-user-management/user', undefined, second.body.access_token);
    expect(again.body.id).toBe(profile.body.id);
    expect(again.body.telegram).toEqual({ id: tgId, username: 'ivan_new' });
    expect(again.body.accounts).toHaveLength(1);
  });

  it('takes ENG for any language other than Russian, and racing first sign-ins make one user', async () => {
    const tgId = nextTelegramId();
    const initData = await initDataFor(t, { id: tgId, language_code: 'de' });
    const results = await Promise.all([1, 2, 3].map(() => json(t, 'POST', AUTH, { initData })));
    const ids = new Set<string>();
    for (const r of results) {
      expect(r.status).toBe(200);
      ids.add((await json(t, 'GET', '/b2c-user-management/user', undefined, r.body.access_token)).body.id);
    }
    expect(ids.size).toBe(1);
    const profile = await json(t, 'GET', '/b2c-user-management/user', undefined, results[0]!.body.access_token);
    expect(profile.body.accounts[0].language).toBe('ENG');
  });

  it('the dev signer needs a user', async () => {
    const res = await json(t, 'POST', '/dev/telegram/init-data', { user: { first_name: 'no id' } });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('user.id');
  });
});
