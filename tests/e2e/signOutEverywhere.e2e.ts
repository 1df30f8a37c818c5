// Settings → Sign out of all devices (issue 20 item 3): two browsers signed in as one user; one signs out
// everywhere, the other's next gateway call is refused and it lands on login.
import { test } from './fixtures';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { baseUrl, confirmedUser, explained, logIn, phone, closeContexts, workerBrowser } from './support';

let browser: Browser;
test.beforeAll(async () => (browser = await workerBrowser()));
test.afterAll(async () => closeContexts(browser));

test('sign out of all devices: a confirmation, then this browser and the other one are signed out', async ({ axe }) => {
  const user = await confirmedUser('everywhere');
  const first = await phone(browser);
  const second = await phone(browser);
  await logIn(first.page, user);
  await logIn(second.page, user);
  const secondToken = await second.page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('oidc.user:'))!;
    return JSON.parse(localStorage.getItem(key)!).refresh_token as string;
  });

  // What the other browser asks the gateway from now on.
  const otherCalls: string[] = [];
  second.page.on(
    'response',
    (r) => void otherCalls.push(`${r.status()} ${r.request().method()} ${new URL(r.url()).pathname}`),
  );
  const { page } = first;
  await page.getByRole('link', { name: 'Settings' }).click();
  const row = page.getByRole('button', { name: 'Sign out of all devices' });
  await row.click();
  const dialog = page.getByRole('alertdialog', { name: 'Sign out of all devices?' });
  await dialog.waitFor();
  await axe.check(page, 'sign-out-everywhere-confirm');
  // Keyboard: Escape closes it and nothing is revoked; focus is back on the row.
  await page.keyboard.press('Escape');
  assert.equal(await dialog.count(), 0);
  assert.equal(await row.evaluate((el) => el === document.activeElement), true);

  await row.click();
  const revoked = page.waitForResponse((r) => r.url().endsWith('/user/sessions/revoke'));
  await dialog.getByRole('button', { name: 'Sign out everywhere' }).click();
  const answer = await revoked;
  assert.equal(answer.status(), 200);
  assert.ok(((await answer.json()) as { revoked: number }).revoked >= 2, "both browsers' grants ended");
  await explained(page, page.waitForURL('**/auth/login'));
  await page.getByText('Signed out of all devices').waitFor();

  // The other browser's next call (its balance poll, every 10 s) is refused, renewing it is refused too,
  // so it signs out by itself and lands on login.
  const other = second.page;
  await explained(other, other.waitForURL('**/auth/login'));
  await other.getByRole('heading', { name: 'Welcome to your wallet' }).waitFor();
  const refusedCalls = otherCalls.filter((c) => c.startsWith('401 '));
  assert.ok(refusedCalls.length > 0, `a gateway call of the other browser was refused: ${otherCalls.join(' | ')}`);
  assert.ok(
    otherCalls.some((c) => c.startsWith('400 POST') && c.endsWith('/token')),
    `its renewal was refused: ${otherCalls.join(' | ')}`,
  );
  const refresh = await fetch(`${baseUrl}/realms/wallet/protocol/openid-connect/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'refresh_token', client_id: 'wallet-web', refresh_token: secondToken }),
  });
  assert.equal(refresh.status, 400, "the other browser's refresh token is dead");
  await first.context.close();
  await second.context.close();
});
