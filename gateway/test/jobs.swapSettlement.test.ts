import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { swapOrders } from '../src/db/schema/index.js';
import { checkSwapInvariants } from '../src/swap/invariants.js';
import type { LiquidityProvider } from '../src/swap/provider.js';
import { createSandboxLiquidity } from '../src/swap/sandbox/provider.js';
import { createSandboxRateProvider } from '../src/rates/provider.js';
import { findCoin } from '../src/wallet/catalogue.js';
import { createTestApp, type TestApp } from './support/app.js';
import { confirm, order } from './swap-support.js';
import { fund, walletUser, type WalletUser } from './wallet-support.js';
import { waitFor } from './withdraw-support.js';

/**
 * Issue 23: swap settlement on the job engine. The old pass re-read the first twenty IN_PROGRESS
 * orders (by confirmation time) and asked the provider about them one after another, so orders still
 * pending at a slow provider held up every order behind them. Each order is now its own job, claimed
 * with SKIP LOCKED and run side by side with the others, rescheduled on its own when still pending.
 */
const rates = createSandboxRateProvider({
  now: () => Date.parse('2026-01-01T00:00:00Z'),
  parentOf: (c) => findCoin(c)?.parent,
});
const SLOW_MS = 300;
/** While set, the provider is slow and never done, except for the orders in `fast`, which it settles at once. */
let slowProvider = true;
const fast = new Set<string>();
const sandbox = createSandboxLiquidity(rates);
const provider: LiquidityProvider = {
  name: 'slow-async',
  pairs: (c) => sandbox.pairs(c),
  terms: (s, d) => sandbox.terms(s, d),
  settlesAsynchronously: () => true,
  execute: async (o) => ({ pending: true, ref: o.id }),
  status: async (ref) => {
    if (!slowProvider || fast.has(ref)) return { ok: true };
    await new Promise((resolve) => setTimeout(resolve, SLOW_MS));
    return { pending: true };
  },
};

let t: TestApp;
let alice: WalletUser;

beforeAll(async () => {
  t = await createTestApp({ rates, liquidity: provider, env: { SWAP_SETTLEMENT_POLL_MS: '50' } });
  alice = await walletUser(t, 'alice');
  await fund(t, alice, 'BTC', 10_000_000n);
});
afterAll(async () => t?.close());
afterEach(async () => expect(await checkSwapInvariants(t.db)).toEqual([]));

const stateOf = async (id: string) =>
  (await t.db.select({ state: swapOrders.state }).from(swapOrders).where(eq(swapOrders.id, id)))[0]!.state;

const held = async () => {
  const created = (
    await order(t, alice, { sourceCurrency: 'BTC', destinationCurrency: 'USDT_TRX', sourceAmount: '0.001' })
  ).body;
  const res = await confirm(t, alice, created.id);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.state).toBe('IN_PROGRESS');
  return created.id as string;
};

describe('swap settlement on the job engine', () => {
  it('25 swaps pending at a slow provider do not delay the 26th', async () => {
    const pending: string[] = [];
    for (let i = 0; i < 25; i += 1) pending.push(await held());
    const last = await held();
    fast.add(last);
    const started = Date.now();
    // Settled at its first question: one poll away, however slow the 25 before it are.
    await waitFor(
      'the 26th swap settled',
      async () => (await stateOf(last)) === 'COMPLETED',
      // Twenty slow answers one after another (the old pass) take 6 s before the 26th is even read.
      3000,
    );
    console.log(`[figures] 26th swap settled ${Date.now() - started} ms after its confirm, 25 slow ones pending`);
    // The slow ones are still pending, each on its own schedule.
    for (const id of pending) expect(await stateOf(id)).toBe('IN_PROGRESS');
    // The provider catches up: every one of them settles, once.
    slowProvider = false;
    await waitFor('all settled', async () => {
      const states = await Promise.all(pending.map(stateOf));
      return states.every((s) => s === 'COMPLETED');
    });
  });
});
