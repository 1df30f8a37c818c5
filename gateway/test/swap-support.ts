import { randomBytes } from 'node:crypto';
import type { TestApp } from './support/app.js';
import type { WalletUser } from './wallet-support.js';

export const newKey = () => `swap-${randomBytes(12).toString('hex')}`;

export async function swapCall(
  t: TestApp,
  u: WalletUser,
  method: 'GET' | 'POST',
  path: string,
  body?: object,
  pincode?: string,
) {
  const res = await t.app.inject({
    method,
    url: `/b2c-wallet/${u.account}${path}`,
    ...(body ? { payload: body } : {}),
    headers: { authorization: `Bearer ${u.token}`, ...(pincode !== undefined ? { pincode } : {}) },
  });
  return { status: res.statusCode, body: (res.body ? res.json() : undefined) as any };
}

export const order = (
  t: TestApp,
  u: WalletUser,
  body: { sourceCurrency: string; destinationCurrency: string; sourceAmount: string; idempotencyKey?: string },
) => swapCall(t, u, 'POST', '/exchange', { idempotencyKey: newKey(), ...body });

export const confirm = (t: TestApp, u: WalletUser, id: string, pincode?: string) =>
  swapCall(t, u, 'POST', `/exchange/confirm/${id}`, undefined, pincode);
