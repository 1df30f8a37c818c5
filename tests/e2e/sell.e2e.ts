// Sell (issue 11): USDT TRC-20 to a new Sberbank card with "save card", in progress then completed with
// the balance reduced; again with the saved card; a non-Sber card blocked with the spec's message;
// the passcode step; payouts temporarily unavailable; axe on every screen; no card number in the URL or
// in storage.
import { test } from './fixtures';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, confirmedUser, deposit, logIn, phone, closeContexts, workerBrowser } from './support';

const json = { 'content-type': 'application/json' };
/** The gateway's test cards (docs/api.md "Sell"): Sberbank MIR, and T-Bank MIR (refused). */
const SBER = '2202200000000008';
const TBANK = '2200700000000009';
const ONLY_SBER = 'RUB payouts are only available to Sberbank cards.';
const PASSCODE = '2580';

let browser: Browser;
// A gateway of its own: it switches the sandbox payouts off and on, which no other journey may see.
test.use({ ownGateway: 'sell' });
test.beforeAll(async () => (browser = await workerBrowser()));
test.afterAll(async () => {
  await fetch(`${baseUrl}/dev/sell/payouts`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ unavailable: false }),
  });
  await closeContexts(browser);
});

type User = { email: string; password: string; auth: Record<string, string>; account: string };

const usdt = async (user: User) =>
  (await (await fetch(`${baseUrl}/b2c-wallet/${user.account}/asset`, { headers: user.auth })).json()).find(
    (a: { currency: string }) => a.currency === 'USDT_TRX',
  );

const fundUsdt = (user: User, amount: string) => deposit(user, 'USDT_TRX', amount);

/** What the browser keeps: the URL, local and session storage. The card number must be in none. */
const kept = (page: Page) =>
  page.evaluate(() => JSON.stringify({ url: location.href, ...localStorage, ...sessionStorage }));

async function amountStep(page: Page, amount: string) {
  await page
    .getByTestId('sell-rate')
    .filter({ hasText: /Rate: 1 USDT ≈ / })
    .waitFor();
  await page.getByLabel('Amount, USDT').fill(amount);
  await page.getByTestId('sell-fiat').filter({ hasText: /[1-9]/ }).waitFor();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL('**/sell/order/card**');
  await page.getByRole('heading', { name: 'Card for the payout' }).waitFor();
}

const c2fRows = async (user: User) => {
  const page = await (
    await fetch(`${baseUrl}/b2c-wallet/${user.account}/asset/transactions`, {
      method: 'POST',
      headers: user.auth,
      body: JSON.stringify({ currency: 'USDT_TRX' }),
    })
  ).json();
  return (page.content as Array<{ transactionType: string; state: string; amount: string }>).filter(
    (t) => t.transactionType === 'C2F',
  );
};

test('sell USDT to a new Sberbank card (saved), then to the saved card through the passcode step; a T-Bank card is blocked', async ({
  axe,
}) => {
  const user = await confirmedUser('seller');
  await fundUsdt(user, '200');
  const { context, page } = await phone(browser);
  await logIn(page, user, { protectionSeen: true });

  // Home → buy or sell → choose the crypto → /sell/pay selects RUB and goes on to the amount.
  await page.goto(`${baseUrl}/home/buy-sell`);
  await page.getByRole('link', { name: 'Sell to card' }).click();
  await page.waitForURL('**/sell/get');
  await page.getByRole('heading', { name: 'Choose the crypto to sell' }).waitFor();
  await axe.check(page, 'sell-get');
  await page.getByRole('link', { name: /Tether/ }).click();
  await page.waitForURL(/\/sell\/order\?currency=USDT_TRX&fiat=RUB$/);
  await page
    .getByTestId('sell-rate')
    .filter({ hasText: /Rate: 1 USDT ≈ / })
    .waitFor();
  assert.equal(
    await page
      .getByTestId('sell-bounds')
      .textContent()
      .then((t) => /^From [\d.,]+ to [\d.,]+ USDT$/.test(t!)),
    true,
  );
  // Zero is refused; Continue stays off.
  await page.getByLabel('Amount, USDT').fill('0');
  assert.equal(await page.getByRole('button', { name: 'Continue' }).isDisabled(), true);
  await axe.check(page, 'sell-amount');
  // Max (issue 22): the whole balance, as a sale charges nothing on top.
  await page.getByRole('button', { name: 'Max' }).click();
  assert.equal(await page.getByLabel('Amount, USDT').inputValue(), '200');
  assert.equal(await page.getByRole('button', { name: 'Continue' }).isDisabled(), false);
  await amountStep(page, '50');
  await axe.check(page, 'sell-card');

  // Another bank: sell_only_sber_error, Continue blocked.
  const number = page.getByLabel('Card number');
  assert.equal(await number.getAttribute('inputmode'), 'numeric');
  assert.equal(await number.getAttribute('autocomplete'), 'cc-number');
  await number.pressSequentially(TBANK);
  await page.getByText(ONLY_SBER).waitFor();
  assert.equal(await number.inputValue(), '2200 7000 0000 0009', 'groups of four');
  assert.equal(await page.getByRole('button', { name: 'Continue' }).isDisabled(), true);
  await axe.check(page, 'sell-card-not-sber');

  // A Sberbank card, saved for next time.
  await number.fill('');
  await number.pressSequentially(SBER);
  await page.getByText('Sberbank card · MIR').waitFor();
  await page.getByRole('switch', { name: 'Save card for next time' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL('**/sell/order/review**');
  assert.equal((await page.getByTestId('review-card').textContent())!.trim(), '2202 20•• •••• 0008');
  const fiat = (await page.getByTestId('review-fiat').textContent())!;
  assert.match(fiat, /^₽[\d,]+\.\d{2}$/);
  assert.ok(!(await kept(page)).includes(SBER), 'no card number in the URL or storage');
  await axe.check(page, 'sell-review');
  await page.getByRole('button', { name: 'Confirm and sell' }).click();

  // In progress, then completed (the sandbox pays out after ~3 s; the screen polls the order).
  await page.waitForURL('**/sell/success**');
  await page.getByRole('heading', { name: 'Sale in progress' }).waitFor();
  await axe.check(page, 'sell-success-progress');
  const [pending] = await c2fRows(user);
  assert.ok(pending, 'a C2F row in the history');
  await page.getByRole('heading', { name: 'Sale complete' }).waitFor({ timeout: 30_000 });
  assert.equal((await page.getByTestId('sell-success-fiat').textContent())!, fiat);
  await axe.check(page, 'sell-success-complete');
  assert.ok(!(await kept(page)).includes(SBER), 'no card number kept after the sale');

  // The history shows the sale completed; the balance fell by the crypto the order held.
  const [sold] = await c2fRows(user);
  assert.equal(sold.state, 'COMPLETED');
  assert.equal(Number((await usdt(user)).totalAvailable).toFixed(6), (200 - Number(sold.amount)).toFixed(6));
  await page.getByRole('link', { name: 'Go to dashboard' }).click();
  await page.waitForURL('**/home');
  await page.goto(`${baseUrl}/home/asset/USDT_TRX`);
  const row = page.getByTestId('history-row').first();
  await row.waitFor();
  assert.match((await row.textContent())!, /Sold/);
  await axe.check(page, 'asset-sold');

  // Again, with the saved card: a tap continues. A passcode set meanwhile (through the API, so the app's
  // profile still says none): the gateway asks for it and the review turns into the passcode step.
  assert.equal(
    (
      await fetch(`${baseUrl}/b2c-user-management/user/pinCode/enable`, {
        method: 'POST',
        headers: user.auth,
        body: JSON.stringify({ pinCode: PASSCODE }),
      })
    ).status,
    200,
  );
  await page.goto(`${baseUrl}/sell/pay?currency=USDT_TRX`);
  await page.waitForURL(/\/sell\/order\?/);
  await amountStep(page, '20');
  const saved = page.getByTestId('saved-cards').getByRole('button', { name: '2202 20•• •••• 0008' });
  await saved.waitFor();
  await axe.check(page, 'sell-card-saved');
  await saved.click();
  await page.waitForURL('**/sell/order/review**');
  assert.equal((await page.getByTestId('review-card').textContent())!.trim(), '2202 20•• •••• 0008');
  await page.getByRole('button', { name: 'Confirm and sell' }).click();
  await page.getByRole('heading', { name: 'Enter your passcode to sell' }).waitFor();
  await axe.check(page, 'sell-passcode');
  for (const digit of PASSCODE)
    await page
      .getByRole('group', { name: 'Passcode keypad' })
      .getByRole('button', { name: digit, exact: true })
      .click();
  await page.waitForURL('**/sell/success**');
  await page.getByRole('heading', { name: /Sale (in progress|complete)/ }).waitFor();
  await page.getByRole('heading', { name: 'Sale complete' }).waitFor({ timeout: 30_000 });
  const rows = await c2fRows(user);
  assert.equal(rows.length, 2);
  assert.equal(
    Number((await usdt(user)).totalAvailable).toFixed(6),
    (200 - Number(rows[0].amount) - Number(rows[1].amount)).toFixed(6),
  );
  await context.close();
});

test('payouts temporarily unavailable: the review says so; once back, Try again places one sale with the same key', async ({
  axe,
}) => {
  const user = await confirmedUser('seller-down');
  await fundUsdt(user, '100');
  const { context, page } = await phone(browser);
  await logIn(page, user, { protectionSeen: true });
  await page.goto(`${baseUrl}/sell/order?currency=USDT_TRX&fiat=RUB`);
  await amountStep(page, '30');
  await page.getByTestId('saved-cards-empty').waitFor();
  await page.getByLabel('Card number').pressSequentially(SBER);
  await page.getByText('Sberbank card · MIR').waitFor();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL('**/sell/order/review**');
  assert.equal(
    (
      await fetch(`${baseUrl}/dev/sell/payouts`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ unavailable: true }),
      })
    ).status,
    200,
  );
  await page.getByRole('button', { name: 'Confirm and sell' }).click();
  await page
    .getByTestId('review-error')
    .filter({ hasText: 'Payouts are temporarily unavailable. Please try again later.' })
    .waitFor();
  await axe.check(page, 'sell-review-unavailable');
  assert.equal(Number((await usdt(user)).totalAvailable), 100, 'nothing held');
  // Back on: the same review, the same key, one sale.
  await fetch(`${baseUrl}/dev/sell/payouts`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ unavailable: false }),
  });
  await page.getByRole('button', { name: 'Try again' }).click();
  await page.waitForURL('**/sell/success**');
  await page.getByRole('heading', { name: /Sale (in progress|complete)/ }).waitFor();
  assert.equal((await c2fRows(user)).length, 1);
  await context.close();
});
