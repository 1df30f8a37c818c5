// Issue 20 item 9 (guide §8 item 16): inside the messenger a stored session belongs to the init data's
// Telegram user or is discarded. Two Telegram accounts on one device (one browser storage): the second
// never sees the first one's wallet, and the first one's refresh token is revoked on the way.
import { test } from './fixtures';
import assert from 'node:assert/strict';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { baseUrl, confirmedUser, explained, phone, closeContexts, workerBrowser } from './support';
import { launchHash, telegramBridgeScript } from './telegramMock';
import { signedInitData } from './telegramUsers';

let browser: Browser;
test.beforeAll(async () => (browser = await workerBrowser()));
test.afterAll(async () => closeContexts(browser));

const tgUser = (name: string) => {
  const id = 730000000 + Math.floor(Math.random() * 1e7);
  return { id, first_name: name, username: `${name.toLowerCase()}_${id}`, language_code: 'en' };
};

/** The tokens the app keeps for the signed-in user (oidc-client-ts's record in localStorage). */
async function storedTokens(page: Page): Promise<{ access: string; refresh: string }> {
  return page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('oidc.user:'))!;
    const user = JSON.parse(localStorage.getItem(key)!);
    return { access: user.access_token as string, refresh: user.refresh_token as string };
  });
}

/** GET /user as the gateway answers it for the session the app holds now. */
async function sessionProfile(page: Page) {
  const { access } = await storedTokens(page);
  const res = await fetch(`${baseUrl}/b2c-user-management/user`, { headers: { authorization: `Bearer ${access}` } });
  assert.equal(res.status, 200);
  return (await res.json()) as {
    id: string;
    email?: string | null;
    telegram?: { id: number; username: string | null };
  };
}

/** The refresh grant at the IdP's token endpoint, as oidc-client-ts's silent sign-in sends it. */
const refreshStatus = async (refreshToken: string) =>
  (
    await fetch(`${baseUrl}/realms/wallet/protocol/openid-connect/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', client_id: 'wallet-web', refresh_token: refreshToken }),
    })
  ).status;

/** Opens the Mini App in a new tab of the same device (localStorage kept, as a messenger's webview keeps it). */
async function openMiniApp(context: BrowserContext, path: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${baseUrl}/${path}`);
  await explained(page, page.getByRole('heading', { name: 'Total balance' }).waitFor());
  return page;
}

async function signedInAs(page: Page): Promise<string> {
  await page.getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('heading', { name: 'Settings' }).waitFor();
  const shown = page.getByTestId('profile-email');
  await explained(page, shown.filter({ hasNotText: '…' }).waitFor());
  // A Telegram user is named by Telegram, with the @username under the name (issue 22).
  const detail = page.getByTestId('profile-username');
  const under = (await detail.count()) > 0 ? await detail.textContent() : null;
  return [await shown.textContent(), under].filter(Boolean).join(' ');
}

/** Opened as A: A's wallet, A's tokens stored on this device. */
async function openAsFirstUser(context: BrowserContext) {
  const a = tgUser('Alice');
  const page = await openMiniApp(context, launchHash(await signedInitData(a)));
  assert.equal((await sessionProfile(page)).telegram?.id, a.id);
  assert.equal(await signedInAs(page), `${a.first_name} @${a.username}`);
  const tokens = await storedTokens(page);
  await page.close();
  return { a, tokens };
}

test('a second Telegram account opening the Mini App on the same device gets its own wallet; the first one is signed out', async () => {
  const { context } = await phone(browser);
  await context.addInitScript(telegramBridgeScript);
  const { a, tokens } = await openAsFirstUser(context);

  const b = tgUser('Bob');
  const page = await openMiniApp(context, launchHash(await signedInitData(b)));
  const profile = await sessionProfile(page);
  assert.equal(
    profile.telegram?.id,
    b.id,
    `the app holds B's session (it holds Telegram user ${profile.telegram?.id}, A is ${a.id})`,
  );
  const shown = await signedInAs(page);
  assert.equal(shown, `${b.first_name} @${b.username}`);
  assert.notEqual(shown, `${a.first_name} @${a.username}`);
  assert.equal(await refreshStatus(tokens.refresh), 400, "A's refresh token no longer works at the gateway");
  await context.close();
});

test('a link_token start by another Telegram account discards the stored session and links that account', async () => {
  const { context } = await phone(browser);
  await context.addInitScript(telegramBridgeScript);
  const { a, tokens } = await openAsFirstUser(context);

  // An e-mail account asks for a link code; Telegram user B opens its deep link on this device.
  const owner = await confirmedUser('tgswitch');
  const codeAnswer = await fetch(`${baseUrl}/b2c-user-management/user/tg/code`, {
    method: 'POST',
    headers: { authorization: owner.auth.authorization },
  });
  assert.equal(codeAnswer.status, 200);
  const link = (await codeAnswer.json()) as { code: string };
  const b = tgUser('Bob');
  const page = await openMiniApp(
    context,
    `?link_token=${encodeURIComponent(link.code)}${launchHash(await signedInitData(b))}`,
  );
  const profile = await sessionProfile(page);
  assert.equal(
    profile.email,
    owner.email,
    `the app holds the linked e-mail account's session (Telegram user ${profile.telegram?.id}, A is ${a.id})`,
  );
  assert.equal(profile.telegram?.id, b.id, 'the e-mail account is now linked to B');
  assert.equal(await signedInAs(page), owner.email);
  assert.equal(await refreshStatus(tokens.refresh), 400, "A's refresh token no longer works at the gateway");
  await context.close();
});
