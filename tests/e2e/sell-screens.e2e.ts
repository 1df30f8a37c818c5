// Screenshots of the sell screens at 390×844 in both languages and themes, saved to screenshots/
// (git-ignored) for a person to look at; axe runs on each. A saved card exists (one sale through the API).
import { eachLook, test } from './fixtures';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import {
  baseUrl,
  confirmedUser,
  deposit,
  logIn,
  phone,
  choosePreferences,
  closeContexts,
  workerBrowser,
} from './support';

const OUT = 'screenshots';
const SBER = '2202200000000008';
const TBANK = '2200700000000009';

let browser: Browser;
test.beforeAll(async () => {
  mkdirSync(OUT, { recursive: true });
  browser = await workerBrowser();
});
test.afterAll(async () => closeContexts(browser));

async function sellerWithSavedCard() {
  const user = await confirmedUser('sell-screens');
  const { account, auth } = user;
  await deposit({ auth, account }, 'USDT_TRX', '500');
  const rate = await (
    await fetch(`${baseUrl}/b2c-wallet/c2f/${account}/rate/RUB/USDT_TRX`, {
      method: 'POST',
      headers: { authorization: auth.authorization },
    })
  ).json();
  const res = await fetch(`${baseUrl}/b2c-wallet/c2f/${account}/order/byCard`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({
      card: SBER,
      currency: 'USDT_TRX',
      fiatCurrency: 'RUB',
      fixedRateId: rate.rateId,
      fiatAmount: '1500',
      bankCode: 'SBR',
      bankSystem: 'MIR',
      saveCard: true,
      idempotencyKey: `screens-${Date.now()}`,
    }),
  });
  assert.equal(res.status, 200, await res.text());
  return user;
}

const shot = (page: Page, name: string) => page.screenshot({ path: `${OUT}/${name}.png` });

eachLook('screenshots of the sell screens', () => {
  test('shots and axe', async ({ axe, lang, theme }) => {
    const user = await sellerWithSavedCard();
    const { context, page } = await phone(browser);
    await logIn(page, user, { protectionSeen: true });

    const tag = `${lang}-${theme}`;
    await choosePreferences(page, lang, theme);
    await page.goto(`${baseUrl}/sell/get`);
    await page.locator('main a[href*="/sell/pay"], a[href*="/sell/pay"]').first().waitFor();
    await shot(page, `sell-get-${tag}`);
    await axe.check(page, `sell-get-${tag}`);

    await page.locator('a[href*="/sell/pay"]').first().click();
    await page.waitForURL(/\/sell\/order\?/);
    await page.getByTestId('sell-rate').filter({ hasText: /\d/ }).waitFor();
    await page.locator('input[inputmode="decimal"]').fill('5');
    await page.locator('[role="alert"]').first().waitFor();
    await shot(page, `sell-amount-below-${tag}`);
    await page.locator('input[inputmode="decimal"]').fill('50');
    await page.locator('[data-slot="primary"] button:not([disabled])').waitFor();
    await shot(page, `sell-amount-${tag}`);
    await axe.check(page, `sell-amount-${tag}`);

    await page.locator('[data-slot="primary"] button').click();
    await page.waitForURL('**/sell/order/card**');
    const number = page.locator('input[autocomplete="cc-number"]');
    await page.getByTestId('saved-cards').waitFor();
    await number.pressSequentially(TBANK);
    await page.locator('[role="alert"]').first().waitFor();
    await shot(page, `sell-card-other-bank-${tag}`);
    await axe.check(page, `sell-card-other-bank-${tag}`);
    await number.fill('');
    await number.pressSequentially(SBER);
    await page.locator('[data-slot="primary"] button:not([disabled])').waitFor();
    await page.locator('[role="switch"]').click();
    await shot(page, `sell-card-${tag}`);
    await axe.check(page, `sell-card-${tag}`);

    await page.locator('[data-slot="primary"] button').click();
    await page.getByTestId('review-card').waitFor();
    await page.locator('[data-slot="primary"] button:not([disabled])').waitFor();
    await shot(page, `sell-review-${tag}`);
    await axe.check(page, `sell-review-${tag}`);

    await page.locator('[data-slot="primary"] button').click();
    await page.waitForURL('**/sell/success**');
    await page.getByTestId('sell-success-note').waitFor();
    await shot(page, `sell-success-progress-${tag}`);
    await axe.check(page, `sell-success-progress-${tag}`);
    await page
      .locator('[data-testid="sell-success-note"]')
      .filter({ hasText: lang === 'en' ? 'on its way' : 'в пути' })
      .waitFor({ timeout: 30_000 });
    await shot(page, `sell-success-complete-${tag}`);
    await context.close();
  });
});
