import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerTransfers, walletTransactions } from '../src/db/schema/index.js';
import { checkLedgerInvariants } from '../src/ledger/invariants.js';
import { formatAmount, parseAmount } from '../src/wallet/amounts.js';
import { findAccountByAddress, reportDeposit, UnknownAddressError } from '../src/wallet/deposits.js';
import { createTestApp, type TestApp } from './support/app.js';
import { addAsset, assets, call, depositReport, fakeHash, walletUser, type WalletUser } from './wallet-support.js';

let t: TestApp;
let alice: WalletUser;
let btcAddress: string;

const balance = async (u: WalletUser, currency: string) =>
  (await assets(t, u)).find((a) => a.currency === currency)?.totalAvailable;
const history = async (u: WalletUser) =>
  (await call(t, 'POST', `/b2c-wallet/${u.account}/asset/transactions`, {}, u.token)).body.content as {
    id: string;
    state: string;
    amount: string;
    confirmations: number;
  }[];
const transfersFor = async (txId: string) => {
  const [row] = await t.db.select().from(walletTransactions).where(eq(walletTransactions.id, txId));
  const [n] = await t.db
    .select({ n: count() })
    .from(ledgerTransfers)
    .where(eq(ledgerTransfers.reference, `deposit ${txId}`));
  return { row: row!, transfers: Number(n!.n) };
};

beforeAll(async () => {
  t = await createTestApp();
  alice = await walletUser(t, 'alice');
  btcAddress = (await addAsset(t, alice, 'BTC')).depositAddress!;
});
afterAll(async () => t?.close());

describe('reportDeposit', () => {
  it('shows IN_PROGRESS at once, credits once on COMPLETED, ignores repeats', async () => {
    const base = depositReport({ currency: 'BTC', address: btcAddress, amountMinor: 50_000_000n });
    const first = await reportDeposit(t.db, base);
    expect(first.credited).toBe(false);
    expect(await history(alice)).toMatchObject([{ id: first.transactionId, state: 'IN_PROGRESS', amount: '0.5' }]);
    expect(await balance(alice, 'BTC')).toBe('0');

    const done = await reportDeposit(t.db, { ...base, confirmations: 2, status: 'COMPLETED' });
    expect(done).toEqual({ transactionId: first.transactionId, credited: true });
    for (let i = 0; i < 5; i += 1) {
      expect(await reportDeposit(t.db, { ...base, confirmations: 3 + i, status: 'COMPLETED' })).toEqual({
        transactionId: first.transactionId,
        credited: false,
      });
    }
    expect(await balance(alice, 'BTC')).toBe('0.5');
    expect((await transfersFor(first.transactionId)).transfers).toBe(1);
  });

  it('never regresses: IN_PROGRESS after COMPLETED keeps it completed and credited once', async () => {
    const before = await balance(alice, 'BTC');
    const base = depositReport({ currency: 'BTC', address: btcAddress, amountMinor: 1n });
    const done = await reportDeposit(t.db, { ...base, confirmations: 2, status: 'COMPLETED' });
    expect(done.credited).toBe(true);
    const late = await reportDeposit(t.db, { ...base, confirmations: 1, status: 'IN_PROGRESS' });
    expect(late).toEqual({ transactionId: done.transactionId, credited: false });
    const { row, transfers } = await transfersFor(done.transactionId);
    expect(row.state).toBe('COMPLETED');
    expect(row.confirmations).toBe(2);
    expect(row.completedAt).toBeInstanceOf(Date);
    expect(transfers).toBe(1);
    expect(await balance(alice, 'BTC')).toBe(formatAmount(parseAmount(before, { decimals: 8 }) + 1n, 8));
  });

  it('20 concurrent duplicate COMPLETED reports credit exactly once', async () => {
    const bob = await walletUser(t, 'bob');
    const address = (await addAsset(t, bob, 'ETH')).depositAddress!;
    const report = depositReport({
      currency: 'ETH',
      address,
      amountMinor: 123_000_000_000_000_000n,
      confirmations: 12,
      requiredConfirmations: 12,
      status: 'COMPLETED',
    });
    const results = await Promise.all(Array.from({ length: 20 }, () => reportDeposit(t.db, report)));
    expect(new Set(results.map((r) => r.transactionId)).size).toBe(1);
    expect(results.filter((r) => r.credited)).toHaveLength(1);
    expect(await balance(bob, 'ETH')).toBe('0.123');
    expect((await transfersFor(results[0]!.transactionId)).transfers).toBe(1);
  });

  it('20 concurrent mixed IN_PROGRESS/COMPLETED reports end COMPLETED, credited once', async () => {
    const carol = await walletUser(t, 'carol');
    const address = (await addAsset(t, carol, 'TRX')).depositAddress!;
    const base = depositReport({ currency: 'TRX', address, amountMinor: 7_000_000n, requiredConfirmations: 19 });
    const reports = Array.from({ length: 20 }, (_, i) => ({
      ...base,
      confirmations: i,
      status: i % 3 === 0 ? ('COMPLETED' as const) : ('IN_PROGRESS' as const),
    }));
    const results = await Promise.all(reports.reverse().map((r) => reportDeposit(t.db, r)));
    expect(results.filter((r) => r.credited)).toHaveLength(1);
    const { row } = await transfersFor(results[0]!.transactionId);
    expect(row.state).toBe('COMPLETED');
    expect(row.confirmations).toBe(19);
    expect(await balance(carol, 'TRX')).toBe('7');
  });

  it('a FAILED deposit is shown but never credited; a later IN_PROGRESS does not revive it', async () => {
    const base = depositReport({ currency: 'BTC', address: btcAddress, amountMinor: 999n });
    const failed = await reportDeposit(t.db, { ...base, status: 'FAILED' });
    await reportDeposit(t.db, { ...base, status: 'IN_PROGRESS', confirmations: 1 });
    const { row, transfers } = await transfersFor(failed.transactionId);
    expect(row.state).toBe('FAILED');
    expect(transfers).toBe(0);
  });

  it('each output of one transaction is its own deposit', async () => {
    const dave = await walletUser(t, 'dave');
    const address = (await addAsset(t, dave, 'DOGE')).depositAddress!;
    const txHash = fakeHash();
    const outputs = [0, 1, 2].map((outputIndex) =>
      depositReport({ currency: 'DOGE', address, txHash, outputIndex, amountMinor: 100_000_000n, status: 'COMPLETED' }),
    );
    const results = await Promise.all([...outputs, ...outputs].map((r) => reportDeposit(t.db, r)));
    expect(new Set(results.map((r) => r.transactionId)).size).toBe(3);
    expect(results.filter((r) => r.credited)).toHaveLength(3);
    expect(await balance(dave, 'DOGE')).toBe('3');
  });

  it('finds the owner whatever form the address is written in, and a token deposit shows the token asset', async () => {
    const erin = await walletUser(t, 'erin');
    const eth = (await addAsset(t, erin, 'ETH')).depositAddress!;
    expect((await findAccountByAddress(t.db, 'USDT_ETH', eth.toLowerCase()))?.accountId).toBe(erin.account);
    expect(await findAccountByAddress(t.db, 'TRX', eth)).toBeUndefined();
    // USDT was never added: money arriving makes it appear.
    await reportDeposit(
      t.db,
      depositReport({
        currency: 'USDT_ETH',
        address: eth.toUpperCase().replace(/^0X/, '0x'),
        amountMinor: 25_500_000n,
        status: 'COMPLETED',
      }),
    );
    expect(await assets(t, erin)).toContainEqual(
      expect.objectContaining({ currency: 'USDT_ETH', totalAvailable: '25.5', depositAddress: eth, isToken: true }),
    );
  });

  it('refuses an address that belongs to no account, with a typed error and no row', async () => {
    const before = await t.db.select({ n: count() }).from(walletTransactions);
    const unknown = depositReport({
      currency: 'BTC',
      address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
      status: 'COMPLETED',
    });
    await expect(reportDeposit(t.db, unknown)).rejects.toBeInstanceOf(UnknownAddressError);
    await expect(reportDeposit(t.db, unknown)).rejects.toMatchObject({
      kind: 'invalid',
      code: 'UNKNOWN_ADDRESS',
      field: 'address',
    });
    expect(await t.db.select({ n: count() }).from(walletTransactions)).toEqual(before);
  });

  it('refuses malformed reports', async () => {
    await expect(reportDeposit(t.db, depositReport({ currency: 'NOPE', address: btcAddress }))).rejects.toMatchObject({
      code: 'UNKNOWN_CURRENCY',
    });
    await expect(
      reportDeposit(t.db, depositReport({ currency: 'BTC', address: btcAddress, amountMinor: 0n })),
    ).rejects.toMatchObject({ code: 'INVALID_AMOUNT' });
    await expect(
      reportDeposit(t.db, depositReport({ currency: 'BTC', address: btcAddress, outputIndex: -1 })),
    ).rejects.toMatchObject({ kind: 'invalid' });
  });

  it('concurrent deposits to one account, racing archive and re-add, keep the books and the balance', async () => {
    const frank = await walletUser(t, 'frank');
    const address = (await addAsset(t, frank, 'LTC')).depositAddress!;
    const url = `/b2c-wallet/${frank.account}/account/currency`;
    const work: Promise<unknown>[] = [];
    for (let i = 0; i < 30; i += 1) {
      const report = depositReport({ currency: 'LTC', address, amountMinor: BigInt(i + 1), status: 'COMPLETED' });
      work.push(reportDeposit(t.db, report), reportDeposit(t.db, report));
      if (i % 3 === 0) work.push(call(t, 'DELETE', `${url}/LTC`, undefined, frank.token));
      if (i % 3 === 1) work.push(call(t, 'POST', url, { currency: 'LTC' }, frank.token));
    }
    await Promise.all(work);
    expect(await checkLedgerInvariants(t.db)).toEqual([]);
    await addAsset(t, frank, 'LTC');
    // 1 + 2 + … + 30 = 465 litoshi, each credited once.
    expect(await balance(frank, 'LTC')).toBe('0.00000465');
  });
});
