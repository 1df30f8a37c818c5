import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkWithdrawalInvariants } from '../src/withdrawals/invariants.js';
import { ledgerAccounts, ledgerTransfers, withdrawals } from '../src/db/schema/index.js';
import { createTestApp, type TestApp } from './support/app.js';
import { walletUser, type WalletUser } from './wallet-support.js';
import {
  FAST_CHAIN,
  balanceOf,
  broadcastsOf,
  fundViaChain,
  newKey,
  send,
  settled,
  strangerAddress,
} from './withdraw-support.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: FAST_CHAIN });
});
afterAll(async () => t?.close());
afterEach(async () => expect(await checkWithdrawalInvariants(t.db)).toEqual([]));

const p = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;

/** The lowest available balance of the user's ledger account seen while `work` runs (raw minor units). */
async function watchAvailable(u: WalletUser, currency: string, work: Promise<unknown>) {
  let lowest: bigint | undefined;
  let samples = 0;
  let done = false;
  void work.finally(() => {
    done = true;
  });
  while (!done) {
    const [row] = await t.db
      .select({ a: sql<string>`(credits_posted - debits_posted - debits_pending)::text` })
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.ownerAccountId, u.account), eq(ledgerAccounts.currency, currency)));
    const value = BigInt(row!.a);
    if (lowest === undefined || value < lowest) lowest = value;
    samples += 1;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  await work;
  return { lowest: lowest!, samples };
}

describe('withdrawals under concurrency (guide §8 items 1 and 3)', () => {
  it('200 concurrent withdrawals against one balance: exactly the affordable number succeed, the rest get a clean 400', async () => {
    const u = await walletUser(t, 'crowd');
    await fundViaChain(t, u, 'BTC', '0.01');
    // 0.0003 + 0.00002 fee = 0.00032 each: 0.01 covers 31 of them (0.00992), leaving 0.00008.
    const N = 200;
    const timings: number[] = [];
    const requests = Promise.all(
      Array.from({ length: N }, async () => {
        const started = performance.now();
        const res = await send(t, u, {
          currency: 'BTC',
          amount: '0.0003',
          depositAddress: strangerAddress('bitcoin'),
          idempotencyKey: newKey(),
        });
        timings.push(performance.now() - started);
        return res;
      }),
    );
    const { lowest, samples } = await watchAvailable(u, 'BTC', requests);
    const results = await requests;
    const ok = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status !== 200);
    expect(results.filter((r) => r.status >= 500)).toEqual([]);
    expect(ok).toHaveLength(31);
    for (const r of refused) {
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ code: 'NOT_ENOUGH_FUNDS', field: 'amount' });
    }
    expect(lowest >= 0n).toBe(true);
    expect((await balanceOf(t, u, 'BTC')).available).toBe('0.00008');

    for (const r of ok) expect((await settled(t, r.body.id)).state).toBe('COMPLETED');
    for (const r of ok) expect(await broadcastsOf(t, r.body.id)).toBe(1);
    expect(await balanceOf(t, u, 'BTC')).toEqual({ available: '0.00008', onHold: '0' });
    timings.sort((a, b) => a - b);
    console.log(
      `[figures] ${t.database.kind}: 200 concurrent withdrawals: ${ok.length} succeeded, ${refused.length} refused (NOT_ENOUGH_FUNDS), 0 5xx; ` +
        `lowest available in ${samples} samples during the run ${lowest} sat; latency p50 ${p(timings, 0.5).toFixed(0)} ms, p99 ${p(timings, 0.99).toFixed(0)} ms`,
    );
  }, 120_000);

  it('the same key 100 times at once: one withdrawal, one hold, the same reply to all', async () => {
    const u = await walletUser(t, 'twins');
    await fundViaChain(t, u, 'ETH', '1');
    const body = {
      currency: 'ETH',
      amount: '0.05',
      depositAddress: strangerAddress('ethereum'),
      idempotencyKey: newKey(),
    };
    const started = performance.now();
    const results = await Promise.all(Array.from({ length: 100 }, () => send(t, u, body)));
    const ms = performance.now() - started;
    expect(results.map((r) => r.status)).toEqual(Array(100).fill(200));
    const ids = new Set(results.map((r) => r.body.id));
    expect(ids.size).toBe(1);
    expect(results.filter((r) => r.headers['idempotent-replayed'] !== 'true')).toHaveLength(1);
    for (const r of results)
      expect({ ...r.body, state: 0, txHash: 0, transaction: 0 }).toEqual({
        ...results[0]!.body,
        state: 0,
        txHash: 0,
        transaction: 0,
      });
    const [id] = [...ids];
    const [rows] = await t.db
      .select({ n: count() })
      .from(withdrawals)
      .where(eq(withdrawals.idempotencyKey, body.idempotencyKey));
    expect(Number(rows!.n)).toBe(1);
    const [holds] = await t.db
      .select({ n: count() })
      .from(ledgerTransfers)
      .where(
        and(
          eq(ledgerTransfers.kind, 'pending'),
          sql`${ledgerTransfers.reference} in (${`withdrawal ${id}`}, ${`withdrawal fee ${id}`})`,
        ),
      );
    expect(Number(holds!.n)).toBe(2); // amount and fee
    expect(await balanceOf(t, u, 'ETH')).toEqual({ available: '0.9496', onHold: '0.0504' });

    // Same key, different body, 20 at once: all refused, nothing moves.
    const conflicts = await Promise.all(
      Array.from({ length: 20 }, (_, i) => send(t, u, { ...body, amount: `0.0${i + 6}` })),
    );
    expect(conflicts.map((r) => r.status)).toEqual(Array(20).fill(409));
    expect((await settled(t, id!)).state).toBe('COMPLETED');
    expect(await broadcastsOf(t, id!)).toBe(1);
    expect(await balanceOf(t, u, 'ETH')).toEqual({ available: '0.9496', onHold: '0' });
    console.log(
      `[figures] ${t.database.kind}: same key 100× at once: 1 withdrawal, 1 hold (+1 fee hold), 100 identical replies in ${ms.toFixed(0)} ms; 20 conflicting bodies → 409`,
    );
  }, 60_000);
});
