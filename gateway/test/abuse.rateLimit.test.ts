import { randomUUID } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressBookEntries, sellRates } from '../src/db/schema/index.js';
import { databaseStore } from '../src/http/databaseStore.js';
import { DEFAULT_RATE_LIMITS, parseRateLimits } from '../src/http/rateLimits.js';
import { createTestApp, type TestApp } from './support/app.js';
import { initDataFor, json, nextTelegramId, signUp } from './support/flows.js';
import { passcodeRow, pin } from './passcode-support.js';
import { swapCall } from './swap-support.js';
import { bySavedCard, sellCall } from './sell-support.js';
import { walletUser, type WalletUser } from './wallet-support.js';
import { newKey, send } from './withdraw-support.js';
import { expectCountedTogether, expectExactUnderConcurrency, REPLICA_LIMITS } from './rateLimit-support.js';

/** Tight limits, so a handful of requests proves each rule; the other suites run with the defaults. */
const TIGHT = [
  'signUp.ip=3/600',
  'signUp.account=9/600',
  'passwordReset.account=2/3600',
  'passwordReset.ip=9/600',
  'confirmation.ip=3/600',
  'telegram.ip=2/600',
  'signIn.account=3/600',
  'signIn.ip=9/600',
  'passcode.account=3/600',
  'money.account=2/60',
  'sellRate.account=2/60',
  'addressBook.account=2/60',
].join(',');

let t: TestApp;
/** The same database under default limits: where the signed-in tests' users sign up (their tokens work on both). */
let roomy: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMITS: TIGHT, TRUST_PROXY: '127.0.0.1' } });
  roomy = await createTestApp({ database: t.database });
});
afterAll(async () => {
  await roomy?.app.close();
  await t?.close();
});

const TOKEN_URL = '/realms/wallet/protocol/openid-connect/token';
const from = (ip: string) => ({ 'x-forwarded-for': ip });
const post = (url: string, body: object, headers: Record<string, string> = {}) =>
  t.app
    .inject({ method: 'POST', url, payload: body, headers })
    .then((r) => ({ status: r.statusCode, body: r.json(), headers: r.headers }));
const passwordGrant = (username: string, password: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: TOKEN_URL,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams({ grant_type: 'password', client_id: 'wallet-web', username, password }).toString(),
  });

function expectLimited(res: { status: number; body: any; headers: Record<string, unknown> }) {
  expect(res.status).toBe(429);
  expect(res.body).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringContaining('Too many requests') });
  expect(res.body.waitSeconds).toBeGreaterThan(0);
  expect(res.headers['retry-after']).toBe(String(res.body.waitSeconds));
}

describe('RATE_LIMITS', () => {
  it('has documented defaults, reads overrides and off, and names a bad entry', () => {
    const problems: string[] = [];
    expect(parseRateLimits(undefined, problems)).toEqual(DEFAULT_RATE_LIMITS);
    expect(parseRateLimits('off', problems)).toBe(false);
    const tuned = parseRateLimits('signIn.ip=30/60,money.account=off', problems);
    expect(tuned && tuned.signIn.ip).toEqual({ max: 30, windowSeconds: 60 });
    expect(tuned && tuned.money.account).toBeUndefined();
    expect(tuned && tuned.money.ip).toEqual(DEFAULT_RATE_LIMITS.money.ip);
    expect(problems).toEqual([]);
    parseRateLimits('signIn.ip=30,login.ip=1/1,money.planet=1/1,signUp.ip=0/60', problems);
    expect(problems).toHaveLength(4);
  });
});

describe('each rule answers 429 RATE_LIMITED with Retry-After once over', () => {
  it('sign-up per client address; a forged X-Forwarded-For from an untrusted peer changes nothing', async () => {
    const ip = '203.0.113.7';
    for (let i = 0; i < 3; i++)
      expect(
        (
          await post(
            '/b2c-user-management/user',
            { email: `su${i}-${randomUUID()}@example.com`, password: 'correct horse' },
            from(ip),
          )
        ).status,
      ).toBe(201);
    expectLimited(
      await post(
        '/b2c-user-management/user',
        { email: `su-over-${randomUUID()}@example.com`, password: 'correct horse' },
        from(ip),
      ),
    );
    // Another client (as the trusted proxy reports it) is not affected.
    expect(
      (
        await post(
          '/b2c-user-management/user',
          { email: `su-other-${randomUUID()}@example.com`, password: 'correct horse' },
          from('203.0.113.8'),
        )
      ).status,
    ).toBe(201);
  });

  it('only the proxies TRUST_PROXY names may say who the client is', async () => {
    const untrusted = await createTestApp({ env: { RATE_LIMITS: 'signUp.ip=2/600', TRUST_PROXY: '10.9.9.9' } });
    try {
      const statuses = [];
      for (let i = 0; i < 3; i++) {
        // Each request claims another address; the peer (127.0.0.1) is not a named proxy, so all count as one client.
        const res = await untrusted.app.inject({
          method: 'POST',
          url: '/b2c-user-management/user',
          headers: from(`198.51.100.${i}`),
          payload: { email: `xff${i}-${randomUUID()}@example.com`, password: 'correct horse' },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([201, 201, 429]);
    } finally {
      await untrusted.close();
    }
  });

  it('password reset per e-mail address, whatever address asks', async () => {
    const email = `reset-${randomUUID()}@example.com`;
    await signUp(t, email);
    expect((await post('/b2c-user-management/password-reset', { email }, from('192.0.2.1'))).status).toBe(200);
    expect(
      (await post('/b2c-user-management/password-reset', { email: email.toUpperCase() }, from('192.0.2.2'))).status,
    ).toBe(200);
    expectLimited(await post('/b2c-user-management/password-reset', { email }, from('192.0.2.3')));
    const mails = await json<unknown[]>(t, 'GET', `/dev/mail?to=${encodeURIComponent(email)}`);
    // The confirmation mail of the sign-up and two reset mails: the refused request mailed nothing.
    expect(mails.body).toHaveLength(3);
  });

  it('confirmation codes per client address', async () => {
    for (let i = 0; i < 3; i++)
      expect(
        (await post('/b2c-user-management/confirmation/confirm', { confirmationCode: `nope-${i}` }, from('192.0.2.20')))
          .status,
      ).toBe(400);
    expectLimited(
      await post(
        '/b2c-user-management/password-reset/confirm',
        { confirmationCode: 'nope', password: 'long enough' },
        from('192.0.2.20'),
      ),
    );
  });

  it('Telegram sign-in per client address', async () => {
    for (let i = 0; i < 2; i++) {
      const initData = await initDataFor(t, { id: nextTelegramId() });
      expect((await post('/b2c-user-management/auth/tg', { initData }, from('192.0.2.30'))).status).toBe(200);
    }
    expectLimited(
      await post(
        '/b2c-user-management/auth/tg',
        { initData: await initDataFor(t, { id: nextTelegramId() }) },
        from('192.0.2.30'),
      ),
    );
  });

  it("the token endpoint's password grant per user name: OAuth's error with RATE_LIMITED's wait, and the right password is refused too", async () => {
    const email = `grant-${randomUUID()}@example.com`;
    for (let i = 0; i < 3; i++)
      expect((await passwordGrant(email, `wrong-${i}-password`, from(`192.0.2.${40 + i}`))).statusCode).toBe(400);
    const over = await passwordGrant(email, 'correct horse', from('192.0.2.49'));
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({
      error: 'rate_limited',
      error_description: expect.stringContaining('Too many sign-in attempts'),
    });
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('signed-in rules count per user', () => {
  let u: WalletUser;
  beforeAll(async () => {
    u = await walletUser(roomy, 'limits');
  });

  it('passcode routes: the refused attempt is not a counted passcode failure', async () => {
    expect((await pin(t, u, 'enable', undefined, { pinCode: '2468' })).status).toBe(200);
    expect((await pin(t, u, 'validate', '0000')).body.code).toBe('B2C_USM0031');
    expect((await pin(t, u, 'validate', '2468')).status).toBe(200);
    const over = await pin(t, u, 'validate', '0000');
    expect(over).toMatchObject({ status: 429, body: { code: 'RATE_LIMITED' } });
    expect((await passcodeRow(t, u))!.failedAttempts).toBe(0);
    // Another user of the same address is not limited by this one.
    const other = await walletUser(roomy, 'limits-other');
    expect((await pin(t, other, 'enable', undefined, { pinCode: '1357' })).status).toBe(200);
  });

  it('money routes: withdrawal and swap (matched by URL, without a line in their folders) share the rule', async () => {
    const v = await walletUser(roomy, 'money');
    const body = {
      currency: 'BTC',
      amount: '0.001',
      depositAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
      idempotencyKey: newKey(),
    };
    expect((await send(t, v, body)).status).not.toBe(429);
    expect((await swapCall(t, v, 'POST', `/exchange/confirm/${randomUUID()}`)).status).not.toBe(429);
    expectLimited(await send(t, v, { ...body, idempotencyKey: newKey() }));
    expect((await swapCall(t, v, 'POST', `/exchange/confirm/${randomUUID()}`)).body.code).toBe('RATE_LIMITED');
  });
  it('sell and the tokenless buy calls are money routes too', async () => {
    const v = await walletUser(roomy, 'money-sell');
    const sell = {
      cardId: randomUUID(),
      currency: 'USDT_TRX',
      fiatCurrency: 'RUB',
      fixedRateId: randomUUID(),
      fiatAmount: '1000',
      idempotencyKey: newKey(),
    };
    for (let i = 0; i < 2; i++)
      expect((await bySavedCard(t, v, { ...sell, idempotencyKey: newKey() })).status).not.toBe(429);
    expect((await bySavedCard(t, v, { ...sell, idempotencyKey: newKey() })).body.code).toBe('RATE_LIMITED');
    // No account on the buy calls: the client address is what counts (money.ip, tightened here).
    const buy = await createTestApp({
      database: t.database,
      env: { RATE_LIMITS: 'money.ip=2/60', TRUST_PROXY: '127.0.0.1' },
    });
    try {
      const rate = () =>
        buy.app.inject({
          method: 'POST',
          url: '/b2c-wallet/b2c/rate',
          headers: from('198.51.100.7'),
          payload: {
            externalId: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
            currency: 'BTC',
            geoId: 'RU',
            fiatAmount: '5000',
          },
        });
      const statuses = [(await rate()).statusCode, (await rate()).statusCode, (await rate()).statusCode];
      expect(statuses.slice(0, 2)).not.toContain(429);
      expect(statuses[2]).toBe(429);
    } finally {
      await buy.app.close();
    }
  });
});

describe('things a signed-in user creates have rules of their own (issue 20 item 7)', () => {
  it('sell rates per user: the refused request writes no rate row', async () => {
    const v = await walletUser(roomy, 'limits-sell-rate');
    const rate = () => sellCall(t, v, 'POST', '/rate/RUB/USDT_TRX');
    for (let i = 0; i < 2; i++) expect((await rate()).status).toBe(200);
    expectLimited(await rate());
    const [rows] = await t.db.select({ n: count() }).from(sellRates).where(eq(sellRates.accountId, v.account));
    expect(rows!.n).toBe(2);
    // Sells are money: another rule, not used up by the rates.
    expect((await bySavedCard(t, v, { cardId: randomUUID(), fixedRateId: randomUUID() })).status).not.toBe(429);
  });

  it('address-book saves per user', async () => {
    const v = await walletUser(roomy, 'limits-book');
    const save = () =>
      post(
        `/b2c-address-book/${v.account}/address-book`,
        { name: 'Mum', blockchain: 'Tron', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' },
        { authorization: `Bearer ${v.token}` },
      );
    for (let i = 0; i < 2; i++) expect((await save()).status).toBe(200);
    expectLimited(await save());
    const [rows] = await t.db
      .select({ n: count() })
      .from(addressBookEntries)
      .where(eq(addressBookEntries.accountId, v.account));
    expect(rows!.n).toBe(2);
  });
});

describe('counters are shared by every replica on the database', () => {
  it('two apps on one database count together', async () => {
    const second = await createTestApp({ database: t.database, env: { RATE_LIMITS: TIGHT, TRUST_PROXY: '127.0.0.1' } });
    try {
      const ip = '203.0.113.99';
      const signUpOn = (app: TestApp, i: number) =>
        app.app.inject({
          method: 'POST',
          url: '/b2c-user-management/user',
          headers: from(ip),
          payload: { email: `rep${i}-${randomUUID()}@example.com`, password: 'correct horse' },
        });
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await signUpOn(i % 2 ? second : t, i)).statusCode);
      expect(statuses).toEqual([201, 201, 201, 429]);
    } finally {
      await second.app.close();
    }
  });
});

describe('the database store (@fastify/rate-limit store over rate_limit_counters)', () => {
  it('two replicas on one database count together, per client address and per account', async () => {
    const env = { RATE_LIMITS: REPLICA_LIMITS, TRUST_PROXY: '127.0.0.1' };
    const a = await createTestApp({ database: t.database, env });
    const b = await createTestApp({ database: t.database, env });
    try {
      await expectCountedTogether(a, b, '203.0.113.120');
      await expectExactUnderConcurrency(a, b, '203.0.113.121');
    } finally {
      await a.app.close();
      await b.app.close();
    }
  });

  /** The plugin's store contract: incr(key, callback, windowMs, max) answers { current, ttl in ms }. */
  const incr = (store: InstanceType<ReturnType<typeof databaseStore>['Store']>, key: string, windowMs: number) =>
    new Promise<{ current: number; ttl: number }>((resolve, reject) =>
      store.incr(key, (err, result) => (err ? reject(err) : resolve(result!)), windowMs),
    );

  it('counts the hits of one turn in one statement, each key in its own window, each hit its own place', async () => {
    let statements = 0;
    const counting = new Proxy(t.db, {
      get: (target, name, receiver) =>
        name === 'execute'
          ? (...args: unknown[]) => {
              statements++;
              return (target.execute as (...a: unknown[]) => unknown).apply(target, args);
            }
          : Reflect.get(target, name, receiver),
    });
    const counters = databaseStore(counting);
    try {
      const store = new counters.Store();
      const [a, b] = [`test:a:${randomUUID()}`, `test:b:${randomUUID()}`];
      const first = await Promise.all([incr(store, a, 60_000), incr(store, b, 600_000), incr(store, a, 60_000)]);
      expect(statements).toBe(1);
      expect(first.map((h) => h.current)).toEqual([1, 1, 2]);
      expect(first[0]!.ttl).toBeGreaterThan(59_000);
      expect(first[0]!.ttl).toBeLessThanOrEqual(60_000);
      expect(first[1]!.ttl).toBeGreaterThan(60_000);
      expect((await incr(store, b, 600_000)).current).toBe(2);
      // A window that has run out starts again at 1; the other key's count goes on.
      await t.db.execute(
        sql`update rate_limit_counters set window_ends = now() - interval '1 second' where key = ${a}`,
      );
      const again = await Promise.all([incr(store, a, 60_000), incr(store, b, 600_000)]);
      expect(again.map((h) => h.current)).toEqual([1, 3]);
      // Every limiter of the plugin counts in the same table: child is the store itself.
      expect(store.child()).toBe(store);
    } finally {
      await counters.close();
    }
  });

  it('two stores (replicas) hitting one key at once: every count from 1 to 20 exactly once', async () => {
    const [one, two] = [databaseStore(t.db), databaseStore(t.db)];
    try {
      const [a, b] = [new one.Store(), new two.Store()];
      const key = `test:race:${randomUUID()}`;
      const hits = await Promise.all(Array.from({ length: 20 }, (_, i) => incr(i % 2 ? b : a, key, 60_000)));
      expect(hits.map((h) => h.current).sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    } finally {
      await one.close();
      await two.close();
    }
  });

  it('a store error reaches every hit of the statement', async () => {
    const broken = new Proxy(t.db, {
      get: (target, name, receiver) =>
        name === 'execute' ? () => Promise.reject(new Error('database gone')) : Reflect.get(target, name, receiver),
    });
    const counters = databaseStore(broken);
    try {
      const store = new counters.Store();
      const results = await Promise.allSettled([incr(store, 'x', 1000), incr(store, 'y', 1000)]);
      expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    } finally {
      await counters.close();
    }
  });
});
