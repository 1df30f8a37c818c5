// Prices at a glance (issue 14): Home's 24 h change and the asset page's price chart against the real
// gateway's sandbox prices: the chart is drawn, scrubbed by a real touch drag and by the keyboard, its
// range switches, and its text alternative (change sentence, open/high/low/close, table) is there and
// agrees with GET /b2c-wallet/rate/history; axe in both themes; screenshots in en/ru × light/dark.
import { test } from './fixtures';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import {
  baseUrl,
  choosePreferences,
  confirmedUser,
  deposit,
  languages,
  logIn,
  phone,
  themes,
  closeContexts,
  workerBrowser,
} from './support';

const OUT = 'screenshots';

let browser: Browser;
test.beforeAll(async () => {
  mkdirSync(OUT, { recursive: true });
  browser = await workerBrowser();
});
test.afterAll(async () => closeContexts(browser));

/** A user holding 0.5 BTC (a sandbox deposit), so Home has a total and a change. */
async function btcHolder() {
  const user = await confirmedUser('prices');
  await deposit(user, 'BTC', '0.5');
  return user;
}

/** A finger on the chart: Chromium's own touch events (pointerType "touch"), pressed, dragged and lifted. */
async function touchDrag(page: Page, fromX: number, toX: number, y: number, whileDown: () => Promise<void>) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: fromX, y }] });
  for (let i = 1; i <= 5; i++)
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: [{ x: fromX + ((toX - fromX) * i) / 5, y }],
    });
  await whileDown();
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

test('Home shows the 24 h change; the asset page draws a price chart with its text alternative', async ({ axe }) => {
  const user = await btcHolder();
  const { page } = await phone(browser);
  const historyCalls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/b2c-wallet/rate/history')) historyCalls.push(new URL(r.url()).search);
  });
  await logIn(page, user);
  await page.evaluate(() => localStorage.setItem('isProtectWalletShown', 'true'));
  await page.reload();

  // Home: the change in money and per cent, signed and coloured, and one sentence for screen readers.
  const change = page.getByTestId('total-change');
  await change.waitFor({ timeout: 20_000 });
  const seen = (await change.locator(':scope > [aria-hidden="true"]').textContent())!;
  assert.match(seen, /^([+-]\$[\d,]+\.\d{2} \([+-]\d+\.\d{2}%\)|\$0\.00 \(0\.00%\))24h$/, seen);
  const heard = (await change.textContent())!.slice(seen.length);
  assert.match(
    heard,
    /^(Up|Down) \$[\d,]+\.\d{2} \(\d+\.\d{2}%\) over the past 24 hours$|^No change over the past 24 hours$/,
    heard,
  );
  const direction = await change.getAttribute('data-direction');
  assert.equal(direction, seen.startsWith('+') ? 'up' : seen.startsWith('-') ? 'down' : 'flat');
  assert.ok(
    historyCalls.some((q) => q.includes('currency=BTC') && q.includes('range=24h')),
    'Home asked the 24 h history of BTC',
  );
  await axe.check(page, 'home-change');

  // The chart's code is not on Home: it comes with the asset page.
  const chartChunkBefore = await page.evaluate(
    () => performance.getEntriesByType('resource').filter((e) => /PriceChart/.test(e.name)).length,
  );
  assert.equal(chartChunkBefore, 0, 'no chart chunk on Home');

  await page.getByRole('list', { name: 'Your assets' }).locator('[data-currency="BTC"]').click();
  await page.waitForURL('**/home/asset/BTC');
  const chart = page.getByRole('slider', { name: 'Bitcoin price chart' });
  await chart.waitFor({ timeout: 20_000 });
  const section = page.getByTestId('price-section');
  assert.equal(await section.getByRole('button', { name: '24h' }).getAttribute('aria-pressed'), 'true');

  // The text alternative agrees with the gateway's series: its open is the first point of the 15-minute
  // grid, the same in a call made just before or just after reading the screen (unless a step turned between).
  const openOf = async () =>
    (await (await fetch(`${baseUrl}/b2c-wallet/rate/history?currency=BTC&fiat=USD&range=24h`)).json()).summary
      .open as string;
  const usd = (v: string) => `$${Number(v.split('.')[0]).toLocaleString('en-US')}.${v.split('.')[1]}`;
  const openBefore = await openOf();
  const stats = (await page.getByTestId('price-stats').textContent())!;
  const openAfter = await openOf();
  assert.match(stats, /^Open\$[\d,]+\.\d{2}High\$[\d,]+\.\d{2}Low\$[\d,]+\.\d{2}Close\$[\d,]+\.\d{2}$/, stats);
  assert.ok(
    [openBefore, openAfter].some((open) => stats.startsWith(`Open${usd(open)}High`)),
    `${stats} opens at ${openBefore} or ${openAfter}`,
  );
  assert.match((await page.getByTestId('price-change').textContent())!, /over the past 24 hours$/);
  await section.getByText('Show prices as a table').click();
  const table = page.getByRole('table', { name: 'Bitcoin price in USD' });
  assert.equal(await table.locator('tbody tr').count(), 13);
  const valueMax = Number(await chart.getAttribute('aria-valuemax'));
  assert.ok(valueMax === 97 || valueMax === 96, `24 h: 97 or 98 points, not ${valueMax + 1}`);
  await axe.check(page, 'asset-price-chart');

  // Touch: a finger dragged from the left edge reads an old price; lifting it shows the latest again.
  const box = (await chart.boundingBox())!;
  await touchDrag(page, box.x + box.width - 4, box.x + 0.5, box.y + box.height / 2, async () => {
    await page.getByTestId('price-time').waitFor();
    // The moves reach the page as events of their own: wait for the last one to land.
    await page.waitForFunction(() => document.querySelector('[role="slider"]')?.getAttribute('aria-valuenow') === '0');
  });
  await page.getByTestId('price-change').waitFor();
  assert.equal(await chart.getAttribute('aria-valuenow'), String(valueMax));

  // Keyboard: the arrow keys step through points, Escape goes back to the latest.
  await chart.focus();
  await page.keyboard.press('ArrowLeft');
  assert.equal(await chart.getAttribute('aria-valuenow'), String(valueMax - 1));
  assert.match(
    (await chart.getAttribute('aria-valuetext'))!,
    /^[A-Z][a-z]{2} \d{1,2}, \d{2}:\d{2}\s[AP]M: \$[\d,]+\.\d{2}$/,
  );
  await page.keyboard.press('Escape');
  await page.getByTestId('price-change').waitFor();

  // Another range: 7 days hourly.
  await section.getByRole('button', { name: '7d' }).click();
  await page.waitForFunction(
    () => Number(document.querySelector('[role="slider"]')?.getAttribute('aria-valuemax')) >= 168,
  );
  assert.equal(await section.getByRole('button', { name: '7d' }).getAttribute('aria-pressed'), 'true');
  assert.match((await page.getByTestId('price-change').textContent())!, /over the past 7 days$/);
  assert.ok(historyCalls.some((q) => q.includes('range=7d')));
  const chartChunks = await page.evaluate(
    () => performance.getEntriesByType('resource').filter((e) => /PriceChart/.test(e.name)).length,
  );
  assert.ok(chartChunks >= 1, 'the chart came as its own chunk');

  // Screenshots: Home's total card and the asset page, both languages and themes.
  for (const lang of languages) {
    for (const theme of themes) {
      await choosePreferences(page, lang, theme);
      await page.goto(`${baseUrl}/home`);
      await page.getByTestId('total-change').waitFor({ timeout: 20_000 });
      await page.screenshot({ path: `${OUT}/prices-home-${lang}-${theme}.png` });
      await page.goto(`${baseUrl}/home/asset/BTC`);
      await page.getByRole('slider').waitFor({ timeout: 20_000 });
      await page.getByTestId('price-section').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${OUT}/prices-asset-${lang}-${theme}.png` });
      if (lang === 'ru') {
        assert.match((await page.getByTestId('price-change').textContent())!, /за последние 24 часа$/);
        await axe.check(page, `asset-price-chart-${lang}-${theme}`);
      }
    }
  }
});
