import Fastify, { type FastifyInstance } from 'fastify';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressBookEntries, walletAssets, walletTransactions, withdrawals } from '../src/db/schema/index.js';
import { registerAccountAccess } from '../src/http/account.js';
import { createAuthHook } from '../src/http/auth.js';
import { registerErrorHandling } from '../src/http/errors.js';
import { createTestApp, type TestApp } from './support/app.js';
import { addAsset, call, walletUser, type WalletUser } from './wallet-support.js';

let t: TestApp;
let alice: WalletUser;
let mallory: WalletUser;

beforeAll(async () => {
  t = await createTestApp();
  alice = await walletUser(t, 'alice');
  mallory = await walletUser(t, 'mallory');
  await addAsset(t, alice, 'BTC');
});
afterAll(async () => t?.close());

async function rowCounts() {
  const out: Record<string, number> = {};
  for (const [name, table] of Object.entries({ addressBookEntries, walletAssets, walletTransactions, withdrawals })) {
    const [row] = await t.db.select({ n: count() }).from(table);
    out[name] = Number(row!.n);
  }
  return out;
}

describe.each([
  // The gateway's wiring: bearer and account read in one statement.
  ['with the joined check', true],
  // An IdP without verifySignature (a stand-in): the two-step check.
  ['with the two-step check', false],
] as const)('a route added later with :account, %s', (_label, joined) => {
  let app: FastifyInstance;
  const handled: string[] = [];

  beforeAll(async () => {
    // The same wiring as buildApp, then a route that neither authenticates nor checks the account.
    app = Fastify();
    registerErrorHandling(app);
    registerAccountAccess(app, {
      db: t.db,
      authenticate: createAuthHook(t.app.idp),
      ...(joined ? { idp: t.app.idp } : {}),
    });
    await app.register(
      async (scope) => {
        scope.post('/:account/future/:thing', async (request) => {
          handled.push(request.accountId);
          return { accountId: request.accountId };
        });
        scope.get('/public/:thing', async () => ({ ok: true }));
      },
      { prefix: '/b2c-future' },
    );
    await app.ready();
  });
  afterAll(() => app.close());

  const post = (account: string, token?: string) =>
    app.inject({
      method: 'POST',
      url: `/b2c-future/${encodeURIComponent(account)}/future/x`,
      payload: {},
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  it('is authenticated and owner-checked without a line of its own', async () => {
    expect((await post(alice.account)).statusCode).toBe(401);
    for (const account of [alice.account, '00000000-0000-0000-0000-000000000000', 'not-an-id']) {
      const res = await post(account, mallory.token);
      expect(res.statusCode, account).toBe(404);
      expect(res.json()).toEqual({ code: 'ACCOUNT_NOT_FOUND', message: 'No such account' });
    }
    expect(handled).toEqual([]);
    const own = await post(alice.account, alice.token);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({ accountId: alice.account });
    expect(handled).toEqual([alice.account]);
  });

  it('leaves routes without :account alone', async () => {
    const res = await app.inject({ method: 'GET', url: '/b2c-future/public/x' });
    expect(res.statusCode).toBe(200);
  });
});

describe('every :account route of the gateway', () => {
  it("refuses another user's account with 404 before validation, and writes nothing", async () => {
    const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const routes = Object.entries(doc.paths)
      .filter(([path]) => path.includes('{account}'))
      .flatMap(([path, methods]) => Object.keys(methods).map((m) => [m.toUpperCase(), path] as const));
    // Wallet, withdrawals and address book today; a new route shows up here by itself.
    expect(routes.length).toBeGreaterThanOrEqual(13);
    const before = await rowCounts();
    for (const [method, path] of routes) {
      // Fill the other params with something plausible; the body is deliberately empty.
      const url = path.replace('{account}', alice.account).replace(/\{[^}]+\}/g, 'BTC');
      const res = await t.app.inject({
        method: method as 'GET',
        url,
        headers: { authorization: `Bearer ${mallory.token}` },
        ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
      });
      expect(res.statusCode, `${method} ${path}`).toBe(404);
      expect(res.json(), `${method} ${path}`).toEqual({ code: 'ACCOUNT_NOT_FOUND', message: 'No such account' });
      const anonymous = await t.app.inject({ method: method as 'GET', url });
      expect(anonymous.statusCode, `${method} ${path} without a token`).toBe(401);
    }
    expect(await rowCounts()).toEqual(before);
    // Alice still sees her own account.
    expect((await call(t, 'GET', `/b2c-wallet/${alice.account}/asset`, undefined, alice.token)).status).toBe(200);
  });
});
