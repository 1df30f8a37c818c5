import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { TestApp } from './support/app.js';
import { confirmedUser } from './support/flows.js';
import { reportDeposit, type DepositReportInput } from '../src/wallet/deposits.js';

export interface WalletUser {
  id: string;
  email: string;
  token: string;
  account: string;
}

let n = 0;
/** A confirmed user signed in through the real IdP, with its one account id. */
export async function walletUser(t: TestApp, name = 'user'): Promise<WalletUser> {
  n += 1;
  const user = await confirmedUser(t, `${name}.${n}.${randomBytes(3).toString('hex')}@example.com`);
  const profile = await call<{ accounts: { id: string }[] }>(
    t,
    'GET',
    '/b2c-user-management/user',
    undefined,
    user.token,
  );
  expect(profile.status).toBe(200);
  return { ...user, account: profile.body.accounts[0]!.id };
}

export async function call<T = any>(
  t: TestApp,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  body?: unknown,
  token?: string,
) {
  const res = await t.app.inject({
    method,
    url,
    ...(body !== undefined ? { payload: body as object } : {}),
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: res.statusCode, body: (res.body ? res.json() : undefined) as T };
}

export interface Asset {
  currency: string;
  isCrypto: boolean;
  isToken: boolean;
  totalAvailable: string;
  onHold: string;
  depositAddress: string | null;
}

export async function assets(t: TestApp, u: WalletUser): Promise<Asset[]> {
  const res = await call<Asset[]>(t, 'GET', `/b2c-wallet/${u.account}/asset`, undefined, u.token);
  expect(res.status).toBe(200);
  return res.body;
}

export async function addAsset(t: TestApp, u: WalletUser, currency: string): Promise<Asset> {
  const res = await call<Asset>(t, 'POST', `/b2c-wallet/${u.account}/account/currency`, { currency }, u.token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

export const fakeHash = () => randomBytes(32).toString('hex');

/** A deposit report as a chain adapter would send it, with overridable fields. */
export function depositReport(
  over: Partial<DepositReportInput> & Pick<DepositReportInput, 'currency' | 'address'>,
): DepositReportInput {
  return {
    txHash: fakeHash(),
    outputIndex: 0,
    amountMinor: 100_000n,
    confirmations: 0,
    requiredConfirmations: 2,
    status: 'IN_PROGRESS',
    ...over,
  };
}

/** Adds the asset if needed and credits a completed deposit to it. */
export async function fund(t: TestApp, u: WalletUser, currency: string, amountMinor: bigint) {
  const asset = (await assets(t, u)).find((a) => a.currency === currency) ?? (await addAsset(t, u, currency));
  return reportDeposit(
    t.db,
    depositReport({ currency, address: asset.depositAddress!, amountMinor, confirmations: 2, status: 'COMPLETED' }),
  );
}
