import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { baseUrl, latestMail, launch, phone, uniqueEmail } from './support';
import { checkA11y } from './axe';
import { launchHash, telegramBridgeScript } from './telegramMock';

let browser: Browser;
before(async () => (browser = await launch()));
after(async () => browser?.close());

async function signedInitData(user: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  const res = await fetch(`${baseUrl}/dev/telegram/init-data`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user, ...extra }),
  });
  assert.equal(res.status, 200);
  return ((await res.json()) as { initData: string }).initData;
}

test('opened inside Telegram with signed init data, an unknown user is signed straight in to /home', async () => {
  const tgUser = { id: 700000000 + Math.floor(Math.random() * 1e6), first_name: 'Ada', username: 'ada_tg', language_code: 'en' };
  const initData = await signedInitData(tgUser);
  const { context, page } = await phone(browser);
  await context.addInitScript(telegramBridgeScript);
  const tokenRequests: string[] = [];
  page.on('request', (r) => r.url().includes('/auth/tg') && tokenRequests.push(r.url()));

  await page.goto(`${baseUrl}/${launchHash(initData)}`);
  await page.waitForURL('**/home**');
  await page.getByRole('heading', { name: 'Total balance' }).waitFor();
  await checkA11y(page, 'telegram-home');
  assert.equal(tokenRequests.length, 1, 'one init-data sign-in');
  const events = (await page.evaluate(() => (window as any).__tgEvents)) as { type: string }[];
  assert.ok(events.some((e) => e.type === 'web_app_expand'), 'the app expands the Telegram window');
  assert.ok(events.some((e) => e.type === 'web_app_ready'), 'the app tells Telegram it is ready');

  // The account exists on the gateway and is linked to this Telegram user.
  const token = await page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('oidc.user:'))!;
    return JSON.parse(localStorage.getItem(key)!).access_token as string;
  });
  const profile = await (await fetch(`${baseUrl}/b2c-user-management/user`, { headers: { authorization: `Bearer ${token}` } })).json();
  assert.equal(profile.telegram.id, tgUser.id);
  assert.equal(profile.accounts.length, 1);

  // Inside the messenger, Settings hides logout.
  await page.getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('heading', { name: 'Settings' }).waitFor();
  await checkA11y(page, 'telegram-settings');
  assert.equal(await page.getByRole('button', { name: 'Log out' }).count(), 0);
  await context.close();
});

test('tampered init data does not sign in and keeps the spinner (spec §4 init-data path)', async () => {
  const initData = await signedInitData({ id: 123456, first_name: 'Eve' });
  const tampered = initData.replace(/first_name%22%3A%22Eve/, 'first_name%22%3A%22Mallory');
  assert.notEqual(tampered, initData);
  const { context, page } = await phone(browser);
  await context.addInitScript(telegramBridgeScript);
  const failed = page.waitForResponse((r) => r.url().endsWith('/auth/tg') && r.status() === 401);
  await page.goto(`${baseUrl}/${launchHash(tampered)}`);
  await failed;
  await page.waitForTimeout(1500);
  assert.ok(await page.getByRole('status').first().isVisible(), 'the spinner stays');
  assert.doesNotMatch(page.url(), /\/home/);
  await context.close();
});

test('a link_token opened inside Telegram links the messenger user to an existing e-mail account', async () => {
  const email = uniqueEmail('linker');
  const password = 'linker pass 123';
  const json = { 'content-type': 'application/json' };
  assert.equal((await fetch(`${baseUrl}/b2c-user-management/user`, { method: 'POST', headers: json, body: JSON.stringify({ email, password, accountName: 'Account' }) })).status, 201);
  const code = (await latestMail(email, /confirm/i)).links[0].split('/').pop();
  await fetch(`${baseUrl}/b2c-user-management/confirmation/confirm`, { method: 'POST', headers: json, body: JSON.stringify({ confirmationCode: code }) });
  const tokens = await (
    await fetch(`${baseUrl}/realms/wallet/protocol/openid-connect/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'password', client_id: 'wallet-web', username: email, password, scope: 'openid' }),
    })
  ).json();
  const auth = { authorization: `Bearer ${tokens.access_token}` };
  const link = await (await fetch(`${baseUrl}/b2c-user-management/user/tg/code`, { method: 'POST', headers: auth })).json();

  const tgUser = { id: 800000000 + Math.floor(Math.random() * 1e6), first_name: 'Linus' };
  const initData = await signedInitData(tgUser);
  const { context, page } = await phone(browser);
  await context.addInitScript(telegramBridgeScript);
  await page.goto(`${baseUrl}/?link_token=${encodeURIComponent(link.code)}${launchHash(initData)}`);
  await page.waitForURL('**/home**');
  await page.getByRole('heading', { name: 'Total balance' }).waitFor();
  assert.doesNotMatch(page.url(), /link_token/, 'the single-use code is taken out of the URL');

  const profile = await (await fetch(`${baseUrl}/b2c-user-management/user`, { headers: auth })).json();
  assert.equal(profile.telegram.id, tgUser.id, 'the e-mail account is now linked to the Telegram user');
  await context.close();
});
