import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountHdIndexes,
  depositAddresses,
  ledgerAccounts,
  ledgerTransfers,
  walletAssets,
  walletTransactions,
} from '../src/db/schema/index.js';
import { createTestApp, type TestApp } from './support/app.js';
import { addAsset, call, fund, walletUser, type WalletUser } from './wallet-support.js';

let t: TestApp;
let alice: WalletUser;
let mallory: WalletUser;
let aliceTx: string;

const tables = {
  accountHdIndexes,
  depositAddresses,
  ledgerAccounts,
  ledgerTransfers,
  walletAssets,
  walletTransactions,
};
async function rowCounts() {
  const out: Record<string, number> = {};
  for (const [name, table] of Object.entries(tables)) {
    const [row] = await t.db.select({ n: count() }).from(table);
    out[name] = Number(row!.n);
  }
  return out;
}

beforeAll(async () => {
  t = await createTestApp();
  alice = await walletUser(t, 'alice');
  mallory = await walletUser(t, 'mallory');
  await addAsset(t, alice, 'BTC');
  aliceTx = (await fund(t, alice, 'BTC', 5000n)).transactionId;
});
afterAll(async () => t?.close());

describe('{account} belongs to the caller', () => {
  it("refuses another user's account on every wallet route, and writes nothing", async () => {
    const a = alice.account;
    const routes: [method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown][] = [
      ['GET', `/b2c-wallet/${a}/asset`],
      ['POST', `/b2c-wallet/${a}/account/currency`, { currency: 'ETH' }],
      ['POST', `/b2c-wallet/${a}/account/currency/list`, { currencies: ['ETH', 'TRX'] }],
      ['DELETE', `/b2c-wallet/${a}/account/currency/BTC`],
      ['POST', `/b2c-wallet/${a}/asset/transactions`, {}],
      ['GET', `/b2c-wallet/${a}/asset/transaction/${aliceTx}`],
    ];
    const before = await rowCounts();
    for (const [method, url, body] of routes) {
      const res = await call(t, method, url, body, mallory.token);
      expect(res.status, `${method} ${url}`).toBe(404);
      expect(res.body.code).toBe('ACCOUNT_NOT_FOUND');
    }
    expect(await rowCounts()).toEqual(before);
    // Alice's asset is still there, not archived by Mallory's DELETE.
    const list = await call(t, 'GET', `/b2c-wallet/${a}/asset`, undefined, alice.token);
    expect(list.body.map((x: { currency: string }) => x.currency)).toEqual(['BTC']);
  });

  it('treats made-up and malformed account ids the same way', async () => {
    for (const account of ['00000000-0000-0000-0000-000000000000', 'not-an-id', "1' or '1'='1"]) {
      const res = await call(t, 'GET', `/b2c-wallet/${encodeURIComponent(account)}/asset`, undefined, mallory.token);
      expect(res.status, account).toBe(404);
    }
  });

  it('needs a token on every account route', async () => {
    expect((await call(t, 'POST', `/b2c-wallet/${alice.account}/account/currency`, { currency: 'ETH' })).status).toBe(
      401,
    );
    expect((await call(t, 'DELETE', `/b2c-wallet/${alice.account}/account/currency/BTC`)).status).toBe(401);
    expect((await call(t, 'POST', `/b2c-wallet/${alice.account}/asset/transactions`, {})).status).toBe(401);
  });
});
