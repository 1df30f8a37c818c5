import { test } from './fixtures';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, phone, closeContexts, workerBrowser } from './support';
import { launchHash, pressNative, telegramBridgeScript, waitForNative } from './telegramMock';
import { fundEth, signedInitData, signedInUser, type SignedInUser } from './telegramUsers';

/**
 * docs/guide.md "Passcode recovery": a Telegram-only user whose passcode is blocked resets it with a fresh
 * Telegram confirmation inside the (mocked) Mini App, and is then held from sending until the reset hold
 * ends: 0.01 h = 36 s on this journey's own gateway (below), 24 h by default.
 */
test.use({ gatewayEnv: { PASSCODE_RESET_HOLD_HOURS: '0.01' } });
let browser: Browser;
test.beforeAll(async () => {
  browser = await workerBrowser();
  mkdirSync('screenshots', { recursive: true });
});
test.afterAll(async () => closeContexts(browser));

const EXTERNAL = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94';
const pin = (path: string) => `${baseUrl}/b2c-user-management/user/pinCode/${path}`;

/** A new Telegram user (no e-mail) opening the Mini App with freshly signed init data. */
async function telegramUser(page: Page, platform: string, over: Record<string, unknown> = {}) {
  const tgUser = { id: 720000000 + Math.floor(Math.random() * 1e6), first_name: 'Tess', language_code: 'en', ...over };
  await page.goto(`${baseUrl}/${launchHash(await signedInitData(tgUser), platform)}`);
  await page.waitForURL('**/home**');
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  return signedInUser(page);
}

/** Passcode 1111, then ten wrong codes through the gateway (the sandbox ends each wait): blocked. */
async function blockPasscode(user: SignedInUser) {
  assert.equal(
    (await fetch(pin('enable'), { method: 'POST', headers: user.auth, body: JSON.stringify({ pinCode: '1111' }) }))
      .status,
    200,
  );
  let last = '';
  for (let i = 0; i < 10; i++) {
    await fetch(`${baseUrl}/dev/passcode/end-wait`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userId: user.userId }),
    });
    last = (
      await (
        await fetch(pin('validate'), {
          method: 'POST',
          headers: { authorization: user.auth.authorization!, pincode: '9999' },
        })
      ).json()
    ).code;
  }
  assert.equal(last, 'B2C_USM0032', 'the tenth wrong code blocks the passcode');
}

/**
 * The recovery ended every session, this tab's too (issue 20 item 3): the old token is refused, and the
 * Mini App signs in again with its init data at its next call.
 */
async function signedInAgain(page: Page, before: SignedInUser): Promise<SignedInUser> {
  assert.equal(
    (await fetch(`${baseUrl}/b2c-user-management/user`, { headers: before.auth })).status,
    401,
    'the recovery ended the old session',
  );
  const old = before.auth.authorization!.slice('Bearer '.length);
  await page.waitForFunction((token) => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('oidc.user:'));
    return Boolean(key) && JSON.parse(localStorage.getItem(key!)!).access_token !== token;
  }, old);
  const fresh = await signedInUser(page);
  assert.equal(fresh.userId, before.userId, 'signed in again as the same user');
  return fresh;
}

async function typeCode(page: Page, code: string) {
  for (const digit of code) await page.getByRole('button', { name: digit, exact: true }).click();
}

async function ethBalance(user: SignedInUser) {
  const assets = await (await fetch(`${baseUrl}/b2c-wallet/${user.account}/asset`, { headers: user.auth })).json();
  return assets.find((a: { currency: string }) => a.currency === 'ETH') as { totalAvailable: string; onHold: string };
}

/** The send form filled in and continued with Telegram's main button, up to the review. */
async function reviewSend(page: Page, opened = false) {
  if (!opened) await page.goto(`${baseUrl}/home/asset/ETH/send`);
  await page.getByLabel(/Recipient's .* address/).fill(EXTERNAL);
  await page.getByTestId('send-fee').filter({ hasText: /\d/ }).waitFor();
  await page.getByLabel('Amount, ETH').fill('0.25');
  await waitForNative(page, (s) => s.main?.visible === true && s.main.enabled, 'Continue enabled');
  await pressNative(page, 'main');
  await page.waitForURL('**/send/review');
}

test('ios: a Telegram-only user blocked, recovered with fresh init data, held from sending until the hold ends', async ({
  axe,
}) => {
  const { context, page } = await phone(browser);
  await context.addInitScript(telegramBridgeScript);
  const user = await telegramUser(page, 'ios');
  await fundEth(user, '1');
  await blockPasscode(user);

  // The block shows up where the user meets it: confirming a send.
  await reviewSend(page);
  await pressNative(page, 'main');
  await page.getByRole('heading', { name: 'Enter your passcode to send' }).waitFor();
  await typeCode(page, '1111');
  await page.getByText('Your passcode is blocked after too many wrong attempts.').waitFor();
  const offer = page.getByRole('link', { name: 'Reset passcode with Telegram' });
  await offer.waitFor();
  // A Telegram-only user has no mailbox: no reset-mail advice.
  assert.equal(await page.getByText(/Forgot password/).count(), 0);
  await axe.check(page, 'recovery-blocked');
  await page.screenshot({ path: 'screenshots/recovery-blocked-en.png' });

  await offer.click();
  await page.waitForURL('**/settings/wallet-protection/recover');
  await page.getByRole('heading', { name: 'Reset passcode with Telegram' }).waitFor();
  await waitForNative(page, (s) => s.main?.text === 'Choose a new passcode', 'the main button starts the recovery');
  await axe.check(page, 'recovery-intro');
  await page.screenshot({ path: 'screenshots/recovery-intro-en.png' });
  await pressNative(page, 'main');
  await page.getByRole('heading', { name: 'New passcode' }).waitFor();
  await waitForNative(page, (s) => s.closingConfirmation, 'closing guarded while a passcode is typed');
  await typeCode(page, '2468');
  await page.getByRole('heading', { name: 'Repeat the new passcode' }).waitFor();
  await typeCode(page, '2468');
  await page.getByRole('heading', { name: 'New passcode set' }).waitFor();
  const holdUntil = (await page.getByTestId('recovered-hold').locator('time').getAttribute('datetime'))!;
  const left = Date.parse(holdUntil) - Date.now();
  assert.ok(left > 10_000 && left <= 37_000, `the hold runs about 36 s from now (${left} ms)`);
  await axe.check(page, 'recovery-done');
  await page.screenshot({ path: 'screenshots/recovery-done-en.png' });
  await pressNative(page, 'main');
  await page.waitForURL('**/home');
  const again = await signedInAgain(page, user);

  // Held: the send entry says until when, and the gateway refuses the confirmed send with the new code.
  const before = await ethBalance(again);
  await page.goto(`${baseUrl}/home/asset/ETH/send`);
  await page.getByTestId('reset-hold').waitFor();
  await axe.check(page, 'recovery-send-held');
  await page.screenshot({ path: 'screenshots/recovery-send-held-en.png' });
  await reviewSend(page, true);
  await page.getByTestId('reset-hold').waitFor();
  await pressNative(page, 'main');
  await page.getByRole('heading', { name: 'Enter your passcode to send' }).waitFor();
  await typeCode(page, '2468');
  // Said on the passcode screen, and in the send's error toast.
  const refusal = page.getByText("Money can't leave your account yet: your passcode was reset recently.");
  await refusal.first().waitFor();
  assert.equal(
    await page.locator('p', { hasText: "Money can't leave your account yet" }).count(),
    1,
    'on the passcode screen',
  );
  assert.equal(
    await page.locator('[data-kind="error"]', { hasText: "Money can't leave your account yet" }).count(),
    1,
    'in the error toast',
  );
  const notice = page.getByTestId('reset-hold');
  await notice.waitFor();
  assert.match((await notice.textContent())!, /money can't leave your account until/);
  assert.equal(await notice.locator('time').getAttribute('datetime'), holdUntil);
  await axe.check(page, 'recovery-held-refusal');
  await page.screenshot({ path: 'screenshots/recovery-held-refusal-en.png' });
  assert.deepEqual(await ethBalance(again), before, 'nothing moved while held');
  assert.ok(Date.now() < Date.parse(holdUntil), 'the refusal came while the hold ran');

  // The hold ends on its own: the notice goes, and the same passcode now sends.
  await notice.waitFor({ state: 'detached', timeout: Math.max(0, Date.parse(holdUntil) - Date.now()) + 10_000 });
  assert.ok(Date.now() >= Date.parse(holdUntil) - 1000, 'the notice stayed until the hold ended');
  await typeCode(page, '2468');
  await page.waitForURL('**/send/progress');
  assert.notDeepEqual(await ethBalance(again), before, 'the send went out after the hold');
  await context.close();
});

test('ru: the blocked screen, the recovery and the hold in Russian (screenshots 390×844)', async ({ axe }) => {
  const { context, page } = await phone(browser);
  await context.addInitScript(telegramBridgeScript);
  const user = await telegramUser(page, 'android', { language_code: 'ru', first_name: 'Таня' });
  await fetch(`${baseUrl}/b2c-wallet/${user.account}/account/currency`, {
    method: 'POST',
    headers: user.auth,
    body: JSON.stringify({ currency: 'ETH' }),
  });
  await blockPasscode(user);

  await page.goto(`${baseUrl}/settings/wallet-protection/change`);
  await typeCode(page, '1111');
  const offer = page.getByRole('link', { name: 'Сбросить код-пароль через Telegram' });
  await offer.waitFor();
  await axe.check(page, 'recovery-blocked-ru');
  await page.screenshot({ path: 'screenshots/recovery-blocked-ru.png' });
  await offer.click();
  await page.getByRole('heading', { name: 'Сбросить код-пароль через Telegram' }).waitFor();
  await page.screenshot({ path: 'screenshots/recovery-intro-ru.png' });
  await pressNative(page, 'main');
  await page.getByRole('heading', { name: 'Новый код-пароль' }).waitFor();
  await typeCode(page, '1357');
  await page.getByRole('heading', { name: 'Повторите новый код-пароль' }).waitFor();
  await typeCode(page, '1357');
  await page.getByRole('heading', { name: 'Новый код-пароль установлен' }).waitFor();
  assert.match(
    (await page.getByTestId('recovered-hold').textContent())!,
    /^В целях безопасности деньги не могут покинуть ваш счёт до \d{1,2} \S+ \d{4} г\., \d{2}:\d{2}\.$/,
  );
  await axe.check(page, 'recovery-done-ru');
  await page.screenshot({ path: 'screenshots/recovery-done-ru.png' });
  await pressNative(page, 'main');
  await page.waitForURL('**/home');

  await page.goto(`${baseUrl}/home/asset/ETH/send`);
  const notice = page.getByTestId('reset-hold');
  await notice.waitFor();
  assert.match(
    (await notice.textContent())!,
    /^Ваш код-пароль был сброшен\. В целях безопасности деньги не могут покинуть ваш счёт до /,
  );
  await axe.check(page, 'recovery-send-held-ru');
  await page.screenshot({ path: 'screenshots/recovery-send-held-ru.png' });
  await context.close();
});
