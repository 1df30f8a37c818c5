// Swap journeys against the real gateway: the home shortcut with BTC → USDT preselected, amount, review
// with its countdown, passcode, success; both balances move by exactly the order's amounts and both
// histories show the swap; an order made short-lived through /dev/swap/behaviour expires and Update
// rate makes a fresh one (new idempotency key) that goes through; axe runs on each screen in both themes.
// The screenshots of every swap screen are swap-screens.e2e.ts's.
import { test } from './fixtures';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import {
  baseUrl,
  confirmedUser,
  logIn,
  phone,
  SWAPPER_PASSCODE,
  swapper,
  typeCode,
  closeContexts,
  workerBrowser,
} from './support';

const PASSCODE = SWAPPER_PASSCODE;
const OUT = 'screenshots';
const json = { 'content-type': 'application/json' };
type User = Awaited<ReturnType<typeof confirmedUser>>;
type Order = { id: string; sourceAmount: string; destinationAmount: string; expiresAt: string; state: string };

let browser: Browser;
// A gateway of its own: it changes the sandbox swap provider's behaviour, which no other journey may see.
test.use({ ownGateway: 'swap' });
test.beforeAll(async () => {
  mkdirSync(OUT, { recursive: true });
  browser = await workerBrowser();
});
test.afterAll(async () => {
  // The switch is the gateway's, shared by every journey: leave it as found.
  await fetch(`${baseUrl}/dev/swap/behaviour`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ orderTtlSeconds: null }),
  });
  await closeContexts(browser);
});

const assets = async (user: User) =>
  (await (await fetch(`${baseUrl}/b2c-wallet/${user.account}/asset`, { headers: user.auth })).json()) as {
    currency: string;
    totalAvailable: string;
  }[];
const balance = async (user: User, currency: string) =>
  (await assets(user)).find((a) => a.currency === currency)?.totalAvailable ?? '0';

/** Exact decimal difference a − b (8 decimals is enough for BTC; USDT has 6). */
const minus = (a: string, b: string, decimals: number) => {
  const units = (v: string) =>
    BigInt((v.split('.')[0] ?? '0') + (v.split('.')[1] ?? '').padEnd(decimals, '0').slice(0, decimals));
  const d = (units(a) - units(b)).toString().padStart(decimals + 1, '0');
  return `${d.slice(0, -decimals)}.${d.slice(-decimals)}`.replace(/0+$/, '').replace(/\.$/, '');
};

/** From Home's shortcut to the review of `amount` BTC; returns the order the app created. */
async function toReview(page: Page, amount: string): Promise<Order> {
  await page.goto(`${baseUrl}/home`);
  // Preselected once the balances show both BTC and USDT.
  await page.locator('a[href="/swap/order?from=BTC&to=USDT_TRX"]').waitFor();
  await page.getByRole('link', { name: 'Swap' }).click();
  await page.waitForURL(/\/swap\/order\?from=BTC&to=USDT_TRX$/);
  await page.getByLabel('You pay, BTC').waitFor();
  await page.getByLabel('You get, USDT').waitFor();
  await page.getByLabel('You pay, BTC').fill(amount);
  await page
    .getByTestId('swap-rate')
    .filter({ hasText: /^1 BTC ≈ [\d,.]+ USDT$/ })
    .waitFor();
  assert.match(
    await page.getByLabel('You get, USDT').inputValue(),
    /^\d+(\.\d+)?$/,
    'the destination follows the source',
  );
  const created = page.waitForResponse((r) => r.request().method() === 'POST' && /\/exchange$/.test(r.url()));
  await page.getByRole('button', { name: 'Continue' }).click();
  const response = await created;
  await page.waitForURL('**/swap/order/review');
  return (await response.json()) as Order;
}

test('home shortcut → BTC to USDT with the passcode: balances move by exactly the order, both histories show it', async ({
  axe,
}) => {
  const user = await swapper('swapper');
  const { context, page } = await phone(browser);
  await logIn(page, user, { protectionSeen: true });
  const order = await toReview(page, '0.001');
  await axe.check(page, 'swap-review');
  // The countdown starts from the order's own expiry (300 s on the server).
  assert.match((await page.getByTestId('swap-countdown').textContent())!, /^(05:00|04:[45]\d)$/);
  assert.equal((await page.getByTestId('review-pay').textContent())!.trim(), '0.001 BTC');
  await page.getByRole('button', { name: 'Confirm swap' }).click();
  await page.getByRole('heading', { name: 'Enter your passcode to swap' }).waitFor();
  await axe.check(page, 'swap-passcode');
  await typeCode(page, PASSCODE);
  await page.waitForURL('**/swap/order/success');
  await page.getByRole('heading', { name: 'Swap complete' }).waitFor();
  await axe.check(page, 'swap-success');

  assert.equal(await balance(user, 'BTC'), minus('0.01', order.sourceAmount, 8));
  assert.equal(await balance(user, 'USDT_TRX'), order.destinationAmount);
  for (const currency of ['BTC', 'USDT_TRX']) {
    await page.goto(`${baseUrl}/home/asset/${currency}`);
    const row = page.getByTestId('history-row').first();
    await row.waitFor();
    assert.match(
      (await row.textContent())!,
      currency === 'BTC' ? /^Swapped.*−0\.001 BTC$/ : /^Swapped.*\+[\d,.]+ USDT$/,
    );
    await axe.check(page, `swap-history-${currency}`);
  }
  await context.close();
});

test('an order that expired offers Update rate, which makes a fresh order (new key) that goes through', async ({
  axe,
}) => {
  const user = await swapper('expiry');
  const { context, page } = await phone(browser, { colorScheme: 'dark' });
  await logIn(page, user, { protectionSeen: true });
  await fetch(`${baseUrl}/dev/swap/behaviour`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ orderTtlSeconds: 3 }),
  });
  let first: Order;
  try {
    first = await toReview(page, '0.002');
    assert.ok(Date.parse(first.expiresAt) - Date.now() < 4_000, 'the short lifetime applies');
    await page.getByTestId('swap-expired').waitFor({ timeout: 10_000 });
    assert.equal(await page.getByRole('button', { name: 'Confirm swap' }).count(), 0);
    await axe.check(page, 'swap-expired');
  } finally {
    await fetch(`${baseUrl}/dev/swap/behaviour`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ orderTtlSeconds: null }),
    });
  }
  const fresh = page.waitForResponse((r) => r.request().method() === 'POST' && /\/exchange$/.test(r.url()));
  await page.getByRole('button', { name: 'Update rate' }).click();
  const response = await fresh;
  const second = (await response.json()) as Order;
  // The gateway answers a repeated key with the first order: a new id means a new key.
  assert.notEqual(second.id, first.id, 'a fresh order (fresh idempotency key)');
  assert.equal(second.state, 'NEW');
  await page
    .getByTestId('swap-countdown')
    .filter({ hasText: /^(05:00|04:[45]\d)$/ })
    .waitFor();
  await page.getByRole('button', { name: 'Confirm swap' }).click();
  await typeCode(page, PASSCODE);
  await page.getByRole('heading', { name: 'Swap complete' }).waitFor();
  assert.equal(await balance(user, 'BTC'), minus('0.01', second.sourceAmount, 8));
  assert.equal(await balance(user, 'USDT_TRX'), second.destinationAmount);
  await context.close();
});
