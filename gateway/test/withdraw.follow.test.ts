import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../src/db/schema/index.js';
import { checkWithdrawalInvariants } from '../src/withdrawals/invariants.js';
import { createTestApp, type TestApp } from './support/app.js';
import { call, walletUser, type WalletUser } from './wallet-support.js';
import { fundViaChain, newKey, send, settled, strangerAddress, waitFor } from './withdraw-support.js';

// The withdrawal worker's background statements per send were several times the send's own: it
// followed each in-flight send every half block, then once per block, each send on its own. These pin
// down one follow-up per network per block for all its sends, a send's own job claimed only to
// broadcast it, and a history row rewritten only when its confirmations change.
const BLOCK_MS = 100;
const CONFIRMATIONS = 5;

let t: TestApp;
let alice: WalletUser;

beforeAll(async () => {
  t = await createTestApp({
    env: {
      SANDBOX_BLOCK_MS: String(BLOCK_MS),
      SANDBOX_CONFIRMATIONS: String(CONFIRMATIONS),
      WITHDRAWAL_POLL_MS: '25',
      WITHDRAWAL_FOLLOW_MS: String(BLOCK_MS),
    },
  });
  alice = await walletUser(t, 'alice');
  await fundViaChain(t, alice, 'BTC', '0.1');
});
afterAll(async () => t?.close());
afterEach(async () => {
  await call(t, 'POST', '/dev/chain/behaviour', { confirmationMs: BLOCK_MS });
  expect(await checkWithdrawalInvariants(t.db)).toEqual([]);
});

/** How often a job was claimed: a send's own (key: its id), or a network's follow-up (key: the network). */
async function claims(kind: 'withdrawal' | 'withdrawal-follow', key: string): Promise<number> {
  const [job] = await t.db
    .select({ attempts: jobs.attempts })
    .from(jobs)
    .where(and(eq(jobs.kind, kind), eq(jobs.key, key)));
  return job?.attempts ?? 0;
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

  it('once per block for all sends of the network, and the history rows rewritten only when their confirmations change', async () => {
    // Blocks stop coming: the sends wait at 0 confirmations while the worker keeps following them.
    await call(t, 'POST', '/dev/chain/behaviour', { confirmationMs: 3_600_000 });
    const sent: { id: string; historyId: string }[] = [];
    for (let i = 0; i < 3; i += 1) {
      const res = await send(t, alice, {
        currency: 'BTC',
        amount: '0.001',
        depositAddress: strangerAddress('bitcoin'),
        idempotencyKey: newKey(),
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      sent.push({ id: res.body.id as string, historyId: res.body.transaction.id as string });
    }
    // The first follow-up after each broadcast learns the required confirmations and writes them.
    const first = await waitFor('the first follow-ups', async () => {
      const rows = await Promise.all(sent.map((s) => historyVersion(s.historyId)));
      return rows.every((h) => h.required === CONFIRMATIONS) && rows;
    });
    const [claimed, since] = [await claims('withdrawal-follow', 'bitcoin'), Date.now()];
    // Wait for ten more follow-ups of the network (not for a fixed time), then compare with the blocks that passed.
    const { followed, blocks } = await waitFor('ten more follow-ups', async () => {
      const followed = (await claims('withdrawal-follow', 'bitcoin')) - claimed;
      return followed >= 10 && { followed, blocks: (Date.now() - since) / BLOCK_MS };
    });
    // The follow-up's lease is one block, so at most one per block (+1 at the window's edge), for all
    // three sends together; each send's own job was claimed once, to broadcast it, and not since.
    expect(followed).toBeLessThanOrEqual(Math.floor(blocks) + 1);
    for (const s of sent) expect(await claims('withdrawal', s.id)).toBe(1);
    expect(await Promise.all(sent.map((s) => historyVersion(s.historyId)))).toEqual(first);
    // Blocks again: the confirmations move, the rows follow them, the sends complete.
    await call(t, 'POST', '/dev/chain/behaviour', { confirmationMs: BLOCK_MS });
    for (const s of sent) {
      expect((await settled(t, s.id)).state).toBe('COMPLETED');
      expect(await historyVersion(s.historyId)).toMatchObject({ confirmations: CONFIRMATIONS });
    }
  });
});
