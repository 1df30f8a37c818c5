import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANALYTICS_SCREENS, SIGN_IN_METHODS } from '../../contracts/analytics.js';
import { ANALYTICS_REASON_CODES } from '../src/analytics/privacy.js';
import { ConfigError, loadConfig } from '../src/config.js';
import { COINS, FIATS } from '../src/wallet/catalogue.js';
import { createTestApp, type TestApp } from './support/app.js';
import { confirmedUser, json } from './support/flows.js';

const EVENTS = '/analytics/events';
const at = '2026-11-24T07:00:00.000Z';
const batch = (events: unknown[], extra: Record<string, unknown> = {}) => ({
  appType: 'web',
  sessionId: 'session-0001',
  events,
  ...extra,
});
const screen = (path: string) => ({ name: 'screen_viewed', at, props: { screen: path } });

type Recorded = {
  name: string;
  props: Record<string, unknown>;
  accountId: string | null;
  appType: string;
  sessionId: string;
};
async function recorded(t: TestApp): Promise<Recorded[]> {
  const res = await json<{ events: Recorded[] }>(t, 'GET', '/dev/analytics/events');
  expect(res.status).toBe(200);
  return res.body.events;
}
const clear = (t: TestApp) => t.app.inject({ method: 'DELETE', url: '/dev/analytics/events' });

/** Waits until `check` holds, for what happens after the 202 (the sink is not awaited by the route). */
async function eventually(check: () => boolean, timeoutMs = 5000) {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

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

describe('the log sink (ANALYTICS_SINK=log)', () => {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  let t: TestApp;
  // The gateway logs at warn; the sink's own lines are at info and still written.
  beforeAll(async () => {
    t = await createTestApp({ env: { ANALYTICS_SINK: 'log' }, logger: { level: 'warn', stream } });
  });
  afterAll(async () => t?.close());

  it('writes one line per event with its name, properties and tags', async () => {
    expect(
      (await json(t, 'POST', EVENTS, batch([screen('/settings'), { name: 'passcode_changed', at, props: {} }]))).status,
    ).toBe(202);
    await eventually(() => lines.filter((l) => l.includes('analytics event')).length === 2);
    const logged = lines
      .filter((l) => l.includes('analytics event'))
      .map((l) => JSON.parse(l) as { analytics: Recorded; level: number });
    expect(logged.map((l) => l.analytics)).toEqual([
      {
        name: 'screen_viewed',
        at,
        props: { screen: '/settings' },
        accountId: null,
        appType: 'web',
        sessionId: 'session-0001',
      },
      { name: 'passcode_changed', at, props: {}, accountId: null, appType: 'web', sessionId: 'session-0001' },
    ]);
    expect(logged.every((l) => l.level === 30)).toBe(true);
  });
});

/** A stand-in for PostHog's ingestion host: records each request, answers with `status` (or never). */
function fakePosthog(answer: { status: number } | 'hang') {
  const requests: { method: string; url: string; contentType: string; body: any }[] = [];
  const hanging: ServerResponse[] = [];
  const server: Server = createServer((req: IncomingMessage, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      requests.push({
        method: req.method ?? '',
        url: req.url ?? '',
        contentType: String(req.headers['content-type']),
        body: JSON.parse(raw),
      });
      if (answer === 'hang') return void hanging.push(res);
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify({ status: 1 }));
    });
  });
  return {
    requests,
    async start() {
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    async stop() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}

describe('the PostHog sink (ANALYTICS_SINK=posthog) against a local fake', () => {
  const posthog = fakePosthog({ status: 200 });
  let t: TestApp;
  beforeAll(async () => {
    const host = await posthog.start();
    t = await createTestApp({
      env: { ANALYTICS_SINK: 'posthog', POSTHOG_HOST: host, POSTHOG_API_KEY: 'phc_test_key' },
    });
  });
  afterAll(async () => {
    await t?.close();
    await posthog.stop();
  });

  it("posts PostHog's batch format: api_key, and per event its name, distinct_id, timestamp and properties", async () => {
    const user = await confirmedUser(t, 'analytics-posthog@example.com');
    const profile = await json<{ accounts: { id: string }[] }>(
      t,
      'GET',
      '/b2c-user-management/user',
      undefined,
      user.token,
    );
    const account = profile.body.accounts[0]!.id;
    const swap = { name: 'swap_failed', at, props: { from: 'BTC', to: 'USDT_TRX', reason: 'SWAP_ORDER_EXPIRED' } };
    expect((await json(t, 'POST', EVENTS, batch([swap], { appType: 'tg' }), user.token)).status).toBe(202);
    expect((await json(t, 'POST', EVENTS, batch([screen('/auth/login')], { sessionId: 'anon-visit-1' }))).status).toBe(
      202,
    );
    await eventually(() => posthog.requests.length === 2);

    const [signedIn, anonymous] = posthog.requests;
    expect(signedIn).toMatchObject({ method: 'POST', url: '/batch/' });
    expect(signedIn!.contentType).toMatch(/^application\/json/);
    expect(signedIn!.body).toEqual({
      api_key: 'phc_test_key',
      historical_migration: false,
      batch: [
        {
          event: 'swap_failed',
          distinct_id: account,
          timestamp: at,
          properties: {
            from: 'BTC',
            to: 'USDT_TRX',
            reason: 'SWAP_ORDER_EXPIRED',
            appType: 'tg',
            accountId: account,
            $session_id: 'session-0001',
          },
        },
      ],
    });
    // A signed-out visit is anonymous: no person profile in PostHog.
    expect(anonymous!.body.batch).toEqual([
      {
        event: 'screen_viewed',
        distinct_id: 'anonymous-anon-visit-1',
        timestamp: at,
        properties: {
          screen: '/auth/login',
          appType: 'web',
          accountId: null,
          $session_id: 'anon-visit-1',
          $process_person_profile: false,
        },
      },
    ]);
  });
});

describe('a failing or hanging sink never holds the app back; its errors are only logged', () => {
  for (const answer of [{ status: 500 }, 'hang'] as const) {
    const label = answer === 'hang' ? 'a sink that never answers' : 'a sink answering 500';
    it(label, async () => {
      const posthog = fakePosthog(answer);
      const host = await posthog.start();
      const lines: string[] = [];
      const stream = new Writable({
        write(chunk, _enc, done) {
          lines.push(String(chunk));
          done();
        },
      });
      const t = await createTestApp({
        env: { ANALYTICS_SINK: 'posthog', POSTHOG_HOST: host, POSTHOG_API_KEY: 'phc_x' },
        logger: { level: 'warn', stream },
      });
      try {
        const started = Date.now();
        const res = await json(t, 'POST', EVENTS, batch([screen('/home')]));
        expect(res.status).toBe(202);
        await eventually(() => posthog.requests.length === 1);
        expect(Date.now() - started).toBeLessThan(3000);
        if (answer !== 'hang')
          await eventually(() =>
            lines.some((l) => l.includes('analytics sink failed') && l.includes('PostHog answered 500')),
          );
      } finally {
        await t.close();
        await posthog.stop();
      }
    });
  }
});

describe('the analytics rate-limit rule', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMITS: 'analytics.ip=2/600', TRUST_PROXY: '127.0.0.1' } });
  });
  afterAll(async () => t?.close());

  it('answers 429 once a client sends too many batches, and records nothing of the refused one', async () => {
    const post = (sessionId: string) =>
      t.app.inject({
        method: 'POST',
        url: EVENTS,
        headers: { 'x-forwarded-for': '198.51.100.9' },
        payload: batch([screen('/home')], { sessionId }),
      });
    expect((await post('limited-1')).statusCode).toBe(202);
    expect((await post('limited-2')).statusCode).toBe(202);
    const over = await post('limited-3');
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect((await recorded(t)).map((e) => e.sessionId)).toEqual(['limited-1', 'limited-2']);
  });
});

describe('configuration', () => {
  it('defaults to no sink, and refuses the PostHog sink without its key', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).analytics).toEqual({ sink: 'none' });
    expect(loadConfig({ NODE_ENV: 'test', ANALYTICS_SINK: 'posthog', POSTHOG_API_KEY: 'phc_k' }).analytics).toEqual({
      sink: 'posthog',
      host: 'https://us.i.posthog.com',
      apiKey: 'phc_k',
    });
    expect(() => loadConfig({ NODE_ENV: 'test', ANALYTICS_SINK: 'posthog' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'test', ANALYTICS_SINK: 'amplitude' })).toThrow(
      /ANALYTICS_SINK must be none, log, posthog/,
    );
  });
});
