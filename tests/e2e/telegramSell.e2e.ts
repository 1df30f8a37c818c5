// A Telegram user sells (issue 22): inside the mocked client (iOS and Android), the sell amount step's
// Continue is Telegram's main button (iOS's decimal keypad has no Enter), disabled until the amount passes;
// Max fills the whole balance; the card step and the review run on the main button too, the review guards
// closing, and the sale is placed.
import { test } from './fixtures';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, deposit, phone, closeContexts, workerBrowser } from './support';
import { launchHash, nativeState, pressNative, telegramBridgeScript, waitForNative } from './telegramMock';
import { signedInitData, signedInUser } from './telegramUsers';

/** The gateway's Sberbank MIR test card (docs/api.md "Sell"). */
const SBER = '2202200000000008';

let browser: Browser;
test.beforeAll(async () => (browser = await workerBrowser()));
test.afterAll(async () => closeContexts(browser));

async function telegramUser(page: Page, platform: string) {
  const tgUser = { id: 730000000 + Math.floor(Math.random() * 1e6), first_name: 'Sasha', language_code: 'en' };
  await page.goto(`${baseUrl}/${launchHash(await signedInitData(tgUser), platform)}`);
  await page.getByRole('heading', { name: 'Total balance' }).waitFor();
  return signedInUser(page);
}

const c2fRows = async (user: { auth: Record<string, string>; account: string }) => {
  const res = await fetch(`${baseUrl}/b2c-wallet/${user.account}/asset/transactions`, {
    method: 'POST',
    headers: user.auth,
    body: JSON.stringify({ currency: 'USDT_TRX' }),
  });
  const page = (await res.json()) as { content: Array<{ transactionType: string; amount: string }> };
  return page.content.filter((t) => t.transactionType === 'C2F');
};

test("a Telegram user sells USDT to a Sberbank card on Telegram's main button", { tag: '@platform' }, async ({
  telegramPlatform: platform,
  axe,
}) => {
  const { context, page } = await phone(browser);
  await context.addInitScript(telegramBridgeScript);
  const user = await telegramUser(page, platform);
  await deposit(user, 'USDT_TRX', '100');

  await page.goto(`${baseUrl}/sell/order?currency=USDT_TRX&fiat=RUB`);
  await page
    .getByTestId('sell-rate')
    .filter({ hasText: /Rate: 1 USDT ≈ / })
    .waitFor();
  // The amount step's Continue is the messenger's main button, off until an amount passes.
  let native = await waitForNative(page, (s) => s.back && s.main?.text === 'Continue', 'back + Continue');
  assert.equal(native.main!.visible, true);
  assert.equal(native.main!.enabled, false, 'Continue off on an empty amount');
  assert.equal(await page.getByRole('button', { name: 'Continue' }).count(), 0, 'no second Continue on the page');
  const field = page.getByLabel('Amount, USDT');
  assert.equal(await field.getAttribute('inputmode'), 'decimal', "the phone's decimal keypad (no Enter on iOS)");
  await axe.check(page, `telegram-${platform}-sell-amount`);

  if (platform === 'ios') {
    // Max: the whole balance (a sale charges nothing on top).
    await page.getByRole('button', { name: 'Max' }).click();
    assert.equal(await field.inputValue(), '100');
  }
  await field.fill('30');
  await page.getByTestId('sell-fiat').filter({ hasText: /[1-9]/ }).waitFor();
  await waitForNative(page, (s) => s.main?.text === 'Continue' && s.main.enabled, 'Continue enabled');
  await pressNative(page, 'main');
  await page.waitForURL('**/sell/order/card**');
  await page.getByRole('heading', { name: 'Card for the payout' }).waitFor();
  native = await waitForNative(page, (s) => s.main?.text === 'Continue' && !s.main.enabled, 'card: Continue off');

  await page.getByLabel('Card number').pressSequentially(SBER);
  await page.getByText('Sberbank card · MIR').waitFor();
  await waitForNative(page, (s) => s.main?.text === 'Continue' && s.main.enabled, 'card: Continue enabled');
  await pressNative(page, 'main');
  await page.waitForURL('**/sell/order/review**');
  native = await waitForNative(
    page,
    (s) => s.main?.text === 'Confirm and sell' && s.main.enabled && s.closingConfirmation,
    'review on the main button, closing guarded',
  );
  // What it costs, said before confirming (issue 22).
  await page.getByTestId('review-fee').waitFor();
  await axe.check(page, `telegram-${platform}-sell-review`);

  await pressNative(page, 'main');
  await page.waitForURL('**/sell/success**');
  await page.getByRole('heading', { name: /Sale (in progress|complete)/ }).waitFor();
  await waitForNative(page, (s) => !s.closingConfirmation, 'guard off after the sale');
  const rows = await c2fRows(user);
  assert.equal(rows.length, 1, 'one sale placed');
  assert.equal((await nativeState(page)).back, false, 'no back to a placed sale');
  await context.close();
});
