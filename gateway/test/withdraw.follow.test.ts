import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { withdrawalJobs } from '../src/db/schema/index.js';
import { checkWithdrawalInvariants } from '../src/withdrawals/invariants.js';
import { createTestApp, type TestApp } from './support/app.js';
import { call, walletUser, type WalletUser } from './wallet-support.js';
import { fundViaChain, newKey, send, settled, strangerAddress, waitFor } from './withdraw-support.js';

// The withdrawal worker's background statements per send were several times the send's own: it
// followed each in-flight send every half block and rewrote its history row every time. These pin
// down once per block, and a history row rewritten only when its confirmations change.
const BLOCK_MS = 100;
const CONFIRMATIONS = 5;

let t: TestApp;
let alice: WalletUser;

beforeAll(async () => {
  t = await createTestApp({
    env: { SANDBOX_BLOCK_MS: String(BLOCK_MS), SANDBOX_CONFIRMATIONS: String(CONFIRMATIONS) },
  });
  alice = await walletUser(t, 'alice');
  await fundViaChain(t, alice, 'BTC', '0.1');
});
afterAll(async () => t?.close());
afterEach(async () => {
  await call(t, 'POST', '/dev/chain/behaviour', { confirmationMs: BLOCK_MS });
  expect(await checkWithdrawalInvariants(t.db)).toEqual([]);
});

/** How often the worker claimed the send's job: once to broadcast, then once per follow-up. */
async function claims(withdrawalId: string): Promise<number> {
  const [job] = await t.db
    .select({ attempts: withdrawalJobs.attempts })
    .from(withdrawalJobs)
    .where(eq(withdrawalJobs.withdrawalId, withdrawalId));
  return job!.attempts;
}

/** The history row's version (xmin changes with every UPDATE, even one writing the same values). */
async function historyVersion(transactionId: string) {
  const { rows } =
    (await t.db.execute(sql`select xmin::text as version, confirmations, required_confirmations as required
    from wallet_transactions where id = ${transactionId}::uuid`)) as unknown as {
      rows: { version: string; confirmations: number; required: number | null }[];
    };
  return rows[0]!;
}

describe('following an in-flight send', () => {
  it('completes with its confirmations in the history row', async () => {
    const res = await send(t, alice, {
      currency: 'BTC',
      amount: '0.001',
      depositAddress: strangerAddress('bitcoin'),
      idempotencyKey: newKey(),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await settled(t, res.body.id)).state).toBe('COMPLETED');
    expect(await historyVersion(res.body.transaction.id)).toMatchObject({
      confirmations: CONFIRMATIONS,
      required: CONFIRMATIONS,
    });
  });

  it('once per block, and the history row rewritten only when the confirmations change', async () => {
    // Blocks stop coming: the send waits at 0 confirmations while the worker keeps following it.
    await call(t, 'POST', '/dev/chain/behaviour', { confirmationMs: 3_600_000 });
    const res = await send(t, alice, {
      currency: 'BTC',
      amount: '0.001',
      depositAddress: strangerAddress('bitcoin'),
      idempotencyKey: newKey(),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const id = res.body.id as string;
    const historyId = res.body.transaction.id as string;
    // The first follow-up learns the required confirmations and writes them.
    const first = await waitFor('the first follow-up', async () => {
      const h = await historyVersion(historyId);
      return h.required === CONFIRMATIONS && (await claims(id)) >= 2 && h;
    });
    const [claimed, since] = [await claims(id), Date.now()];
    // Wait for ten more follow-ups (not for a fixed time), then compare with the blocks that passed.
    const { followed, blocks } = await waitFor('ten more follow-ups', async () => {
      const followed = (await claims(id)) - claimed;
      return followed >= 10 && { followed, blocks: (Date.now() - since) / BLOCK_MS };
    });
    // A follow-up schedules the next one a block later, so at most one per block (+1 at the window's
    // edge): ten take at least nine blocks. Following every half block, as before, took about five.
    expect(followed).toBeLessThanOrEqual(Math.floor(blocks) + 1);
    expect(await historyVersion(historyId)).toEqual(first);
    // Blocks again: the confirmations move, the row follows them, the send completes.
    await call(t, 'POST', '/dev/chain/behaviour', { confirmationMs: BLOCK_MS });
    expect((await settled(t, id)).state).toBe('COMPLETED');
    expect(await historyVersion(historyId)).toMatchObject({ confirmations: CONFIRMATIONS });
  });
});
