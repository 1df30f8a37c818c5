import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, FrameLocator, Page } from 'playwright-core';
import { baseUrl, launch } from './support';
import { fundEth, signedInUser } from './telegramUsers';

// The sandbox Telegram harness (/dev/telegram) with the app in its frame: the journeys press the
// buttons the harness draws from what the app asked for, as a person trying the Mini App would.

const EXTERNAL = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94';
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

let browser: Browser;
before(async () => (browser = await launch()));
after(async () => browser?.close());

async function openHarness(platform: string): Promise<{ page: Page; app: FrameLocator; close: () => Promise<void> }> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    locale: 'en-US',
    colorScheme: 'light',
  });
  const page = await context.newPage();
  await page.goto(`${baseUrl}/dev/telegram?user=new&platform=${platform}&theme=light`);
  const app = page.frameLocator('#app');
  await app.getByRole('heading', { name: 'Total balance' }).waitFor();
  return { page, app, close: () => context.close() };
}

/** What the harness shows in its "What the app asked for" list. */
const shown = (page: Page, what: 'back' | 'main' | 'closing' | 'swipes') =>
  page.locator(`#state-${what}`).textContent();

async function waitShown(page: Page, what: 'back' | 'main' | 'closing' | 'swipes', expected: string | RegExp) {
  for (let i = 0; i < 100; i++) {
    const text = (await shown(page, what)) ?? '';
    if (typeof expected === 'string' ? text === expected : expected.test(text)) return;
    await page.waitForTimeout(100);
  }
  throw new Error(`harness ${what}: expected ${expected}, shows ${await shown(page, what)}`);
}

/** axe on the harness page itself (the app inside has its own checks in the other journeys). */
async function harnessA11y(page: Page, label: string) {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const result = await (window as any).axe.run({ exclude: [['#app']] }, { resultTypes: ['violations'] });
    return result.violations.map((v: any) => `${v.id}: ${v.nodes.map((n: any) => n.target.join(' ')).join(', ')}`);
  });
  assert.deepEqual(violations, [], `axe on the harness (${label})`);
}

const appScheme = (app: FrameLocator) =>
  app.locator('html').evaluate((html) => (html as HTMLElement).style.colorScheme);
const appPath = (app: FrameLocator) => app.locator('html').evaluate(() => window.location.pathname);

for (const platform of ['ios', 'android']) {
  test(`${platform} in the harness: its drawn back and main buttons drive a send, closing is guarded on the review, theme changes apply`, async () => {
    const { page, app, close } = await openHarness(platform);
    const back = page.locator('#tg-back');
    const main = page.locator('#tg-main');
    // Home is a root tab: the harness draws neither button.
    assert.equal(await shown(page, 'back'), 'hidden');
    assert.equal(await back.isVisible(), false);
    assert.equal(await main.isVisible(), false);
    await harnessA11y(page, `${platform} home`);
    await fundEth(await signedInUser(page), '1');
    // The harness's reload (Telegram's "Reload page"): the same session, now with the deposit.
    await page.getByRole('button', { name: 'Reload the Mini App' }).click();
    await app.getByRole('heading', { name: 'Total balance' }).waitFor();

    await app.getByRole('link', { name: 'Send' }).click();
    await app
      .getByRole('button', { name: /Ethereum/ })
      .or(app.getByRole('link', { name: /Ethereum/ }))
      .first()
      .click();
    await waitShown(page, 'main', '"Continue", disabled');
    assert.equal(await back.isVisible(), true, 'back drawn on the send form');
    assert.equal(await main.isDisabled(), true, 'Continue disabled on an empty form');
    assert.equal(
      await app.getByRole('button', { name: 'Continue' }).count(),
      0,
      'no in-page Continue inside the messenger',
    );

    // The harness's back goes where the page's back would, and is gone on Home.
    await back.click();
    await waitShown(page, 'main', 'hidden');
    assert.match(await appPath(app), /\/home\/asset\/ETH$/);
    await back.click();
    await waitShown(page, 'back', 'hidden');
    assert.match(await appPath(app), /\/home$/);
    assert.equal(await back.isVisible(), false);

    await app.getByRole('link', { name: 'Send' }).click();
    await app
      .getByRole('button', { name: /Ethereum/ })
      .or(app.getByRole('link', { name: /Ethereum/ }))
      .first()
      .click();
    // The native QR popup, answered with a pasted value (qr_text_received).
    await app.getByRole('button', { name: 'Scan QR' }).click();
    const qr = page.getByRole('dialog', { name: 'Scan QR code' });
    await qr.waitFor();
    await page.getByLabel('Paste the text the QR code holds').fill(`ethereum:${EXTERNAL}`);
    await qr.getByRole('button', { name: 'Scan' }).click();
    await qr.waitFor({ state: 'hidden' });
    const recipient = app.getByLabel(/Recipient's .* address/);
    for (let i = 0; i < 50 && (await recipient.inputValue()) !== EXTERNAL; i++) await page.waitForTimeout(100);
    assert.equal(await recipient.inputValue(), EXTERNAL, 'the scanned address is filled in');
    await app
      .getByTestId('send-fee')
      .filter({ hasText: /Network fee: \d/ })
      .waitFor();
    await app.getByLabel('Amount, ETH').fill('0.25');
    await waitShown(page, 'main', '"Continue"');
    await main.click();

    await waitShown(page, 'main', '"Confirm and send"');
    await waitShown(page, 'closing', 'on');
    assert.equal(await shown(page, 'swipes'), 'off');
    // Closing now asks first; cancelling keeps the review.
    await page.locator('#tg-close').click();
    const confirm = page.getByRole('dialog').filter({ hasText: 'Changes that you made may not be saved.' });
    await confirm.waitFor();
    await harnessA11y(page, `${platform} close confirmation`);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    assert.match(await appPath(app), /\/send\/review$/);
    if (platform === 'ios') {
      mkdirSync('screenshots', { recursive: true });
      await page.screenshot({ path: 'screenshots/telegram-harness-review.png' });
    }

    await main.click();
    await waitShown(page, 'main', '"Back to assets"');
    await waitShown(page, 'closing', 'off');
    assert.equal(await shown(page, 'swipes'), 'on');
    const drawn = (await page.evaluate(() => (window as any).__harnessMessages)) as {
      direction: string;
      eventType: string;
      eventData?: any;
    }[];
    assert.ok(
      drawn.some(
        (m) =>
          m.eventType === 'web_app_setup_main_button' &&
          m.eventData.text === 'Confirm and send' &&
          m.eventData.is_progress_visible,
      ),
      'the main button was drawn with its loader while sending',
    );
    const log = await page.locator('#log').textContent();
    assert.match(
      log ?? '',
      /Closing confirmation on[\s\S]*Closing confirmation off/,
      'the log shows the guard on, then off',
    );
    await main.click();
    await waitShown(page, 'back', 'hidden');
    await waitShown(page, 'main', 'hidden');
    assert.match(await appPath(app), /\/home$/);

    // theme_changed while the app runs: the app follows the messenger's scheme at once.
    assert.equal(await appScheme(app), 'light');
    await page.getByLabel('Theme (changes apply live)').selectOption('dark');
    for (let i = 0; i < 50 && (await appScheme(app)) !== 'dark'; i++) await page.waitForTimeout(100);
    assert.equal(await appScheme(app), 'dark', 'theme_changed applied');
    await harnessA11y(page, `${platform} dark`);
    if (platform === 'android') {
      mkdirSync('screenshots', { recursive: true });
      await page.screenshot({ path: 'screenshots/telegram-harness-android-dark.png' });
    }
    await close();
  });
}

test('the harness answers popups with the button pressed (popup_closed), as the web client does', async () => {
  const { page, app, close } = await openHarness('tdesktop');
  // The app has no popup of its own yet: post the SDK's message from inside the frame, as it would.
  const answer = app.locator('html').evaluate(
    () =>
      new Promise((resolve) => {
        window.addEventListener('message', (event) => {
          const { eventType, eventData } = JSON.parse(event.data);
          if (eventType === 'popup_closed') resolve(eventData);
        });
        window.parent.postMessage(
          JSON.stringify({
            eventType: 'web_app_open_popup',
            eventData: {
              title: 'Remove address?',
              message: 'It leaves your address book.',
              buttons: [
                { id: 'remove', type: 'destructive', text: 'Remove' },
                { id: 'keep', type: 'cancel' },
              ],
            },
          }),
          'https://web.telegram.org',
        );
      }),
  );
  const popup = page.getByRole('dialog', { name: 'Remove address?' });
  await popup.waitFor();
  assert.match((await popup.textContent()) ?? '', /It leaves your address book\./);
  await harnessA11y(page, 'popup');
  await popup.getByRole('button', { name: 'Remove' }).click();
  assert.deepEqual(await answer, { button_id: 'remove' });
  await popup.waitFor({ state: 'hidden' });
  assert.match((await page.locator('#log').textContent()) ?? '', /Popup closed with "remove"/);
  await close();
});
