// Swap journeys against the real gateway: the home shortcut with BTC → USDT preselected, amount, review
// with its countdown, passcode, success; both balances move by exactly the order's amounts and both
// histories show the swap; an order made short-lived through /dev/swap/behaviour expires and Update
// rate makes a fresh one (new idempotency key) that goes through. Screenshots of each swap screen in
// en/ru × light/dark go to screenshots/ (git-ignored); axe runs on each screen in both themes.
import { test } from './fixtures';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import {
  baseUrl,
  confirmedUser,
  deposit,
  launch,
  logIn,
  phone,
  typeCode,
  choosePreferences,
  languages,
  themes,
} from './support';

const PASSCODE = '2580';
const OUT = 'screenshots';
const json = { 'content-type': 'application/json' };
type User = Awaited<ReturnType<typeof confirmedUser>>;
type Order = { id: string; sourceAmount: string; destinationAmount: string; expiresAt: string; state: string };

let browser: Browser;
// A gateway of its own: it changes the sandbox swap provider's behaviour, which no other journey may see.
test.use({ ownGateway: 'swap' });
test.beforeAll(async () => {
  mkdirSync(OUT, { recursive: true });
  browser = await launch();
});
test.afterAll(async () => {
  // The switch is the gateway's, shared by every journey: leave it as found.
  await fetch(`${baseUrl}/dev/swap/behaviour`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ orderTtlSeconds: null }),
  });
  await browser?.close();
});

const assets = async (user: User) =>
  (await (await fetch(`${baseUrl}/b2c-wallet/${user.account}/asset`, { headers: user.auth })).json()) as {
    currency: string;
    totalAvailable: string;
  }[];
const balance = async (user: User, currency: string) =>
  (await assets(user)).find((a) => a.currency === currency)?.totalAvailable ?? '0';

/** A user holding 0.01 BTC and an empty USDT TRC-20 asset, with a passcode. */
async function swapper(tag: string): Promise<User> {
  const user = await confirmedUser(tag);
  await fetch(`${baseUrl}/b2c-wallet/${user.account}/account/currency/list`, {
    method: 'POST',
    headers: user.auth,
    body: JSON.stringify({ currencies: ['BTC', 'USDT_TRX'] }),
  });
  await deposit(user, 'BTC', '0.01');
  assert.equal(await balance(user, 'BTC'), '0.01');
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
  return user;
}

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

/**
 * Texts of the swap screen that wrap inside a word (a line break with no space or hyphen before it
 * within one word), are cut or stick out of their box: none at 360 px in Russian (issue 22: "USDT TRC-\n20", "Вы\nполучите").
 */
const brokenWords = (page: Page) =>
  page.evaluate(() => {
    const broken: string[] = [];
    const walker = document.createTreeWalker(document.querySelector('main') ?? document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const value = node.textContent ?? '';
      const range = document.createRange();
      // Each word alone: more than one line box means it broke inside.
      for (const match of value.matchAll(/\S+/g)) {
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const lines = new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top)));
        if (lines.size > 1) broken.push(match[0]);
      }
      const parent = node.parentElement;
      if (parent && parent.scrollWidth > parent.clientWidth + 1 && getComputedStyle(parent).textOverflow === 'ellipsis')
        broken.push(`cut: ${value}`);
    }
    // Nothing sticks out of its box (a row's amount past the card's edge).
    for (const el of Array.from(document.querySelectorAll('main dl, main dd, main p, main button'))) {
      if (el.scrollWidth > el.clientWidth + 1) broken.push(`overflows: ${(el.textContent ?? '').trim()}`);
    }
    return broken;
  });

test('screenshots of the swap screens in en/ru × light/dark; Russian at 360 and 390 px keeps words whole', async ({
  axe,
}) => {
  const user = await swapper('swapshots');
  const { context, page } = await phone(browser);
  await logIn(page, user, { protectionSeen: true });
  for (const lang of languages) {
    for (const theme of themes) {
      const tag = `${lang}-${theme}`;
      await choosePreferences(page, lang, theme);
      await page.goto(`${baseUrl}/swap/order?from=BTC&to=USDT_TRX`);
      const pay = page.getByRole('textbox').first();
      await pay.waitFor();
      // Russian shows (and keeps) the decimal comma; the quote is asked with a point.
      // The gateway answers the amount it was asked for: 0.003, from a point-decimal request.
      const asked = page.waitForResponse(
        async (r) => /exchange\/pre-calculate$/.test(r.url()) && r.ok() && (await r.json()).sourceAmount === '0.003',
      );
      await pay.fill(lang === 'ru' ? '0,003' : '0.003');
      assert.equal(await pay.inputValue(), lang === 'ru' ? '0,003' : '0.003');
      await asked;
      await page
        .getByTestId('swap-rate')
        .filter({ hasText: /^1 BTC/ })
        .waitFor();
      await page.screenshot({ path: `${OUT}/swap-order-${tag}.png` });
      if (lang === 'en') await axe.check(page, `swap-order-${theme}`);
      if (lang === 'ru') {
        for (const [width, height] of [
          [360, 800],
          [390, 844],
        ] as const) {
          await page.setViewportSize({ width, height });
          await page.screenshot({ path: `${OUT}/swap-order-${tag}-${width}.png`, fullPage: true });
          assert.deepEqual(await brokenWords(page), [], `no word broken or cut on the swap form at ${width} px`);
        }
        await page.setViewportSize({ width: 390, height: 844 });
        // Max fills the balance with the comma.
        await page.getByRole('button', { name: 'Макс.' }).click();
        assert.equal(await pay.inputValue(), '0,01');
      }
      await pay.fill('5');
      await page.locator('[role="alert"]').first().waitFor();
      await page.screenshot({ path: `${OUT}/swap-order-error-${tag}.png` });
      await pay.fill('0.003');
      await page
        .getByTestId('swap-rate')
        .filter({ hasText: /^1 BTC/ })
        .waitFor();
      await page.locator('button[type="submit"]').click();
      await page.getByTestId('swap-countdown').waitFor();
      // The fee against the mid-market rate, the rate both ways, the exact amount (issue 22).
      await page.getByTestId('review-fee').waitFor();
      assert.match((await page.getByTestId('review-fee').textContent())!, /^[\d\s,.\u00a0]+ USDT$/);
      assert.match((await page.getByTestId('review-fee-fiat').textContent())!, /\d/);
      assert.match((await page.getByTestId('review-exact').textContent())!, /^[\d\s,.\u00a0]+ USDT$/);
      await page.screenshot({ path: `${OUT}/swap-review-${tag}.png` });
      if (lang === 'en' && theme === 'light') {
        await page.getByTestId('review-rate').click();
        await page
          .getByTestId('review-rate')
          .filter({ hasText: /^1 USDT ≈ 0\.0000\d+ BTC$/ })
          .waitFor();
        await axe.check(page, 'swap-review-fee');
      }
      if (lang === 'ru') {
        for (const [width, height] of [
          [360, 800],
          [390, 844],
        ] as const) {
          await page.setViewportSize({ width, height });
          await page.screenshot({ path: `${OUT}/swap-review-${tag}-${width}.png`, fullPage: true });
          assert.deepEqual(await brokenWords(page), [], `no word broken or cut on the swap review at ${width} px`);
        }
        await page.setViewportSize({ width: 390, height: 844 });
      }
      await page.goto(`${baseUrl}/swap/from`);
      await page.locator('ul button').first().waitFor();
      await page.screenshot({ path: `${OUT}/swap-from-${tag}.png` });
      if (lang === 'en' && theme === 'light') await axe.check(page, 'swap-from');
      await page.locator('ul button').first().click();
      await page.waitForURL('**/swap/to');
      await page.locator('ul button').first().waitFor();
      await page.screenshot({ path: `${OUT}/swap-to-${tag}.png` });
      if (lang === 'en' && theme === 'light') await axe.check(page, 'swap-to');
      if (lang === 'ru') {
        await page.setViewportSize({ width: 360, height: 800 });
        await page.screenshot({ path: `${OUT}/swap-to-${tag}-360.png` });
        assert.deepEqual(await brokenWords(page), [], 'no name broken or cut in the swap picker at 360 px');
        await page.setViewportSize({ width: 390, height: 844 });
      }
    }
  }
  await context.close();
});
