import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DepositReport } from '../src/chain/adapter.js';
import { sandboxAdapter, startBlockProducer } from '../src/chain/sandbox/adapter.js';
import { SandboxChain, sandboxTxHash } from '../src/chain/sandbox/chain.js';
import type { Database } from '../src/db/client.js';
import { sandboxChainTransactions } from '../src/db/schema/index.js';
import { freshDatabase } from './support/database.js';

/** The sandbox chain on its own, with a recording listener standing in for the wallet. */
let database: Database;
// Long enough that a slow machine does not see two blocks where the test expects one.
const BLOCK_MS = 150;

/**
 * Makes the next block due for these transfers without waiting for it: their last block moves back
 * past any block time used here (the database clock decides what is due, chain.ts `tick`).
 */
const blockDue = (...txHashes: string[]) =>
  database.db
    .update(sandboxChainTransactions)
    .set({ lastBlockAt: sql`now() - interval '15 seconds'` })
    .where(inArray(sandboxChainTransactions.txHash, txHashes));

/** Polls until `check` holds, failing after `ms` (a deadline, not a fixed wait). */
async function until(what: string, check: () => Promise<boolean>, ms = 10_000) {
  for (const start = Date.now(); !(await check()); await new Promise((r) => setTimeout(r, 20))) {
    if (Date.now() - start > ms) throw new Error(`timed out waiting for ${what}`);
  }
}

beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(async () => {
  await database?.close();
});

function recordingChain(opts: { fail?: (r: DepositReport) => boolean } = {}) {
  const reports: DepositReport[] = [];
  const chain = new SandboxChain(database.db, { confirmationMs: BLOCK_MS, requiredConfirmations: 3 }, { error() {} });
  const listener = async (report: DepositReport) => {
    if (opts.fail?.(report)) throw new Error('wallet unavailable');
    reports.push(report);
  };
  for (const network of ['bitcoin', 'ethereum', 'ton'] as const) sandboxAdapter(chain, network).watchDeposits(listener);
  return { chain, reports };
}

describe('sandbox chain', () => {
  it("makes hashes shaped like each network's", () => {
    expect(sandboxTxHash('bitcoin')).toMatch(/^[0-9a-f]{64}$/);
    expect(sandboxTxHash('tron')).toMatch(/^[0-9a-f]{64}$/);
    expect(sandboxTxHash('ethereum')).toMatch(/^0x[0-9a-f]{64}$/);
    expect(sandboxTxHash('ton')).toMatch(/^[0-9a-f]{64}$/);
    expect(sandboxTxHash('bitcoin')).not.toBe(sandboxTxHash('bitcoin'));
  });

  it('reports a new transfer IN_PROGRESS, then one confirmation per block, then COMPLETED', async () => {
    const { chain, reports } = recordingChain();
    // A long block time, and each block made due by moving the row's last block back past it: a slow
    // machine can neither see a block early nor two where the test expects one.
    await chain.setBehaviour({ confirmationMs: 10_000 });
    const row = await chain.receive({
      network: 'bitcoin',
      currency: 'BTC',
      address: 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu',
      amountMinor: 50_000_000n,
    });
    expect(reports).toEqual([
      expect.objectContaining({
        txHash: row.txHash,
        status: 'IN_PROGRESS',
        confirmations: 0,
        requiredConfirmations: 3,
        amountMinor: 50_000_000n,
      }),
    ]);
    expect(row.outputIndex).toBeGreaterThanOrEqual(0);
    expect(await chain.tick()).toBe(0); // not a block yet
    for (let i = 1; i <= 3; i++) {
      await blockDue(row.txHash);
      expect(await chain.tick()).toBe(1);
      expect(await chain.tick()).toBe(0); // one confirmation per block
    }
    expect(reports.map((r) => [r.confirmations, r.status])).toEqual([
      [0, 'IN_PROGRESS'],
      [1, 'IN_PROGRESS'],
      [2, 'IN_PROGRESS'],
      [3, 'COMPLETED'],
    ]);
    await blockDue(row.txHash);
    expect(await chain.tick()).toBe(0); // final rows are left alone
    await chain.setBehaviour({ confirmationMs: BLOCK_MS });
    expect(await sandboxAdapter(chain, 'bitcoin').confirmations(row.txHash)).toBe(3);
    expect((await chain.find(row.txHash))?.status).toBe('COMPLETED');
  });

  it('lets several workers tick at once without advancing a row twice in one block', async () => {
    const a = recordingChain();
    const b = recordingChain();
    const rows = await Promise.all(
      [1n, 2n, 3n, 4n].map((n) =>
        a.chain.receive({
          network: 'ethereum',
          currency: 'ETH',
          address: '0x9858EfFD232B4033E47d90003D41EC34EcaEda94',
          amountMinor: n,
        }),
      ),
    );
    // Exactly one block is due: a long block time, and the rows' last block well before it.
    await a.chain.setBehaviour({ confirmationMs: 10_000 });
    await database.db
      .update(sandboxChainTransactions)
      .set({ lastBlockAt: sql`now() - interval '15 seconds'` })
      .where(
        inArray(
          sandboxChainTransactions.txHash,
          rows.map((r) => r.txHash),
        ),
      );
    const advanced = await Promise.all([a.chain.tick(), b.chain.tick(), a.chain.tick(), b.chain.tick()]);
    await a.chain.setBehaviour({ confirmationMs: BLOCK_MS, requiredConfirmations: 3 });
    expect(advanced.reduce((x, y) => x + y, 0)).toBe(rows.length);
    for (const row of rows) expect((await a.chain.find(row.txHash))?.confirmations).toBe(1);
  });

  it('keeps a transfer due when reporting it fails, and does not hold back the others', async () => {
    let down = true;
    const { chain, reports } = recordingChain({ fail: (r) => down && r.confirmations > 0 && r.amountMinor === 7n });
    // A long block time, each block made due by hand (as above): no waiting for the clock.
    await chain.setBehaviour({ confirmationMs: 10_000 });
    const stuck = await chain.receive({
      network: 'ton',
      currency: 'TON',
      address: 'UQAzWZa6nM5mJev91wGc7VCSfBoIsYRqKJpV78N8Add9-RKY',
      amountMinor: 7n,
    });
    const fine = await chain.receive({
      network: 'ton',
      currency: 'TON',
      address: 'UQAzWZa6nM5mJev91wGc7VCSfBoIsYRqKJpV78N8Add9-RKY',
      amountMinor: 8n,
    });
    await blockDue(stuck.txHash, fine.txHash);
    await chain.tick();
    expect((await chain.find(stuck.txHash))?.confirmations).toBe(0);
    expect((await chain.find(fine.txHash))?.confirmations).toBe(1);
    down = false;
    await blockDue(stuck.txHash);
    await chain.tick();
    await chain.setBehaviour({ confirmationMs: BLOCK_MS, requiredConfirmations: 3 });
    expect((await chain.find(stuck.txHash))?.confirmations).toBe(1);
    expect(reports.filter((r) => r.txHash === stuck.txHash).map((r) => r.confirmations)).toEqual([0, 1]);
  });

  it('persists its pace and applies a new block time to pending transfers', async () => {
    const { chain } = recordingChain();
    expect(await chain.behaviour()).toEqual({ confirmationMs: BLOCK_MS, requiredConfirmations: 3 });
    expect(await chain.setBehaviour({ requiredConfirmations: 1 })).toEqual({
      confirmationMs: BLOCK_MS,
      requiredConfirmations: 1,
    });
    const row = await chain.receive({
      network: 'bitcoin',
      currency: 'BTC',
      address: 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu',
      amountMinor: 1n,
    });
    expect(row.requiredConfirmations).toBe(1);
    await chain.setBehaviour({ confirmationMs: 60_000 });
    // Due at the old block time (its last block 15 s ago), not at the new one.
    await blockDue(row.txHash);
    expect(await chain.tick()).toBe(0); // slowed down: the next block is a minute away
    // Another instance reads the same persisted pace.
    expect(await recordingChain().chain.behaviour()).toEqual({ confirmationMs: 60_000, requiredConfirmations: 1 });
    await chain.setBehaviour({ confirmationMs: BLOCK_MS, requiredConfirmations: 3 });
  });

  it('produces blocks on a timer until stopped', async () => {
    const { chain, reports } = recordingChain();
    const producer = startBlockProducer(chain, { maxTickMs: 20 });
    const row = await chain.receive({
      network: 'bitcoin',
      currency: 'BTC',
      address: 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu',
      amountMinor: 2n,
    });
    await until(
      'the transfer to complete on the timer',
      async () => (await chain.find(row.txHash))?.status === 'COMPLETED',
    );
    await producer.stop();
    expect(reports.filter((r) => r.txHash === row.txHash).at(-1)).toMatchObject({
      status: 'COMPLETED',
      confirmations: 3,
    });
    const [stored] = await database.db
      .select()
      .from(sandboxChainTransactions)
      .where(eq(sandboxChainTransactions.txHash, row.txHash));
    expect(stored?.amount).toBe('2');
  });

  it('will not record a transfer nobody watches', async () => {
    const chain = new SandboxChain(database.db, { confirmationMs: BLOCK_MS, requiredConfirmations: 3 });
    await expect(
      chain.receive({
        network: 'dogecoin',
        currency: 'DOGE',
        address: 'DBus3bamQjgJULBJtYXpEzDWQRwF5iwxgC',
        amountMinor: 1n,
      }),
    ).rejects.toThrow(/nobody watches/);
  });
});
