import { eq } from 'drizzle-orm';
import { userPasscodes } from '../src/db/schema/index.js';
import { expect } from 'vitest';
import type { TestApp } from './support/app.js';
import { initDataFor, json, nextTelegramId } from './support/flows.js';
import type { WalletUser } from './wallet-support.js';

export const PIN = '/b2c-user-management/user/pinCode';

/** One passcode call: the code (if any) in the pincode header, the body as JSON. */
export async function pin(
  t: TestApp,
  u: { token: string },
  action: 'enable' | 'validate' | 'change' | 'disable',
  header?: string,
  body?: object,
) {
  const res = await t.app.inject({
    method: 'POST',
    url: `${PIN}/${action}`,
    ...(body ? { payload: body } : {}),
    headers: { authorization: `Bearer ${u.token}`, ...(header !== undefined ? { pincode: header } : {}) },
  });
  return { status: res.statusCode, body: (res.body ? res.json() : undefined) as any };
}

export async function passcodeRow(t: TestApp, u: WalletUser) {
  const [row] = await t.db.select().from(userPasscodes).where(eq(userPasscodes.userId, u.id));
  return row;
}

/** Time travel: end the current wait now. */
export async function endWait(t: TestApp, u: WalletUser) {
  await t.db
    .update(userPasscodes)
    .set({ lockedUntil: new Date(Date.now() - 1000) })
    .where(eq(userPasscodes.userId, u.id));
}

/** Seconds left in the wait, as the database has it. */
export async function waitLeft(t: TestApp, u: WalletUser) {
  const row = await passcodeRow(t, u);
  return row?.lockedUntil ? Math.round((row.lockedUntil.getTime() - Date.now()) / 1000) : 0;
}

export type TgUser = WalletUser & { tg: { id: number; first_name: string } };

/** A user born in Telegram (no e-mail, no password), signed in with init data, with its account id. */
export async function telegramBornUser(t: TestApp): Promise<TgUser> {
  const tg = { id: nextTelegramId(), first_name: 'Tg' };
  const signIn = await json(t, 'POST', '/b2c-user-management/auth/tg', { initData: await initDataFor(t, tg) });
  expect(signIn.status).toBe(200);
  const token = signIn.body.access_token as string;
  const profile = await json(t, 'GET', '/b2c-user-management/user', undefined, token);
  expect(profile.body.email).toBeNull();
  return { id: profile.body.id, email: '', token, account: profile.body.accounts[0].id, tg };
}
