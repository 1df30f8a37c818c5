// Linking from the web (spec §1, §2, §7 /user/tg*): Settings' messenger-connect toggle outside Telegram.
import { test } from './fixtures';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { baseUrl, confirmedUser, logIn, phone, closeContexts, workerBrowser } from './support';
import { decodeQrInPage } from './qrDecode';

let browser: Browser;
test.beforeAll(async () => (browser = await workerBrowser()));
test.afterAll(async () => closeContexts(browser));

const json = { 'content-type': 'application/json' };

test('outside Telegram: toggle on → deep link opened and shown as a QR → linked in the messenger → toggle shows linked → off with a confirmation', async ({
  axe,
}) => {
  const user = await confirmedUser('tglink');
  const { context, page } = await phone(browser);
  // No internet here: t.me answers with a stub so the opened tab can be read.
  await context.route('https://t.me/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Telegram</title>' }),
  );

  await logIn(page, user);
  await page.getByRole('link', { name: 'Settings' }).click();

  const toggle = page.getByRole('switch', { name: /Connect Telegram/ });
  const status = page.getByTestId('telegram-link-status');
  await status.filter({ hasText: 'Not linked' }).waitFor();
  assert.equal(await toggle.getAttribute('aria-checked'), 'false');

  const opened = context.waitForEvent('page');
  const codeAnswer = page.waitForResponse((r) => r.url().endsWith('/user/tg/code') && r.request().method() === 'POST');
  await toggle.click();
  assert.equal((await codeAnswer).status(), 200);
  const tab = await opened;
  await tab.waitForURL(/^https:\/\/t\.me\//);
  const deepLink = tab.url();
  assert.match(deepLink, /^https:\/\/t\.me\/[^/?]+\?startapp=[A-Za-z0-9_-]{43}$/);
  await tab.close();

  // The same link on screen, as text and as a QR a phone can scan.
  await page.getByRole('heading', { name: 'Finish in Telegram' }).waitFor();
  assert.equal(await page.getByTestId('telegram-deep-link').textContent(), deepLink);
  assert.equal(await decodeQrInPage(page, '[data-testid="telegram-link-qr"]'), deepLink);
  assert.equal(await status.textContent(), 'Waiting for Telegram');
  await axe.check(page, 'telegram-link-waiting');

  // The user opens the deep link in Telegram: the Mini App exchanges the start parameter with its init data.
  const oneTimeCode = new URL(deepLink).searchParams.get('startapp')!;
  const tgUser = { id: 820000000 + Math.floor(Math.random() * 1e6), first_name: 'Webb' };
  const signed = await fetch(`${baseUrl}/dev/telegram/init-data`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ user: tgUser, start_param: oneTimeCode }),
  });
  const { initData } = (await signed.json()) as { initData: string };
  const linked = await fetch(`${baseUrl}/b2c-user-management/auth/tg/link`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ oneTimeCode, tgCode: initData }),
  });
  assert.equal(linked.status, 200);

  // The open panel polls (3 s): the toggle turns to linked without a reload.
  const started = Date.now();
  await status.filter({ hasText: /^Linked$/ }).waitFor({ timeout: 10_000 });
  const seenAfter = Date.now() - started;
  assert.equal(await toggle.getAttribute('aria-checked'), 'true');
  assert.equal(await page.getByTestId('telegram-link-panel').count(), 0);
  await page.getByText('Telegram connected').waitFor();
  console.info(`[e2e] link seen by the settings screen ${seenAfter} ms after the messenger side linked`);
  assert.equal(
    (await (await fetch(`${baseUrl}/b2c-user-management/user`, { headers: user.auth })).json()).telegram.id,
    tgUser.id,
  );

  // Off asks first; keeping the link changes nothing.
  await toggle.click();
  const dialog = page.getByRole('alertdialog', { name: 'Disconnect Telegram?' });
  await dialog.waitFor();
  await axe.check(page, 'telegram-unlink-confirm');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  assert.equal(await dialog.count(), 0);
  assert.equal(await toggle.getAttribute('aria-checked'), 'true');

  await toggle.click();
  const unlinked = page.waitForResponse((r) => r.url().endsWith('/user/tg/unlink'));
  await dialog.getByRole('button', { name: 'Disconnect' }).click();
  assert.equal((await unlinked).status(), 200);
  await status.filter({ hasText: 'Not linked' }).waitFor();
  assert.equal(await toggle.getAttribute('aria-checked'), 'false');
  const profile = await (await fetch(`${baseUrl}/b2c-user-management/user`, { headers: user.auth })).json();
  assert.equal(profile.telegram, undefined, 'the gateway no longer links the messenger user');
  await context.close();
});
