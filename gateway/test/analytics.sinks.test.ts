import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';
import { createTestApp, type TestApp } from './support/app.js';
import { confirmedUser, json } from './support/flows.js';
import { at, batch, EVENTS, eventually, recorded, screen, type Recorded } from './analytics-support.js';

/** Where accepted events go (ANALYTICS_SINK: log, PostHog), what a failing sink costs, the rate limit, the config. */
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
