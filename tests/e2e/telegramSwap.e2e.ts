// The swap inside the sandbox Telegram harness (/dev/telegram), iOS and Android: the messenger's main
// button carries the order form and the review, and the review guards closing (issue 22: Close shut the
// Mini App and lost the rate, while send, buy and sell reviews asked first).
import { test } from './fixtures';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { appPath, openHarness, reloadMiniApp, waitShown } from './harness';
import { baseUrl, deposit, closeContexts, workerBrowser } from './support';
import { signedInUser } from './telegramUsers';

let browser: Browser;
test.beforeAll(async () => (browser = await workerBrowser()));
test.afterAll(async () => closeContexts(browser));

test('in the harness: the swap goes on the main button and its review asks before closing', {
  tag: '@platform',
}, async ({ telegramPlatform: platform }) => {
  const { page, app, close } = await openHarness(browser, platform);

  const user = await signedInUser(page);
  const listed = await fetch(`${baseUrl}/b2c-wallet/${user.account}/account/currency/list`, {
    method: 'POST',
    headers: user.auth,
    body: JSON.stringify({ currencies: ['BTC', 'USDT_TRX'] }),
  });
  assert.equal(listed.status, 200);
  await deposit(user, 'BTC', '0.01');
  await reloadMiniApp(page, app);

  // Home preselects BTC → USDT once both are held (spec §2).
  await app.locator('a[href="/swap/order?from=BTC&to=USDT_TRX"]').waitFor();
  await app.getByRole('link', { name: 'Swap' }).click();
  await app.getByLabel('You pay, BTC').fill('0.001');
  await app
    .getByTestId('swap-rate')
    .filter({ hasText: /^1 BTC ≈ [\d,.]+ USDT$/ })
    .waitFor();
  await waitShown(page, 'main', '"Continue"');
  // The order form loses nothing by closing: no guard there.
  assert.equal(await page.locator('#state-closing').textContent(), 'off');
  await page.locator('#tg-main').click();

  await app.getByTestId('swap-countdown').waitFor();
  assert.match(await appPath(app), /\/swap\/order\/review$/);
  await waitShown(page, 'main', '"Confirm swap"');
  await waitShown(page, 'closing', 'on');
  // Close asks first; Cancel keeps the review and its rate.
  await page.locator('#tg-close').click();
  const confirm = page.getByRole('dialog').filter({ hasText: 'Changes that you made may not be saved.' });
  await confirm.waitFor();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await confirm.waitFor({ state: 'hidden' });
  assert.match(await appPath(app), /\/swap\/order\/review$/);
  await app.getByTestId('swap-countdown').waitFor();

  // Back to the form: the guard is lifted with the review.
  await page.locator('#tg-back').click();
  await waitShown(page, 'closing', 'off');
  assert.match(await appPath(app), /\/swap\/order$/);
  await close();
});
