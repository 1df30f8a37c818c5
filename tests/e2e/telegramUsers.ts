import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { baseUrl } from './support';

/** Init data signed by the sandbox gateway's bot token, as Telegram would send it. */
export async function signedInitData(user: Record<string, unknown>, extra: Record<string, unknown> = {}): Promise<string> {
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
  const asset = await (await fetch(`${baseUrl}/b2c-wallet/${user.account}/account/currency`, { method: 'POST', headers: user.auth, body: JSON.stringify({ currency: 'ETH' }) })).json();
  const res = await fetch(`${baseUrl}/dev/chain/deposit`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ currency: 'ETH', address: asset.depositAddress, amount }) });
  assert.equal(res.status, 200);
  for (let i = 0; i < 60; i++) {
    const assets = await (await fetch(`${baseUrl}/b2c-wallet/${user.account}/asset`, { headers: user.auth })).json();
    if (assets.find((a: { currency: string }) => a.currency === 'ETH')?.totalAvailable === amount) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('deposit not credited');
}
