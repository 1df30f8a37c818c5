import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportDeposit } from '../src/wallet/deposits.js';
import { createTestApp, type TestApp } from './support/app.js';
import { addAsset, call, depositReport, walletUser, type WalletUser } from './wallet-support.js';

let t: TestApp;
let alice: WalletUser;
let btcIds: string[] = [];
let ethIds: string[] = [];

const page = (body: unknown, u = alice) =>
  call(t, 'POST', `/b2c-wallet/${u.account}/asset/transactions`, body, u.token);

beforeAll(async () => {
  t = await createTestApp();
  alice = await walletUser(t, 'alice');
  const btc = (await addAsset(t, alice, 'BTC')).depositAddress!;
  const eth = (await addAsset(t, alice, 'ETH')).depositAddress!;
  // Sequential, so creation order is the order of the ids collected here.
  for (let i = 1; i <= 7; i += 1) {
    btcIds.push(
      (
        await reportDeposit(
          t.db,
          depositReport({ currency: 'BTC', address: btc, amountMinor: BigInt(i) * 1000n, status: 'COMPLETED' }),
        )
      ).transactionId,
    );
  }
  for (let i = 1; i <= 3; i += 1) {
    ethIds.push(
      (await reportDeposit(t.db, depositReport({ currency: 'ETH', address: eth, amountMinor: BigInt(i) * 10n ** 17n })))
        .transactionId,
    );
  }
});
afterAll(async () => t?.close());

describe('history', () => {
  it('defaults to page 1, size 100, newest first', async () => {
    const res = await page({});
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ totalElements: 10, totalPages: 1, pageNumber: 1, pageSize: 100 });
    expect(res.body.content.map((x: { id: string }) => x.id)).toEqual([...btcIds, ...ethIds].reverse());
    // The app's own request shape.
    const app = await page({ sort: 'DESC', properties: ['createdDate'], pageSize: 100, pageNumber: 1 });
    expect(app.body).toEqual(res.body);
  });

  it('accepts no body at all', async () => {
    const res = await call(t, 'POST', `/b2c-wallet/${alice.account}/asset/transactions`, undefined, alice.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.totalElements).toBe(10);
  });

  it('sorts ascending and pages', async () => {
    const all = [...btcIds, ...ethIds];
    const p1 = await page({ sort: 'ASC', pageSize: 4, pageNumber: 1 });
    const p3 = await page({ sort: 'ASC', pageSize: 4, pageNumber: 3 });
    const p4 = await page({ sort: 'ASC', pageSize: 4, pageNumber: 4 });
    expect(p1.body).toMatchObject({ totalElements: 10, totalPages: 3, pageNumber: 1, pageSize: 4 });
    expect(p1.body.content.map((x: { id: string }) => x.id)).toEqual(all.slice(0, 4));
    expect(p3.body.content.map((x: { id: string }) => x.id)).toEqual(all.slice(8));
    expect(p4.body.content).toEqual([]);
  });

  it('filters by currency', async () => {
    const res = await page({ currency: 'ETH', sort: 'ASC' });
    expect(res.body.totalElements).toBe(3);
    expect(res.body.content.map((x: { id: string }) => x.id)).toEqual(ethIds);
    expect(res.body.content.map((x: { amount: string }) => x.amount)).toEqual(['0.1', '0.2', '0.3']);
    expect((await page({ currency: 'TON' })).body).toMatchObject({ content: [], totalElements: 0, totalPages: 0 });
  });

  it('validates the filter', async () => {
    for (const body of [
      { pageSize: 0 },
      { pageSize: 1001 },
      { pageNumber: 0 },
      { pageSize: 1.5 },
      { sort: 'UP' },
      { properties: ['amount'] },
      { currency: 'NOPE' },
      { pageSize: '10' },
    ]) {
      const res = await page(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
  });

  it('details carry every spec §3 field that applies', async () => {
    const res = await call(
      t,
      'GET',
      `/b2c-wallet/${alice.account}/asset/transaction/${btcIds[0]}?type=DEPOSIT`,
      undefined,
      alice.token,
    );
    expect(res.status).toBe(200);
    const tx = res.body;
    expect(tx).toMatchObject({
      id: btcIds[0],
      currency: 'BTC',
      direction: 'DEPOSIT',
      transactionType: 'DEPOSIT',
      state: 'COMPLETED',
      amount: '0.00001',
      fee: null,
      serviceFee: null,
      accountToType: 'B2C',
      network: 'bitcoin',
      confirmations: 0,
      requiredConfirmations: 2,
    });
    expect(tx.to).toMatch(/^bc1q/);
    expect(tx.receiver).toBe(tx.to);
    expect(tx.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(tx.explorerLink).toBe(`https://mempool.space/tx/${tx.hash}`);
    expect(Date.parse(tx.createdDate)).not.toBeNaN();
    expect(Date.parse(tx.dateReceived)).not.toBeNaN();
    const pending = await call(
      t,
      'GET',
      `/b2c-wallet/${alice.account}/asset/transaction/${ethIds[0]}`,
      undefined,
      alice.token,
    );
    expect(pending.body).toMatchObject({
      state: 'IN_PROGRESS',
      dateReceived: null,
      explorerLink: expect.stringMatching(/^https:\/\/etherscan\.io\/tx\//),
    });
  });

  it('another user cannot see a transaction, by list or by id', async () => {
    const bob = await walletUser(t, 'bob');
    expect((await page({}, bob)).body.totalElements).toBe(0);
    const res = await call(t, 'GET', `/b2c-wallet/${bob.account}/asset/transaction/${btcIds[0]}`, undefined, bob.token);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('TRANSACTION_NOT_FOUND');
    expect(
      (await call(t, 'GET', `/b2c-wallet/${alice.account}/asset/transaction/not-a-uuid`, undefined, alice.token))
        .status,
    ).toBe(404);
  });
});
