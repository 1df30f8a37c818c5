import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app.js';
import { confirmedUser, json } from './support/flows.js';

let t: TestApp;
let user: { id: string; email: string; token: string };
beforeAll(async () => {
  t = await createTestApp();
  user = await confirmedUser(t, 'profile@example.com');
});
afterAll(async () => {
  await t?.close();
});

const P = '/b2c-user-management';

describe('profile', () => {
  it('refuses a missing or invalid token with 401 UNAUTHORIZED', async () => {
    for (const token of [undefined, 'garbage', 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.']) {
      const res = await json(t, 'GET', `${P}/user`, undefined, token);
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ code: 'UNAUTHORIZED', message: expect.any(String) });
    }
    const res = await json(t, 'POST', `${P}/user/language/RUS`, undefined, 'garbage');
    expect(res.status).toBe(401);
  });

  it('GET /user returns the profile shape', async () => {
    const res = await json(t, 'GET', `${P}/user`, undefined, user.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: user.id,
      email: 'profile@example.com',
      accounts: [
        { id: expect.stringMatching(/^[0-9a-f-]{36}$/), name: 'Account', language: 'ENG', defaultFiatCurrency: 'USD' },
      ],
      pinCodeActive: false,
    });
  });

  it('GET /user/auth says whether Telegram is linked', async () => {
    const res = await json(t, 'GET', `${P}/user/auth`, undefined, user.token);
    expect(res).toMatchObject({ status: 200, body: { tgAuth: false } });
  });

  it('updates the language and the default fiat currency', async () => {
    const lang = await json(t, 'POST', `${P}/user/language/RUS`, undefined, user.token);
    expect(lang.status).toBe(200);
    expect(lang.body.accounts[0]).toMatchObject({ language: 'RUS', defaultFiatCurrency: 'USD' });

    for (const currency of ['EUR', 'KZT', 'UAH', 'AZN', 'CAD', 'RUB', 'USD']) {
      const res = await json(t, 'POST', `${P}/user/default-fiat-currency/update/${currency}`, undefined, user.token);
      expect(res.status).toBe(200);
      expect(res.body.accounts[0].defaultFiatCurrency).toBe(currency);
    }
    const after = await json(t, 'GET', `${P}/user`, undefined, user.token);
    expect(after.body.accounts[0]).toMatchObject({ language: 'RUS', defaultFiatCurrency: 'USD' });
  });

  it('refuses unknown languages and currencies with 400 naming the field', async () => {
    const lang = await json(t, 'POST', `${P}/user/language/DEU`, undefined, user.token);
    expect(lang.status).toBe(400);
    expect(lang.body).toMatchObject({ code: 'VALIDATION_ERROR', field: 'language' });
    const cur = await json(t, 'POST', `${P}/user/default-fiat-currency/update/GBP`, undefined, user.token);
    expect(cur.status).toBe(400);
    expect(cur.body).toMatchObject({ code: 'VALIDATION_ERROR', field: 'currency' });
    const lower = await json(t, 'POST', `${P}/user/language/eng`, undefined, user.token);
    expect(lower.status).toBe(400);
  });
});
