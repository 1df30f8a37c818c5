// Screenshots of the main screens at 390×844 in both languages and themes (and Home inside the mocked
// Telegram client), saved to screenshots/ (git-ignored) for a person to look at; axe runs on each.
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
import { launchHash, telegramBridgeScript } from './telegramMock';

const OUT = 'screenshots';
const EXTERNAL = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94';
const PASSCODE = '2580';
const json = { 'content-type': 'application/json' };

let browser: Browser;
test.beforeAll(async () => {
  mkdirSync(OUT, { recursive: true });
  browser = await workerBrowser();
});
test.afterAll(async () => closeContexts(browser));

async function fundedUser() {
  const { email, password, auth, account } = await confirmedUser('screens');
  await fetch(`${baseUrl}/b2c-wallet/${account}/account/currency/list`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ currencies: ['BTC', 'ETH', 'USDT_TRX'] }),
  });
  await deposit({ auth, account }, 'ETH', '1.25');
  assert.equal(
    (
      await fetch(`${baseUrl}/b2c-user-management/user/pinCode/enable`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ pinCode: PASSCODE }),
      })
    ).status,
    200,
  );
  return { email, password };
}

const shot = (page: Page, name: string) => page.screenshot({ path: `${OUT}/${name}.png` });

eachLook('screenshots of Home, asset, send, review, passcode, progress and details', () => {
  test('shots and axe', async ({ axe, lang, theme }) => {
    const user = await fundedUser();
    const { context, page } = await phone(browser);
    // The protection prompt would cover Home's list; a passcode is set, but keep it out of the way anyway.
    await logIn(page, user, { protectionSeen: true });

    const tag = `${lang}-${theme}`;
    await choosePreferences(page, lang, theme);
    await page.goto(`${baseUrl}/home`);
    await page.waitForFunction(
      () => /[1-9]/.test(document.querySelector('[data-testid="total"]')?.textContent ?? ''),
      null,
      { timeout: 20_000 },
    );
    // The bottom navigation too (its tab marked current): it renders in its own Suspense boundary.
    await page.locator('nav a[aria-current="page"][href="/home"]').waitFor();
    await shot(page, `home-${tag}`);
    await axe.check(page, `home-${tag}`);
    // Hide balances: the eye masks the total and every row; shown again for the screens after it.
    const eye = page.getByRole('button', { name: lang === 'en' ? 'Hide balances' : 'Скрыть балансы' });
    await eye.click();
    await page.waitForFunction(() => document.querySelector('[data-testid="total"]')?.textContent === '••••••');
    await shot(page, `home-hidden-${tag}`);
    await axe.check(page, `home-hidden-${tag}`);
    await eye.click();
    await page.waitForFunction(() => /[1-9]/.test(document.querySelector('[data-testid="total"]')?.textContent ?? ''));
    if (tag === 'ru-light') {
      // The narrowest phone we design for: Home's action labels stay whole on one line.
      await page.setViewportSize({ width: 360, height: 780 });
      await shot(page, 'home-ru-light-360');
      const cut = await page.evaluate(() =>
        Array.from(document.querySelectorAll('nav a span'))
          .filter((s) => s.scrollWidth > s.clientWidth || s.getClientRects().length > 1)
          .map((s) => s.textContent),
      );
      assert.deepEqual(cut, [], 'no action label is cut or wrapped at 360 px');
      await page.setViewportSize({ width: 390, height: 844 });
    }

    await page.goto(`${baseUrl}/home/asset/ETH`);
    await page.getByTestId('history-row').first().waitFor();
    await shot(page, `asset-${tag}`);
    await axe.check(page, `asset-${tag}`);

    await page.getByTestId('history-row').first().click();
    await page.getByTestId('tx-amount').waitFor();
    await shot(page, `details-${tag}`);
    await axe.check(page, `details-${tag}`);
    if (tag === 'ru-light') {
      await page.setViewportSize({ width: 360, height: 780 });
      await shot(page, 'details-ru-light-360');
      await page.setViewportSize({ width: 390, height: 844 });
    }

    await page.goto(`${baseUrl}/home/asset/ETH/send`);
    await page.locator('input').first().fill(EXTERNAL);
    await page.getByTestId('send-fee').filter({ hasText: /\d/ }).waitFor();
    await page.locator('input[inputmode="decimal"]').fill('0.01');
    await page.locator('[data-slot="primary"] button:not([disabled])').waitFor();
    await shot(page, `send-${tag}`);
    await axe.check(page, `send-${tag}`);

    await page.locator('[data-slot="primary"] button').click();
    await page.getByTestId('review-receive').waitFor();
    await shot(page, `review-${tag}`);
    await axe.check(page, `review-${tag}`);

    await page.locator('[data-slot="primary"] button').click();
    const keypad = page.locator('[role="group"]').filter({ has: page.getByTestId('pin-dots') });
    await keypad.waitFor();
    await shot(page, `passcode-${tag}`);
    await axe.check(page, `passcode-${tag}`);

    for (const digit of PASSCODE) await keypad.getByRole('button', { name: digit, exact: true }).click();
    await page.waitForURL('**/send/progress');
    await page.getByTestId('progress-amount').waitFor();
    await shot(page, `progress-${tag}`);
    await axe.check(page, `progress-${tag}`);
    await context.close();
  });
});

test('screenshot of Home inside the mocked Telegram client', async ({ axe }) => {
  const res = await fetch(`${baseUrl}/dev/telegram/init-data`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({
      user: { id: 900000000 + Math.floor(Math.random() * 1e6), first_name: 'Ada', language_code: 'ru' },
    }),
  });
  const { initData } = (await res.json()) as { initData: string };
  const { context, page } = await phone(browser);
  await context.addInitScript(telegramBridgeScript);
  await page.goto(`${baseUrl}/${launchHash(initData)}`);
  await page.waitForURL('**/home**');
  // The shot once Home is drawn: its total priced (a digit, not the skeleton) and the fonts loaded.
  await page.waitForFunction(
    async () => {
      await document.fonts.ready;
      return /\d/.test(document.querySelector('[data-testid="total"]')?.textContent ?? '');
    },
    null,
    { timeout: 20_000 },
  );
  await shot(page, 'home-telegram');
  await axe.check(page, 'home-telegram');
  await context.close();
});
