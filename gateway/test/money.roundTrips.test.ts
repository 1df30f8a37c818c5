import { randomBytes, randomUUID } from 'node:crypto';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deriveDepositAddress, type Network } from '../src/chain/addresses.js';
import type { Database, Db } from '../src/db/client.js';
import { and, eq } from 'drizzle-orm';
import * as schema from '../src/db/schema/index.js';
import { accounts, jobs, users, walletTransactions, withdrawals } from '../src/db/schema/index.js';
import { ensureSystemAccount, ensureUserAccount } from '../src/ledger/accounts.js';
import { transfer } from '../src/ledger/transfers.js';
import { confirmSwapOrder } from '../src/swap/confirm.js';
import type { LiquidityProvider } from '../src/swap/provider.js';
import { createWithdrawal, type WithdrawalRequest } from '../src/withdrawals/create.js';
import { recordBroadcast } from '../src/withdrawals/settle.js';
import { createTestApp, type TestApp } from './support/app.js';
import { freshDatabase } from './support/database.js';
import { newKey as newSwapKey, order } from './swap-support.js';
import { addAsset, call, fund, walletUser, type WalletUser } from './wallet-support.js';
import { balanceOf, historyOf, newKey, strangerAddress, withdrawalRow } from './withdraw-support.js';

/**
 * Round trips of the money paths, the largest share of their cost under load (docs/performance.md
 * "Where the time goes (money)"): an external send's writes are one call of withdrawal_open (migration 0012, seven round trips
 * before), a swap's two legs one call of swap_legs (0013, six before). Each runs here through a
 * drizzle handle of its own over the app's database, which logs what it sends: the app's background
 * workers use the app's handle, so only this request's statements are counted.
 */
let t: TestApp;
let alice: WalletUser;
const logged: string[] = [];
let db: Db;

/** A drizzle handle over the database's own client that logs every statement it sends into `logged`. */
function drizzleOver(database: Database): Db {
  logged.length = 0;
  const logger = { logQuery: (query: string) => void logged.push(query) };
  const client = (database.db as unknown as { $client: never }).$client;
  return (database.kind === 'postgres'
    ? drizzlePg(client, { schema, logger })
    : drizzlePglite(client, { schema, logger })) as unknown as Db;
}

beforeAll(async () => {
  // Blocks far apart: the send stays IN_PROGRESS while the test looks at it.
  t = await createTestApp({ env: { SANDBOX_BLOCK_MS: '60000', SANDBOX_CONFIRMATIONS: '2' } });
  alice = await walletUser(t, 'alice');
  await fund(t, alice, 'BTC', 10_000_000n);
  db = drizzleOver(t.database);
}, 120_000);
afterAll(async () => t?.close());

const request = (over: Partial<WithdrawalRequest> = {}): WithdrawalRequest => ({
  userId: alice.id,
  accountId: alice.account,
  currency: 'BTC',
  amount: '0.001',
  depositAddress: strangerAddress('bitcoin'),
  idempotencyKey: newKey(),
  ...over,
});
const deps = () => ({ db, config: t.config, canBroadcast: () => true });

describe('an external send', () => {
  it('is two statements: the address owner lookup and withdrawal_open', async () => {
    logged.length = 0;
    const created = await createWithdrawal(deps(), request());
    expect(logged).toHaveLength(2);
    expect(logged[0]).toMatch(/"deposit_addresses"/);
    expect(logged[1]).toMatch(/from withdrawal_open\(/);
    // What the route answers with, and what the worker needs, all came back from that one call.
    expect(created.replayed).toBe(false);
    expect(created.withdrawal).toMatchObject({
      kind: 'EXTERNAL',
      state: 'IN_PROGRESS',
      amount: 100_000n,
      fee: expect.any(BigInt),
    });
    expect(created.withdrawal.holdTransferId).toEqual(expect.any(Number));
    expect(created.withdrawal.feeHoldTransferId).toEqual(expect.any(Number));
    expect(created.history).toMatchObject({
      id: created.withdrawal.walletTransactionId,
      state: 'IN_PROGRESS',
      direction: 'WITHDRAWAL',
      amount: 100_000n,
    });
    expect(created.history!.fromAddress).toEqual(expect.any(String));
    expect(await withdrawalRow(t, created.withdrawal.id)).toMatchObject({
      holdTransferId: created.withdrawal.holdTransferId,
    });
    expect((await historyOf(t, alice)).some((h) => h.id === created.history!.id)).toBe(true);
  });

  it('a replay is one call too, answered from the first row, and holds nothing more', async () => {
    const body = request();
    const first = await createWithdrawal(deps(), body);
    const before = await balanceOf(t, alice, 'BTC');
    logged.length = 0;
    const again = await createWithdrawal(deps(), body);
    expect(logged).toHaveLength(2);
    expect(again).toMatchObject({ replayed: true, withdrawal: { id: first.withdrawal.id } });
    expect(await balanceOf(t, alice, 'BTC')).toEqual(before);
    await expect(createWithdrawal(deps(), { ...body, amount: '0.002' })).rejects.toMatchObject({
      code: 'IDEMPOTENCY_CONFLICT',
    });
  });

  it('more than the balance is NOT_ENOUGH_FUNDS and leaves no withdrawal, hold or history behind', async () => {
    const before = await balanceOf(t, alice, 'BTC');
    const rows = (await historyOf(t, alice)).length;
    const body = request({ amount: '5' });
    await expect(createWithdrawal(deps(), body)).rejects.toMatchObject({ code: 'NOT_ENOUGH_FUNDS', field: 'amount' });
    expect(await balanceOf(t, alice, 'BTC')).toEqual(before);
    expect((await historyOf(t, alice)).length).toBe(rows);
    // The key is still free: nothing was written under it.
    const retried = await createWithdrawal(deps(), { ...body, amount: '0.001' });
    expect(retried.replayed).toBe(false);
  });
});

describe('a swap confirm', () => {
  // The provider's answer is the test's: the app's sandbox provider is not what is counted here.
  const provider = {
    settlesAsynchronously: () => false,
    execute: async () => ({ ok: true }),
  } as unknown as LiquidityProvider;
  const seed = randomBytes(32);
  const confirmDeps = () => ({
    db,
    config: t.config,
    provider,
    derive: (network: Network, index: number) => deriveDepositAddress(seed, network, index),
  });
  const newOrder = async (sourceAmount = '0.001', destinationCurrency = 'USDT_TRX') => {
    const res = await order(t, alice, {
      sourceCurrency: 'BTC',
      destinationCurrency,
      sourceAmount,
      idempotencyKey: newSwapKey(),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.id as string;
  };

  const assetsOf = async () =>
    (await call(t, 'GET', `/b2c-wallet/${alice.account}/asset`, undefined, alice.token)).body as {
      currency: string;
      depositAddress: string | null;
    }[];

  it('is one call of swap_hold inside its transaction, then one of swap_settle after the provider answered, with its notification', async () => {
    await addAsset(t, alice, 'USDT_TRX');
    const id = await newOrder();
    logged.length = 0;
    const done = await confirmSwapOrder(confirmDeps(), { accountId: alice.account, orderId: id });
    expect(done.state).toBe('COMPLETED');
    // BEGIN and COMMIT are logged by the node-postgres driver only.
    const statements = logged.filter((q) => !/^(begin|commit)\b/i.test(q));
    expect(statements).toHaveLength(4);
    expect(statements[0]).toMatch(/from swap_hold\(/);
    expect(statements[1]).toMatch(/from swap_settle\(/);
    // Then, in the settlement's transaction, its notification (issue 24): the history row it points at and
    // the outbox row with its jobs, one statement.
    expect(statements[2]).toMatch(/from wallet_transactions/);
    expect(statements[3]).toMatch(/insert into "?notifications"?/i);
    expect(done.sourceTransferId).toEqual(expect.any(Number));
    expect(done.destinationTransferId).toEqual(expect.any(Number));
    const rows = await t.db.select().from(walletTransactions).where(eq(walletTransactions.swapOrderId, id));
    expect(rows.map((r) => `${r.direction} ${r.currency} ${r.state} ${r.ledgerTransferId}`).sort()).toEqual([
      `DEPOSIT USDT_TRX COMPLETED ${done.destinationTransferId}`,
      `WITHDRAWAL BTC COMPLETED ${done.sourceTransferId}`,
    ]);
    // A repeat answers the same order and moves nothing.
    const before = await balanceOf(t, alice, 'BTC');
    expect(await confirmSwapOrder(confirmDeps(), { accountId: alice.account, orderId: id })).toMatchObject({
      id,
      state: 'COMPLETED',
      sourceTransferId: done.sourceTransferId,
    });
    expect(await balanceOf(t, alice, 'BTC')).toEqual(before);
  });

  it('a provider refusal voids the hold and leaves the order FAILED with FAILED history', async () => {
    const refusing = {
      settlesAsynchronously: () => false,
      execute: async () => ({ ok: false, reason: 'no liquidity' }),
    } as unknown as LiquidityProvider;
    const id = await newOrder();
    const before = await balanceOf(t, alice, 'BTC');
    const usdt = await balanceOf(t, alice, 'USDT_TRX');
    const failed = await confirmSwapOrder(
      { ...confirmDeps(), provider: refusing },
      { accountId: alice.account, orderId: id },
    );
    expect(failed).toMatchObject({
      id,
      state: 'FAILED',
      failureReason: 'no liquidity',
      sourceTransferId: null,
      destinationTransferId: null,
    });
    expect(await balanceOf(t, alice, 'BTC')).toEqual(before);
    expect(await balanceOf(t, alice, 'USDT_TRX')).toEqual(usdt);
    const rows = await t.db.select().from(walletTransactions).where(eq(walletTransactions.swapOrderId, id));
    expect(rows.map((r) => `${r.direction} ${r.state} ${r.ledgerTransferId}`).sort()).toEqual([
      'DEPOSIT FAILED null',
      'WITHDRAWAL FAILED null',
    ]);
    // Settled as FAILED: a later confirm answers it and asks no provider.
    expect((await confirmSwapOrder(confirmDeps(), { accountId: alice.account, orderId: id })).state).toBe('FAILED');
  });

  it('into an asset the user never added: it becomes visible with a deposit address derived by the gateway', async () => {
    expect((await assetsOf()).map((a) => a.currency)).not.toContain('ETH');
    const done = await confirmSwapOrder(confirmDeps(), {
      accountId: alice.account,
      orderId: await newOrder('0.001', 'ETH'),
    });
    expect(done.state).toBe('COMPLETED');
    expect((await assetsOf()).find((a) => a.currency === 'ETH')?.depositAddress).toMatch(/^0x[0-9a-fA-F]{40}$/);
  });

  const fundAgain = () => fund(t, alice, 'BTC', 10_000_000n);

  it('not enough funds rolls both legs back and is NOT_ENOUGH_FUNDS; the order stays open', async () => {
    const before = await balanceOf(t, alice, 'BTC');
    const id = await newOrder('0.09');
    await createWithdrawal(deps(), request({ amount: '0.05' }));
    const afterSend = await balanceOf(t, alice, 'BTC');
    await expect(confirmSwapOrder(confirmDeps(), { accountId: alice.account, orderId: id })).rejects.toMatchObject({
      code: 'NOT_ENOUGH_FUNDS',
    });
    expect(await balanceOf(t, alice, 'BTC')).toEqual(afterSend);
    expect(afterSend).not.toEqual(before);
    // Still open: with the money back, the same order goes through.
    await fundAgain();
    expect((await confirmSwapOrder(confirmDeps(), { accountId: alice.account, orderId: id })).state).toBe('COMPLETED');
  });
});

describe("the worker's record of a broadcast", () => {
  // A database no app runs on: no worker claims the send meanwhile, so its job is the test's alone.
  let bare: Database;
  beforeAll(async () => {
    bare = await freshDatabase();
  });
  afterAll(async () => bare?.close());

  it('is one statement: the hash on the withdrawal and its history row, and the first follow-up scheduled; the first hash wins', async () => {
    const [user] = await bare.db
      .insert(users)
      .values({ email: `broadcast-${randomUUID()}@example.com` })
      .returning();
    const [account] = await bare.db.insert(accounts).values({ userId: user!.id, name: 'Broadcast' }).returning();
    const own = await ensureUserAccount(bare.db, account!.id, 'BTC');
    const world = await ensureSystemAccount(bare.db, 'BTC', 'test-world');
    await transfer(bare.db, {
      debitAccountId: world.id,
      creditAccountId: own.id,
      amount: 10_000_000n,
      currency: 'BTC',
    });
    const { withdrawal } = await createWithdrawal(
      { db: bare.db, config: t.config, canBroadcast: () => true },
      request({ userId: user!.id, accountId: account!.id }),
    );
    const logging = drizzleOver(bare);
    await recordBroadcast(logging, withdrawal, 'hash-1', undefined, 60_000);
    expect(logged).toHaveLength(1);
    const read = async () => ({
      withdrawal: (await bare.db.select().from(withdrawals).where(eq(withdrawals.id, withdrawal.id)))[0]!,
      history: (
        await bare.db
          .select()
          .from(walletTransactions)
          .where(eq(walletTransactions.id, withdrawal.walletTransactionId!))
      )[0]!,
      job: (
        await bare.db
          .select()
          .from(jobs)
          .where(and(eq(jobs.kind, 'withdrawal'), eq(jobs.key, withdrawal.id)))
      )[0]!,
    });
    const first = await read();
    expect(first.withdrawal.txHash).toBe('hash-1');
    expect(first.history.hash).toBe('hash-1');
    expect(first.job.runAt.getTime() - Date.now()).toBeGreaterThan(50_000);
    // Recorded again (a follow-up that finds it on the chain): nothing is overwritten or rescheduled.
    await recordBroadcast(logging, withdrawal, 'hash-2', 19);
    const second = await read();
    expect(second.withdrawal.txHash).toBe('hash-1');
    expect(second.history.hash).toBe('hash-1');
    expect(second.job.runAt).toEqual(first.job.runAt);
  });
});
