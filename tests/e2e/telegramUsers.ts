import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { baseUrl, deposit } from './support';

/** Init data signed by the sandbox gateway's bot token, as Telegram would send it. */
export async function signedInitData(
  user: Record<string, unknown>,
  extra: Record<string, unknown> = {},
): Promise<string> {
  const res = await fetch(`${baseUrl}/dev/telegram/init-data`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user, ...extra }),
  });
  assert.equal(res.status, 200);
  return ((await res.json()) as { initData: string }).initData;
}

export type SignedInUser = { auth: Record<string, string>; account: string; userId: string };

/** The bearer headers and first account of the user the app (this origin) is signed in as. */
export async function signedInUser(page: Page): Promise<SignedInUser> {
  const token = await page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('oidc.user:'))!;
    return JSON.parse(localStorage.getItem(key)!).access_token as string;
  });
  const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const profile = await (await fetch(`${baseUrl}/b2c-user-management/user`, { headers: auth })).json();
  return { auth, account: profile.accounts[0].id as string, userId: profile.id as string };
}

/** A sandbox-chain ETH deposit to the user's address, waited for until it is available. */
export async function fundEth(user: SignedInUser, amount: string): Promise<void> {
  await deposit(user, 'ETH', amount);
}
