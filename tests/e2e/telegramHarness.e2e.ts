import { test } from './fixtures';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import type { Browser, FrameLocator, Page } from 'playwright-core';
import { appPath, chooseSendAsset, shown, openHarness as open, reloadMiniApp, waitShown } from './harness';
import { baseUrl, closeContexts, workerBrowser } from './support';
import { fundEth, signedInUser } from './telegramUsers';

// The sandbox Telegram harness (/dev/telegram) with the app in its frame: the journeys press the
// buttons the harness draws from what the app asked for, as a person trying the Mini App would.

const EXTERNAL = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94';
let browser: Browser;
test.beforeAll(async () => (browser = await workerBrowser()));
test.afterAll(async () => closeContexts(browser));

const appScheme = (app: FrameLocator) =>
  app.locator('html').evaluate((html) => (html as HTMLElement).style.colorScheme);
const openHarness = (platform: string) => open(browser, platform);

test('in the harness: its drawn back and main buttons drive a send, closing is guarded on the review, theme changes apply', {
  tag: '@platform',
}, async ({ telegramPlatform: platform, axe }) => {
  const { page, app, close } = await openHarness(platform);
  const back = page.locator('#tg-back');
  const main = page.locator('#tg-main');
  // Home is a root tab: the harness draws neither button.
  assert.equal(await shown(page, 'back'), 'hidden');
  assert.equal(await back.isVisible(), false);
  assert.equal(await main.isVisible(), false);
  await axe.checkAround(page, `${platform} home`, '#app');
  await fundEth(await signedInUser(page), '1');
  // The harness's reload (Telegram's "Reload page"): the same session, now with the deposit.
  await reloadMiniApp(page, app);

  await chooseSendAsset(app, /Ethereum/);
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

  await chooseSendAsset(app, /Ethereum/);
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
  await axe.checkAround(page, `${platform} close confirmation`, '#app');
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
  await axe.checkAround(page, `${platform} dark`, '#app');
  if (platform === 'android') {
    mkdirSync('screenshots', { recursive: true });
    await page.screenshot({ path: 'screenshots/telegram-harness-android-dark.png' });
  }
  await close();
});

/** The send form filled in and continued with the harness's main button, then confirmed on the review. */
async function sendUpToPasscode(page: Page, app: FrameLocator) {
  await chooseSendAsset(app, /Ethereum/);
  await app.getByLabel(/Recipient's .* address/).fill(EXTERNAL);
  await app
    .getByTestId('send-fee')
    .filter({ hasText: /Network fee: \d/ })
    .waitFor();
  await app.getByLabel('Amount, ETH').fill('0.1');
  await waitShown(page, 'main', '"Continue"');
  await page.locator('#tg-main').click();
  await waitShown(page, 'main', '"Confirm and send"');
  await page.locator('#tg-main').click();
}

const typeIn = async (app: FrameLocator, code: string) => {
  for (const digit of code) await app.getByRole('button', { name: digit, exact: true }).click();
};

// Spec §4: the passcode is stored as the biometric token (iOS inside the messenger only); every passcode
// step of a money flow asks for it first and falls back to the keypad.
test('in the harness: the send passcode step asks for biometrics on iOS (a refused Face ID falls back to the keypad) and is the keypad on Android', {
  tag: '@platform',
}, async ({ telegramPlatform: platform, axe }) => {
  const { page, app, close } = await openHarness(platform);
  const user = await signedInUser(page);
  await fundEth(user, '1');
  const enabled = await fetch(`${baseUrl}/b2c-user-management/user/pinCode/enable`, {
    method: 'POST',
    headers: user.auth,
    body: JSON.stringify({ pinCode: '2580' }),
  });
  assert.equal(enabled.status, 200);
  await reloadMiniApp(page, app);

  await app.getByRole('link', { name: 'Settings' }).click();
  // A Telegram-only user is named by Telegram (the harness's new user has no @username).
  await app
    .getByTestId('profile-email')
    .filter({ hasText: /^Newcomer$/ })
    .waitFor();
  await app.getByRole('link', { name: /Wallet protection/ }).click();
  await app.getByRole('switch', { name: 'Passcode' }).waitFor();
  const faceId = page.getByRole('dialog', { name: 'Face ID' });
  if (platform === 'ios') {
    const toggle = app.getByRole('switch', { name: 'Biometrics' });
    assert.equal(await toggle.getAttribute('aria-checked'), 'false');
    await toggle.click();
    // Telegram asks the user to let the bot use Face ID, then the app checks the passcode it stores.
    await faceId.waitFor();
    await axe.checkAround(page, 'biometry access', '#app');
    await faceId.getByRole('button', { name: 'Allow', exact: true }).click();
    await app.getByRole('heading', { name: 'Enter your passcode to turn on biometrics' }).waitFor();
    await typeIn(app, '2580');
    await app.getByRole('switch', { name: 'Biometrics' }).and(app.locator('[aria-checked="true"]')).waitFor();
    assert.match((await page.locator('#log').textContent()) ?? '', /Biometric token stored/);
  } else {
    assert.equal(await app.getByRole('switch', { name: 'Biometrics' }).count(), 0, 'no biometrics off iOS');
  }
  // Settings is a tab root: its back is the harness's, then Home through the tab bar.
  await back(page);
  await app.getByRole('heading', { name: 'Settings' }).waitFor();
  await app.getByRole('link', { name: 'Home' }).click();
  await app.getByRole('heading', { name: 'Total balance' }).waitFor();

  await sendUpToPasscode(page, app);
  const keypad = app.getByRole('group', { name: 'Passcode keypad' });
  await keypad.waitFor();
  const biometricKey = app.getByRole('button', { name: 'Use biometrics' });
  if (platform === 'ios') {
    // The step asks for Face ID as it opens; refused, the keypad is there, with the biometric key to ask again.
    await faceId.waitFor();
    assert.match((await faceId.textContent()) ?? '', /Confirm with biometrics to use your wallet passcode/);
    await faceId.getByRole('button', { name: 'Cancel' }).click();
    await biometricKey.waitFor();
    assert.equal(await app.getByRole('button', { name: '5', exact: true }).isEnabled(), true, 'the keypad takes over');
    assert.match(await appPath(app), /\/send\/review$/);
    mkdirSync('screenshots', { recursive: true });
    await page.screenshot({ path: 'screenshots/telegram-harness-passcode-biometrics.png' });
    await biometricKey.click();
    await faceId.waitFor();
    await faceId.getByRole('button', { name: 'Recognise my face' }).click();
    assert.match((await page.locator('#log').textContent()) ?? '', /Face ID refused[\s\S]*Face ID recognised/);
  } else {
    assert.equal(await biometricKey.count(), 0, 'no biometric key off iOS');
    assert.equal(await faceId.isVisible(), false);
    await typeIn(app, '2580');
  }
  // The withdrawal went out with the code (the token is the passcode): the progress screen.
  await waitShown(page, 'main', '"Back to assets"');
  const history = await (
    await fetch(`${baseUrl}/b2c-wallet/${user.account}/asset/transactions`, {
      method: 'POST',
      headers: user.auth,
      body: JSON.stringify({ currency: 'ETH' }),
    })
  ).json();
  assert.ok(
    history.content.some((t: { transactionType: string; to?: string }) => t.transactionType === 'WITHDRAWAL'),
    'the send is in the history',
  );
  await close();
});

/** The harness's drawn back button, waited for. */
async function back(page: Page) {
  await page.locator('#tg-back').waitFor();
  await page.locator('#tg-back').click();
}

test('the harness answers popups with the button pressed (popup_closed), as the web client does', async ({ axe }) => {
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
  await axe.checkAround(page, 'popup', '#app');
  await popup.getByRole('button', { name: 'Remove' }).click();
  assert.deepEqual(await answer, { button_id: 'remove' });
  await popup.waitFor({ state: 'hidden' });
  assert.match((await page.locator('#log').textContent()) ?? '', /Popup closed with "remove"/);
  await close();
});
