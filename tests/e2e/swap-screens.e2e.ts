// Screenshots of the swap screens (order, review, pickers) in each language and theme, saved to screenshots/
// (git-ignored) for a person to look at; axe on the English ones; in Russian at 360 and 390 px no word is
// broken or cut. One test per look (eachLook), on the shared gateways: none of them flips a dev switch.
import { eachLook, test } from './fixtures';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, choosePreferences, logIn, phone, swapper, closeContexts, workerBrowser } from './support';

const OUT = 'screenshots';

let browser: Browser;
test.beforeAll(async () => {
  mkdirSync(OUT, { recursive: true });
  browser = await workerBrowser();
});
test.afterAll(async () => closeContexts(browser));

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

/** At 360×800 and 390×844 (full-page screenshots `<name>-<width>.png`): no word broken or cut; back to 390. */
async function atPhoneWidths(page: Page, name: string, what: string) {
  for (const [width, height] of [
    [360, 800],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `${OUT}/${name}-${width}.png`, fullPage: true });
    assert.deepEqual(await brokenWords(page), [], `no word broken or cut on ${what} at ${width} px`);
  }
  await page.setViewportSize({ width: 390, height: 844 });
}

eachLook('screenshots of the swap screens; Russian at 360 and 390 px keeps words whole', () => {
  test('shots, axe and whole words', async ({ axe, lang, theme }) => {
    const user = await swapper('swapshots');
    const { context, page } = await phone(browser);
    await logIn(page, user, { protectionSeen: true });
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
      await atPhoneWidths(page, `swap-order-${tag}`, 'the swap form');
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
      await atPhoneWidths(page, `swap-review-${tag}`, 'the swap review');
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
    await context.close();
  });
});
