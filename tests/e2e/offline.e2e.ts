// Offline and stale data (issue 14) in headless Chromium against the real gateway: the test cuts the
// network (the browser's offline mode, then only the gateway's routes), and checks the banner, Home's
// "Updated hh:mm", the send form's held Continue with its reason, and the way back: banner gone and the
// balance refreshed with a deposit made while the app was offline. Screenshots (390×844, en/ru ×
// light/dark) go to screenshots/ for a person to look at; axe runs on each screen in both themes.
import { eachLook, test } from './fixtures';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import {
  baseUrl,
  confirmedUser,
  deposit,
  explained,
  logIn,
  phone,
  choosePreferences,
  closeContexts,
  workerBrowser,
} from './support';

const OUT = 'screenshots';
const EXTERNAL = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94';
const BANNER = { en: 'You are offline', ru: 'Нет подключения к интернету' };
const REASON = {
  en: 'No connection. You can continue once you are back online.',
  ru: 'Нет подключения. Продолжить можно, когда связь восстановится.',
};
const UPDATED = { en: /^Updated \d{1,2}:\d{2}\s?[AP]M$/, ru: /^Обновлено в \d{1,2}:\d{2}$/ };

let browser: Browser;
test.beforeAll(async () => {
  mkdirSync(OUT, { recursive: true });
  browser = await workerBrowser();
});
test.afterAll(async () => closeContexts(browser));

const banner = (page: Page) => page.getByTestId('offline-banner');
const total = (page: Page) => page.getByTestId('total');
/** Home's fiat total drawn (the rates answered): until then it is a skeleton, which carries no date mark. */
const priced = (page: Page) => explained(page, total(page).filter({ hasText: /\d/ }).waitFor({ timeout: 20_000 }));
const continueButton = (page: Page) => page.getByRole('button', { name: /^(Continue|Продолжить)$/ });

/** A new user holding 1.25 ETH, signed in on a phone-sized page at Home (the protection prompt kept out of the way). */
async function signedInWithEth(tag: string) {
  const user = await confirmedUser(tag);
  await deposit(user, 'ETH', '1.25');
  const { context, page } = await phone(browser);
  await logIn(page, user);
  // Dismissed before Home is opened again: the Home that login opened may already show the prompt
  // (spec §2: it then stands in for the asset list), depending on which answer came first.
  await page.evaluate(() => localStorage.setItem('isProtectWalletShown', 'true'));
  await page.goto(`${baseUrl}/home`);
  return { user, context, page };
}

async function fillSend(page: Page) {
  await page.goto(`${baseUrl}/home/asset/ETH/send`);
  await page.getByRole('textbox', { name: /address|адрес/i }).fill(EXTERNAL);
  await page.getByRole('textbox', { name: /^(Amount|Сумма)/ }).fill('0.1');
  await assert.doesNotReject(continueButton(page).and(page.locator(':enabled')).waitFor({ timeout: 20_000 }));
}

test('offline: banner, "Updated hh:mm", Continue held with its reason; back online: banner gone, balance refreshed', async ({
  axe,
}) => {
  const { user, context, page } = await signedInWithEth('offline');
  await explained(page, page.getByTestId('asset-list').getByText('1.25 ETH').waitFor({ timeout: 20_000 }));
  // The list can show before the rates answer; going offline then would leave the total a skeleton.
  await priced(page);
  assert.equal(await banner(page).count(), 0);
  assert.equal(await page.getByTestId('balances-updated').count(), 0, 'fresh data carries no "Updated" line');

  // The browser loses its network: the banner comes at once, the balances say when they were loaded.
  await context.setOffline(true);
  await banner(page).waitFor();
  assert.match((await banner(page).textContent()) ?? '', new RegExp(BANNER.en));
  assert.equal(
    await page.getByRole('status').filter({ hasText: BANNER.en }).count(),
    1,
    'the banner is a status (live) region',
  );
  assert.match(((await page.getByTestId('balances-updated').textContent()) ?? '').trim(), UPDATED.en);
  assert.equal(await total(page).getAttribute('data-dated'), 'true');
  await axe.check(page, 'home-offline');

  // Money arrives while the app cannot see it; back online, the app finds out by itself.
  await deposit(user, 'ETH', '0.5', '1.75');
  await context.setOffline(false);
  await banner(page).waitFor({ state: 'detached', timeout: 20_000 });
  await explained(page, page.getByTestId('asset-list').getByText('1.75 ETH').waitFor({ timeout: 20_000 }));
  assert.equal(await page.getByTestId('balances-updated').count(), 0);
  assert.equal(await total(page).getAttribute('data-dated'), null);

  // The send form, filled and valid; offline, Continue waits with its reason, and Enter does nothing.
  await fillSend(page);
  await context.setOffline(true);
  await banner(page).waitFor();
  assert.equal(await continueButton(page).isDisabled(), true);
  assert.equal(((await page.getByTestId('screen-hold').textContent()) ?? '').trim(), REASON.en);
  await page.getByRole('textbox', { name: /^Amount/ }).press('Enter');
  assert.ok(page.url().endsWith('/home/asset/ETH/send'));
  await axe.check(page, 'send-offline');
  await context.setOffline(false);
  await banner(page).waitFor({ state: 'detached', timeout: 20_000 });
  assert.equal(await continueButton(page).isDisabled(), false);
  assert.equal(await page.getByTestId('screen-hold').count(), 0);

  // Only the gateway goes away (the browser still believes it is online): the next balance poll finds
  // no answer after ky's retries, and the app goes offline by itself; a probe brings it back.
  await page.route('**/b2c-wallet/**', (route) => route.abort('internetdisconnected'));
  await banner(page).waitFor({ timeout: 30_000 });
  assert.equal(await continueButton(page).isDisabled(), true);
  await page.unroute('**/b2c-wallet/**');
  await banner(page).waitFor({ state: 'detached', timeout: 30_000 });
  assert.equal(await continueButton(page).isDisabled(), false);
  await context.close();
});

eachLook('screenshots: Home and the send form offline at 390×844', () => {
  test('shots', async ({ lang, theme }) => {
    const { context, page } = await signedInWithEth('offline-shots');
    const tag = `${lang}-${theme}`;
    await choosePreferences(page, lang, theme);
    await page.goto(`${baseUrl}/home`);
    await page.getByTestId('asset-list').waitFor({ timeout: 20_000 });
    await priced(page);
    await context.setOffline(true);
    await banner(page).waitFor();
    assert.match((await banner(page).textContent()) ?? '', new RegExp(BANNER[lang]));
    assert.match(((await page.getByTestId('balances-updated').textContent()) ?? '').trim(), UPDATED[lang]);
    await page.screenshot({ path: `${OUT}/offline-home-${tag}.png` });
    await context.setOffline(false);
    await banner(page).waitFor({ state: 'detached', timeout: 20_000 });
    await fillSend(page);
    await context.setOffline(true);
    await banner(page).waitFor();
    assert.equal(((await page.getByTestId('screen-hold').textContent()) ?? '').trim(), REASON[lang]);
    await page.screenshot({ path: `${OUT}/offline-send-${tag}.png` });
    await context.setOffline(false);
    await banner(page).waitFor({ state: 'detached', timeout: 20_000 });
    await context.close();
  });
});
