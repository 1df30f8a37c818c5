// Screenshots of the sell amount, sell review, buy order, buy review and buy status screens at 360×800 in
// Russian, light and dark (issue 22), saved to screenshots/ (git-ignored) for a person to look at; axe
// runs on each, and no word breaks inside on any of them.
import { eachLook, russianLooks, test } from './fixtures';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, confirmedUser, deposit, logIn, closeContexts, workerBrowser } from './support';

const OUT = 'screenshots';
const SBER = '2202200000000008';
const json = { 'content-type': 'application/json' };

let browser: Browser;
test.beforeAll(async () => {
  mkdirSync(OUT, { recursive: true });
  browser = await workerBrowser();
});
test.afterAll(async () => closeContexts(browser));

const shot = (page: Page, name: string) => page.screenshot({ path: `${OUT}/${name}.png` });

/** A card order for the user's USDT address, left unpaid (NEW) or cancelled on the sandbox page. */
async function buyOrder(address: string, cancel: boolean): Promise<string> {
  const [quote] = await (
    await fetch(`${baseUrl}/b2c-wallet/b2c/rate`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ externalId: address, currency: 'USDT_TRX', geoId: 'RU', fiatAmount: '10000' }),
    })
  ).json();
  const res = await fetch(`${baseUrl}/b2c-wallet/b2c/order`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({
      depositAddress: address,
      fiatCurrency: 'RUB',
      fiatSettingsItemId: quote.fiatSettingsItemId,
      rateId: quote.fixedRateId,
      amountInFiat: '10000',
      idempotencyKey: `shots-${Date.now()}-${Math.random()}`,
    }),
  });
  assert.equal(res.status, 200, await res.clone().text());
  const { data } = await res.json();
  if (cancel) {
    const path = new URL(data.url).pathname;
    await fetch(`${baseUrl}${path}/cancel`, { method: 'POST', redirect: 'manual' });
  }
  return data.orderId as string;
}

/** No word is broken inside at 360 px: every text node's words fit on their line. */
async function noBrokenWords(page: Page, what: string) {
  const broken = await page.evaluate(() => {
    const out: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = n.textContent ?? '';
      for (const m of text.matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(n, m.index!);
        range.setEnd(n, m.index! + m[0].length);
        const rects = [...range.getClientRects()].filter((r) => r.width > 0);
        if (new Set(rects.map((r) => Math.round(r.top))).size > 1) out.push(m[0]);
      }
    }
    return out;
  });
  assert.deepEqual(broken, [], `${what}: words broken inside`);
}

eachLook(
  'buy and sell screens at 360×800 in Russian',
  () => {
    test('shots, axe and whole words', async ({ axe, theme }) => {
      const user = await confirmedUser('shots360');
      const address = await deposit(user, 'USDT_TRX', '500');
      const unpaid = await buyOrder(address, false);
      const cancelled = await buyOrder(address, true);
      const context = await browser.newContext({
        viewport: { width: 360, height: 800 },
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
        locale: 'ru-RU',
        colorScheme: theme,
      });
      await context.addInitScript({ content: 'window.__name = (fn) => fn;' });
      const page = await context.newPage();
      await logIn(page, user, { protectionSeen: true });
      // Russian chosen in Settings as a user does; the theme follows the system's (the context's) scheme.
      await page.goto(`${baseUrl}/settings/select-language`);
      await page.getByRole('radio', { name: 'Русский' }).click();
      await page.getByRole('heading', { name: 'Язык' }).waitFor();
      const tag = `360-ru-${theme}`;

      await page.goto(`${baseUrl}/sell/order?currency=USDT_TRX&fiat=RUB`);
      await page.getByTestId('sell-rate').filter({ hasText: /\d/ }).waitFor();
      await page.getByRole('button', { name: 'Макс.' }).click();
      await page.locator('[data-slot="primary"] button:not([disabled])').waitFor();
      await shot(page, `sell-amount-${tag}`);
      await axe.check(page, `sell-amount-${tag}`);
      await noBrokenWords(page, 'sell amount');
      await page.locator('input[inputmode="decimal"]').fill('50');
      await page.locator('[data-slot="primary"] button:not([disabled])').click();
      await page.waitForURL('**/sell/order/card**');
      await page.locator('input[autocomplete="cc-number"]').pressSequentially(SBER);
      await page.locator('[data-slot="primary"] button:not([disabled])').click();
      await page.getByTestId('review-card').waitFor();
      await page.getByTestId('review-fee').waitFor();
      await shot(page, `sell-review-${tag}`);
      await axe.check(page, `sell-review-${tag}`);
      await noBrokenWords(page, 'sell review');

      await page.goto(`${baseUrl}/buy/order?currency=USDT_TRX&geoId=RU&fiat=RUB`);
      await page.getByRole('group', { name: 'Готовые суммы' }).getByRole('button').nth(1).click();
      await page.getByTestId('buy-rate').filter({ hasText: '≈' }).waitFor();
      await page.locator('[data-slot="primary"] button:not([disabled])').waitFor();
      await shot(page, `buy-order-${tag}`);
      await axe.check(page, `buy-order-${tag}`);
      await noBrokenWords(page, 'buy order');
      await page.locator('[data-slot="primary"] button').click();
      await page.waitForURL('**/buy/order/review**');
      await page.getByTestId('review-fee').waitFor();
      await shot(page, `buy-review-${tag}`);
      await axe.check(page, `buy-review-${tag}`);
      await noBrokenWords(page, 'buy review');

      await page.goto(`${baseUrl}/buy/status/${unpaid}`);
      await page.getByRole('button', { name: 'Открыть страницу оплаты' }).waitFor();
      await shot(page, `buy-status-${tag}`);
      await axe.check(page, `buy-status-${tag}`);
      await noBrokenWords(page, 'buy status');
      await page.goto(`${baseUrl}/buy/status/${cancelled}`);
      await page.getByRole('heading', { name: 'Оплата отменена' }).waitFor();
      await shot(page, `buy-status-cancelled-${tag}`);
      await axe.check(page, `buy-status-cancelled-${tag}`);
      await context.close();
    });
  },
  russianLooks,
);
