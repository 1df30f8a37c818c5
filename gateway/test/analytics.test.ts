import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANALYTICS_SCREENS, SIGN_IN_METHODS } from '../../contracts/analytics.js';
import { ANALYTICS_REASON_CODES } from '../src/analytics/privacy.js';
import { COINS, FIATS } from '../src/wallet/catalogue.js';
import { createTestApp, type TestApp } from './support/app.js';
import { confirmedUser, json } from './support/flows.js';

import { batch, clear, EVENTS, recorded, screen, at } from './analytics-support.js';

describe('the allow-list at the edge (default sink: none)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('takes an anonymous batch with 202, tagged with its appType and no account', async () => {
    await clear(t);
    const res = await json(
      t,
      'POST',
      EVENTS,
      batch([screen('/auth/login'), { name: 'signed_up', at, props: { method: 'email' } }], { appType: 'tg' }),
    );
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ accepted: 2 });
    expect(await recorded(t)).toEqual([
      {
        name: 'screen_viewed',
        at,
        props: { screen: '/auth/login' },
        accountId: null,
        appType: 'tg',
        sessionId: 'session-0001',
      },
      { name: 'signed_up', at, props: { method: 'email' }, accountId: null, appType: 'tg', sessionId: 'session-0001' },
    ]);
  });

  it("tags a batch sent with a bearer token with the caller's active account", async () => {
    await clear(t);
    const user = await confirmedUser(t, 'analytics-tag@example.com');
    const profile = await json<{ accounts: { id: string }[] }>(
      t,
      'GET',
      '/b2c-user-management/user',
      undefined,
      user.token,
    );
    const send = { name: 'send_completed', at, props: { currency: 'BTC' } };
    expect((await json(t, 'POST', EVENTS, batch([send]), user.token)).status).toBe(202);
    const [event] = await recorded(t);
    expect(event).toMatchObject({ name: 'send_completed', accountId: profile.body.accounts[0]!.id, appType: 'web' });
  });

  it('refuses a bad token with 401 rather than recording the events as anonymous', async () => {
    await clear(t);
    const res = await json(t, 'POST', EVENTS, batch([screen('/home')]), 'not-a-token');
    expect(res.status).toBe(401);
    expect(await recorded(t)).toEqual([]);
  });

  const refused: [string, unknown][] = [
    ['an unknown event', batch([{ name: 'wallet_drained', at, props: {} }])],
    [
      'an unknown property (an amount)',
      batch([{ name: 'send_started', at, props: { currency: 'BTC', amount: '0.5' } }]),
    ],
    [
      'an address as a property',
      batch([
        { name: 'send_started', at, props: { currency: 'BTC', address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' } },
      ]),
    ],
    ['an e-mail in place of a currency', batch([{ name: 'send_started', at, props: { currency: 'ada@example.com' } }])],
    [
      'an address in place of a failure reason',
      batch([{ name: 'send_failed', at, props: { currency: 'BTC', reason: 'TJYeasTPa6gpEEfYqV7zAQNpHHybx1tSSs' } }]),
    ],
    [
      'a card number in place of a fiat code',
      batch([{ name: 'sell_started', at, props: { currency: 'BTC', fiat: '4276380012345678' } }]),
    ],
    ['a concrete path with a confirmation code', batch([screen('/auth/signup/confirm/x8Yf3kQ9')])],
    ['a name in a passcode event', batch([{ name: 'passcode_set', at, props: { firstName: 'Ada' } }])],
    ['an extra field on the event', batch([{ ...screen('/home'), email: 'ada@example.com' }])],
    ['an extra field on the batch', batch([screen('/home')], { userEmail: 'ada@example.com' })],
    ['an appType other than tg or web', batch([screen('/home')], { appType: 'ios' })],
    ['a missing appType', { sessionId: 'session-0001', events: [screen('/home')] }],
    ['an empty batch', batch([])],
    ['more than 50 events', batch(Array.from({ length: 51 }, () => screen('/home')))],
    ['a timestamp that is not one', batch([{ ...screen('/home'), at: 'yesterday' }])],
    // Issue 20 item 7: every property an enum or a bounded pattern, no run of 12+ digits anywhere.
    ['a session id carrying a card number', batch([screen('/home')], { sessionId: 's-4276380012345678' })],
    [
      'a session id carrying a phone number with its country code',
      batch([screen('/home')], { sessionId: '380501234567-abc' }),
    ],
    [
      'free text as a failure reason',
      batch([{ name: 'send_failed', at, props: { currency: 'BTC', reason: 'IVAN_PETROV_CALL_ME' } }]),
    ],
    [
      'a phone number inside a failure reason',
      batch([{ name: 'sell_failed', at, props: { currency: 'BTC', fiat: 'RUB', reason: 'HTTP_79161234567' } }]),
    ],
    ['digits in a currency', batch([{ name: 'send_started', at, props: { currency: 'BTC4276380012' } }])],
    [
      'a currency that is no coin or fiat of ours',
      batch([{ name: 'swap_started', at, props: { from: 'BTC', to: 'IVANPETROV' } }]),
    ],
    ['a card number as a fiat code', batch([{ name: 'buy_started', at, props: { fiat: 'A427638001234567' } }])],
  ];
  it.each(refused)('refuses %s with 400 and records nothing', async (_label, body) => {
    await clear(t);
    const res = await json(t, 'POST', EVENTS, body);
    expect(res.status).toBe(400);
    expect(await recorded(t)).toEqual([]);
  });
});

describe('what the app really sends still passes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it("every screen, sign-in method, coin and fiat, the gateway's codes, HTTP_<status>, UNKNOWN and the app's session ids", async () => {
    const events = [
      ...ANALYTICS_SCREENS.map((s) => screen(s)),
      ...SIGN_IN_METHODS.map((method) => ({ name: 'signed_in', at, props: { method } })),
      { name: 'signed_up', at, props: { method: 'email' } },
      ...COINS.map((c) => ({ name: 'send_started', at, props: { currency: c.currency } })),
      ...FIATS.map((f) => ({ name: 'buy_failed', at, props: { fiat: f.currency, reason: 'DECLINED' } })),
      { name: 'swap_failed', at, props: { from: 'UNKNOWN', to: 'UNKNOWN', reason: 'SWAP_ORDER_EXPIRED' } },
      ...[...ANALYTICS_REASON_CODES, 'HTTP_500', 'HTTP_429', 'FST_ERR_CTP_INVALID_MEDIA_TYPE'].map((reason) => ({
        name: 'send_failed',
        at,
        props: { currency: 'BTC', reason },
      })),
      { name: 'sell_completed', at, props: { currency: 'USDT_TRX', fiat: 'RUB' } },
      { name: 'buy_started', at, props: { currency: 'BTC', fiat: 'RUB' } },
      { name: 'passcode_set', at, props: {} },
    ];
    // The app's session id: Date.now() in base 36, a dash, up to 10 base-36 characters of Math.random().
    const sessionIds = ['mf3k2j1a-4fzyq0abcd', `${Date.now().toString(36)}-${'1234567890'}`, 'session-0001'];
    for (let i = 0; i < events.length; i += 50) {
      for (const sessionId of sessionIds) {
        const res = await json(t, 'POST', EVENTS, batch(events.slice(i, i + 50), { sessionId }));
        expect(res.status, JSON.stringify(res.body)).toBe(202);
      }
    }
  });

  it('knows every code the gateway answers with (a new code must be added to analytics/privacy.ts)', () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (path.endsWith('.ts')) files.push(path);
      }
    };
    const root = fileURLToPath(new URL('..', import.meta.url));
    walk(join(root, 'src'));
    const CALL = /\b(?:invalid|refuse|DomainError|ApiError)\(\s*(?:'[a-z_]+'\s*,\s*|\d{3}\s*,\s*)?'([A-Z][A-Z0-9_]*)'/g;
    const CODE = /\bcode:\s*'([A-Z][A-Z0-9]*_[A-Z0-9_]+)'/g;
    const found = new Set<string>();
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      for (const re of [CALL, CODE]) for (const m of text.matchAll(re)) found.add(m[1]!);
    }
    expect(found.size).toBeGreaterThan(40);
    expect([...found].filter((code) => !ANALYTICS_REASON_CODES.has(code))).toEqual([]);
  });
});
