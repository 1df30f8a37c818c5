// The swap inside the sandbox Telegram harness (/dev/telegram), iOS and Android: the messenger's main
// button carries the order form and the review, and the review guards closing (issue 22: Close shut the
// Mini App and lost the rate, while send, buy and sell reviews asked first).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, FrameLocator, Page } from 'playwright-core';
import { baseUrl, deposit, launch } from './support';
import { signedInUser } from './telegramUsers';

let browser: Browser;
before(async () => (browser = await launch()));
after(async () => browser?.close());

/** What the harness lists under "What the app asked for", waited for (the app answers asynchronously). */
async function waitShown(page: Page, what: 'back' | 'main' | 'closing', expected: string) {
  const state = page.locator(`#state-${what}`);
  await page.waitForFunction(
    ([id, want]) => document.getElementById(id)?.textContent === want,
    [`state-${what}`, expected] as const,
    { timeout: 30_000 },
  );
  assert.equal(await state.textContent(), expected);
}

const appPath = (app: FrameLocator) => app.locator('html').evaluate(() => window.location.pathname);

for (const platform of ['ios', 'android']) {
  test(`${platform} in the harness: the swap goes on the main button and its review asks before closing`, async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/dev/telegram?user=new&platform=${platform}&theme=light`);
    const app = page.frameLocator('#app');
    await app.getByRole('heading', { name: 'Total balance' }).waitFor();

    const user = await signedInUser(page);
    const listed = await fetch(`${baseUrl}/b2c-wallet/${user.account}/account/currency/list`, {
      method: 'POST',
      headers: user.auth,
      body: JSON.stringify({ currencies: ['BTC', 'USDT_TRX'] }),
    });
    assert.equal(listed.status, 200);
    await deposit(user, 'BTC', '0.01');
    await page.getByRole('button', { name: 'Reload the Mini App' }).click();
    await app.getByRole('heading', { name: 'Total balance' }).waitFor();

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
    await context.close();
  });
}
