import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.js';
import * as schema from '../src/db/schema/index.js';
import { createWithdrawal, type WithdrawalRequest } from '../src/withdrawals/create.js';
import { createTestApp, type TestApp } from './support/app.js';
import { fund, walletUser, type WalletUser } from './wallet-support.js';
import { balanceOf, historyOf, newKey, strangerAddress, withdrawalRow } from './withdraw-support.js';

/**
 * An external send's writes are one call of withdrawal_open (migration 0012): they were seven round
 * trips, the largest share of a send's cost under load (README "Where the time goes"). The send runs
 * here through a drizzle handle of its own over the app's database, which logs what it sends: the
 * app's background workers use the app's handle, so only this send's statements are counted.
 */
let t: TestApp;
let alice: WalletUser;
let logged: string[];
let db: Db;

beforeAll(async () => {
  // Blocks far apart: the send stays IN_PROGRESS while the test looks at it.
  t = await createTestApp({ env: { SANDBOX_BLOCK_MS: '60000', SANDBOX_CONFIRMATIONS: '2' } });
  alice = await walletUser(t, 'alice');
  await fund(t, alice, 'BTC', 10_000_000n);
  logged = [];
  const logger = { logQuery: (query: string) => void logged.push(query) };
  const client = (t.db as unknown as { $client: never }).$client;
  db = (t.database.kind === 'postgres' ? drizzlePg(client, { schema, logger }) : drizzlePglite(client, { schema, logger })) as unknown as Db;
}, 120_000);
afterAll(async () => t?.close());

const request = (over: Partial<WithdrawalRequest> = {}): WithdrawalRequest => ({
  userId: alice.id, accountId: alice.account, currency: 'BTC', amount: '0.001', depositAddress: strangerAddress('bitcoin'), idempotencyKey: newKey(), ...over,
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
    expect(created.withdrawal).toMatchObject({ kind: 'EXTERNAL', state: 'IN_PROGRESS', amount: 100_000n, fee: expect.any(BigInt) });
    expect(created.withdrawal.holdTransferId).toEqual(expect.any(Number));
    expect(created.withdrawal.feeHoldTransferId).toEqual(expect.any(Number));
    expect(created.history).toMatchObject({ id: created.withdrawal.walletTransactionId, state: 'IN_PROGRESS', direction: 'WITHDRAWAL', amount: 100_000n });
    expect(created.history!.fromAddress).toEqual(expect.any(String));
    expect(await withdrawalRow(t, created.withdrawal.id)).toMatchObject({ holdTransferId: created.withdrawal.holdTransferId });
    expect((await historyOf(t, alice)).some((h: { id: string }) => h.id === created.history!.id)).toBe(true);
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
    await expect(createWithdrawal(deps(), { ...body, amount: '0.002' })).rejects.toMatchObject({ code: 'IDEMPOTENCY_CONFLICT' });
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
