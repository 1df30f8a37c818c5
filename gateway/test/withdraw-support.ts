import { randomBytes } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { deriveDepositAddress, type Network } from '../src/chain/addresses.js';
import { sandboxChainTransactions, withdrawals } from '../src/db/schema/index.js';
import type { TestApp } from './support/app.js';
import { addAsset, assets, call, type WalletUser } from './wallet-support.js';

/** Blocks every 50 ms, two confirmations, the worker following each block: a send completes in well under a second. */
export const FAST_CHAIN = {
  SANDBOX_BLOCK_MS: '50',
  SANDBOX_CONFIRMATIONS: '2',
  WITHDRAWAL_POLL_MS: '25',
  WITHDRAWAL_FOLLOW_MS: '50',
};

/** A valid address of the network that belongs to nobody here (derived from a throwaway seed). */
export const strangerAddress = (network: Network) => deriveDepositAddress(randomBytes(32), network, 0);

export const newKey = () => `key-${randomBytes(12).toString('hex')}`;

export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined | false>,
  timeoutMs = 20_000,
): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export async function balanceOf(t: TestApp, u: WalletUser, currency: string) {
  const asset = (await assets(t, u)).find((a) => a.currency === currency);
  return { available: asset?.totalAvailable ?? '0', onHold: asset?.onHold ?? '0' };
}

/** Funds through the sandbox chain, as a user would: a deposit that confirms over blocks. */
export async function fundViaChain(t: TestApp, u: WalletUser, currency: string, amount: string) {
  const asset = (await assets(t, u)).find((a) => a.currency === currency) ?? (await addAsset(t, u, currency));
  const before = asset.totalAvailable;
  const res = await call(t, 'POST', '/dev/chain/deposit', { currency, address: asset.depositAddress, amount });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  await waitFor(`${currency} deposit`, async () => (await balanceOf(t, u, currency)).available !== before);
  return asset.depositAddress!;
}

export interface SendBody {
  currency: string;
  amount: string;
  depositAddress: string;
  idempotencyKey: string;
}

export async function send(
  t: TestApp,
  u: WalletUser,
  body: Partial<SendBody> & Record<string, unknown>,
  pincode?: string,
) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/b2c-wallet/${u.account}/withdrawal`,
    payload: body,
    headers: { authorization: `Bearer ${u.token}`, ...(pincode !== undefined ? { pincode } : {}) },
  });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}

export async function historyOf(t: TestApp, u: WalletUser) {
  const res = await call(t, 'POST', `/b2c-wallet/${u.account}/asset/transactions`, {}, u.token);
  expect(res.status).toBe(200);
  return res.body.content as Record<string, any>[];
}

/** Outgoing sandbox chain rows of one withdrawal: the broadcasts the network received. */
export async function broadcastsOf(t: TestApp, withdrawalId: string): Promise<number> {
  const [row] = await t.db
    .select({ n: count() })
    .from(sandboxChainTransactions)
    .where(and(eq(sandboxChainTransactions.reference, withdrawalId), eq(sandboxChainTransactions.direction, 'OUT')));
  return Number(row!.n);
}

export async function withdrawalRow(t: TestApp, id: string) {
  const [row] = await t.db.select().from(withdrawals).where(eq(withdrawals.id, id));
  return row!;
}

export async function settled(t: TestApp, id: string) {
  return waitFor(`withdrawal ${id} to settle`, async () => {
    const row = await withdrawalRow(t, id);
    return row.state !== 'IN_PROGRESS' && row;
  });
}
