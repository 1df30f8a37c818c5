import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkSwapInvariants } from '../src/swap/invariants.js';
import type { LiquidityProvider } from '../src/swap/provider.js';
import { createSandboxLiquidity } from '../src/swap/sandbox/provider.js';
import { createSandboxRateProvider } from '../src/rates/provider.js';
import { findCoin } from '../src/wallet/catalogue.js';
import { createTestApp, type TestApp } from './support/app.js';
import { confirm, order } from './swap-support.js';
import { call, fund, walletUser, type WalletUser } from './wallet-support.js';

/**
 * Issue 23: no network call inside a transaction that holds row locks. A confirm asked a synchronous
 * provider inside its transaction, holding the order's row, the ledger accounts' rows, the user's
 * security lock and a pooled connection for as long as the provider took. With two connections and
 * a provider that answers in 2 s, twenty confirms queued behind each other for 20 s and more while
 * every other request waited for a connection. Now the source is held and committed first, the
 * provider is asked with nothing locked, and its answer is written in one statement.
 */
const rates = createSandboxRateProvider({
  now: () => Date.parse('2026-01-01T00:00:00Z'),
  parentOf: (c) => findCoin(c)?.parent,
});
const PROVIDER_MS = 2000;
const sandbox = createSandboxLiquidity(rates);
const provider: LiquidityProvider = {
  name: 'slow-sync',
  pairs: (c) => sandbox.pairs(c),
  terms: (s, d) => sandbox.terms(s, d),
  settlesAsynchronously: () => false,
  execute: async () => {
    await new Promise((resolve) => setTimeout(resolve, PROVIDER_MS));
    return { ok: true };
  },
  status: async () => ({ ok: true }),
};

let t: TestApp;
const users: WalletUser[] = [];

beforeAll(async () => {
  t = await createTestApp({ rates, liquidity: provider, poolSize: 2 });
  for (let i = 0; i < 4; i += 1) {
    const u = await walletUser(t, `slow-${i}`);
    await fund(t, u, 'BTC', 10_000_000n);
    users.push(u);
  }
});
afterAll(async () => t?.close());
afterEach(async () => expect(await checkSwapInvariants(t.db)).toEqual([]));

describe('a slow provider', () => {
  it('20 concurrent confirms over a pool of 2 finish in about one provider answer, and other requests are not stalled', async () => {
    const orders = [];
    for (let i = 0; i < 20; i += 1) {
      const u = users[i % users.length]!;
      const created = await order(t, u, {
        sourceCurrency: 'BTC',
        destinationCurrency: 'USDT_TRX',
        sourceAmount: '0.001',
      });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      orders.push({ u, id: created.body.id as string });
    }
    const started = Date.now();
    const confirms = Promise.all(
      orders.map(async ({ u, id }) => {
        const res = await confirm(t, u, id);
        return { ...res, ms: Date.now() - started };
      }),
    );
    // While the provider thinks: another request gets a connection at once.
    await new Promise((resolve) => setTimeout(resolve, PROVIDER_MS / 4));
    const probeStart = Date.now();
    const assets = await call(t, 'GET', `/b2c-wallet/${users[0]!.account}/asset`, undefined, users[0]!.token);
    const probeMs = Date.now() - probeStart;
    expect(assets.status).toBe(200);
    const answers = await confirms;
    const elapsed = Date.now() - started;
    console.log(
      `[figures] 20 confirms, pool 2, provider ${PROVIDER_MS} ms: all answered in ${elapsed} ms (slowest ${Math.max(...answers.map((a) => a.ms))} ms), a GET meanwhile ${probeMs} ms`,
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(answers.map((a) => a.body.state)).toEqual(Array(20).fill('COMPLETED'));
    // One provider answer plus the database's share; queued behind each other they took 20 s and more.
    expect(elapsed).toBeLessThan(3 * PROVIDER_MS);
    expect(probeMs).toBeLessThan(PROVIDER_MS / 2);
  });
});
