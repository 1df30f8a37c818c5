import { test } from './fixtures';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { baseUrl, confirmedUser, logIn, phone, closeContexts, workerBrowser } from './support';
import { decodeQrInPage } from './qrDecode';

let browser: Browser;
// A gateway of its own: it changes the sandbox chain's behaviour, which no other journey may see.
test.use({ ownGateway: 'wallet' });
test.beforeAll(async () => (browser = await workerBrowser()));
test.afterAll(async () => closeContexts(browser));

const json = { 'content-type': 'application/json' };

test('first-time screen, add BTC and USDT_TRX, receive QR, a sandbox deposit lands, EUR and Russian apply', async ({
  axe,
}) => {
  const user = await confirmedUser('wallet');
  const { context, page } = await phone(browser);
  // Every rate request of the journey: none may go out before the fiat is known, which the gateway
  // refuses with 400 "to.0 must be string" (issue 8).
  const rateCalls: Array<{ status: number; body: string | null }> = [];
  page.on('response', (response) => {
    if (response.url().includes('/b2c-wallet/rate'))
      rateCalls.push({ status: response.status(), body: response.request().postData() });
  });
  await logIn(page, user);

  // No assets yet: the first-time screen suggests BTC, ETH and USDT_TRX.
  await page.getByRole('heading', { name: 'Start your wallet' }).waitFor();
  const suggested = page.getByRole('list', { name: 'Suggested assets' });
  for (const name of ['Bitcoin', 'Ethereum', 'Tether'])
    assert.ok(await suggested.getByText(name).first().isVisible(), `${name} suggested`);
  await axe.check(page, 'home-first-time');

  // Add BTC and USDT on Tron from Manage assets.
  await page.goto(`${baseUrl}/manage-assets`);
  for (const currency of ['BTC', 'USDT_TRX']) {
    const toggle = page.locator(`[role="switch"][data-currency="${currency}"]`);
    await toggle.click();
    await page.waitForFunction(
      (c) => document.querySelector(`[role="switch"][data-currency="${c}"]`)?.getAttribute('aria-checked') === 'true',
      currency,
    );
  }
  await axe.check(page, 'manage-assets');
  await page.getByRole('link', { name: 'Back' }).click();
  // Assets but no passcode: the wallet-protection prompt comes first (spec §2); dismissing it is remembered.
  await page.getByRole('heading', { name: 'Protect your wallet' }).waitFor();
  await axe.check(page, 'protect-prompt');
  await page.getByRole('button', { name: 'Not now' }).click();
  assert.equal(await page.evaluate(() => localStorage.getItem('isProtectWalletShown')), 'true');
  const assets = page.getByRole('list', { name: 'Your assets' });
  await assets.locator('[data-currency="BTC"]').waitFor();
  await assets.locator('[data-currency="USDT_TRX"]').waitFor();
  assert.equal(await assets.locator('[data-currency="ETH"]').count(), 0);
  const total = page.getByTestId('total');
  await page.waitForFunction(() =>
    /\$\s?0\.00|0\.00/.test(document.querySelector('[data-testid="total"]')?.textContent ?? ''),
  );
  await axe.check(page, 'home-assets');

  // Receive BTC: the QR decodes, in the browser, to the address shown.
  await assets.locator('[data-currency="BTC"]').click();
  await page.waitForURL('**/home/asset/BTC');
  await page.getByTestId('asset-balance').waitFor();
  await axe.check(page, 'asset-empty');
  await page.getByRole('link', { name: 'Receive' }).click();
  await page.waitForURL('**/home/asset/BTC/receive');
  const address = (await page.getByTestId('receive-address').textContent())!.trim();
  assert.match(address, /^bc1q[02-9ac-hj-np-z]{38}$/, 'a real BIP84 address');
  assert.equal(await decodeQrInPage(page, '[data-testid="receive-qr"]'), address);
  assert.match((await page.getByTestId('network-warning').textContent())!, /Bitcoin/);
  await axe.check(page, 'receive');

  // A sandbox deposit: In progress at once, completed after the confirmations, without a reload.
  await page.getByRole('link', { name: 'Back' }).click();
  await page.waitForURL('**/home/asset/BTC');
  // Slow blocks, so the 10 s history refresh catches the deposit while it is still confirming.
  const pace = (body: object) =>
    fetch(`${baseUrl}/dev/chain/behaviour`, { method: 'POST', headers: json, body: JSON.stringify(body) });
  const original = await (await fetch(`${baseUrl}/dev/chain/behaviour`)).json();
  assert.equal((await pace({ confirmationMs: 60_000 })).status, 200);
  const deposit = await fetch(`${baseUrl}/dev/chain/deposit`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ currency: 'BTC', address, amount: '0.5' }),
  });
  assert.equal(deposit.status, 200, await deposit.clone().text());
  const row = page.getByTestId('history-row').first();
  await page.waitForFunction(
    () => document.querySelector('[data-testid="history-row"]')?.getAttribute('data-state') === 'IN_PROGRESS',
    null,
    { timeout: 15_000 },
  );
  assert.match((await row.textContent())!, /Receiving|In progress/);
  await pace({ confirmationMs: original.confirmationMs });
  await page.waitForFunction(
    () => document.querySelector('[data-testid="history-row"]')?.getAttribute('data-state') === 'COMPLETED',
    null,
    { timeout: 30_000 },
  );
  assert.match((await row.textContent())!, /Received/);
  assert.match((await row.textContent())!, /0\.5/);
  assert.match((await page.getByTestId('asset-balance').textContent())!, /^0\.5 BTC$/);
  // Its value in the selected fiat, from the rates the balances poll loaded (sandbox BTC ≈ $97,000 ± 6 %,
  // the sum of CRYPTO_WAVES in gateway/src/rates/provider.ts): 0.5 BTC is $45,590 to $51,410.
  await page.getByTestId('asset-fiat').waitFor({ timeout: 15_000 });
  const btcValue = (await page.getByTestId('asset-fiat').textContent())!;
  assert.match(btcValue, /^\$\d{2},\d{3}\.\d{2}$/);
  const dollars = Number(btcValue.replace(/[$,]/g, ''));
  assert.ok(dollars >= 45_590 && dollars <= 51_410, btcValue);
  await axe.check(page, 'asset-history');

  // Home total updates by polling, without a reload.
  await page.getByRole('link', { name: 'Back' }).click();
  await page.waitForFunction(
    () => {
      const text = document.querySelector('[data-testid="total"]')?.textContent ?? '';
      return /[1-9]/.test(text.replace(/0\.00/, ''));
    },
    null,
    { timeout: 20_000 },
  );
  const usdTotal = (await total.textContent())!;
  assert.match(usdTotal, /\$/, 'USD by default');
  await axe.check(page, 'home-total');

  // Change the fiat to EUR and the language to Russian: both apply at once.
  await page.getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('link', { name: /Currency/ }).click();
  await page.getByRole('radio', { name: /EUR/ }).click();
  // axe reads the screen with the choice applied, not in the middle of its re-render.
  await page.getByRole('radio', { name: /EUR/, checked: true }).waitFor();
  await axe.check(page, 'currency');
  await page.getByRole('link', { name: 'Back' }).click();
  await page.getByRole('link', { name: /Language/ }).click();
  await page.getByRole('radio', { name: 'Русский' }).click();
  await page.getByRole('heading', { name: 'Язык' }).waitFor();
  await page.getByRole('link', { name: 'Назад' }).click();
  await page.getByRole('link', { name: 'Главная' }).click();
  await page.waitForURL('**/home');
  await page.waitForFunction(() => /€/.test(document.querySelector('[data-testid="total"]')?.textContent ?? ''), null, {
    timeout: 15_000,
  });
  await axe.check(page, 'home-ru');
  assert.notEqual(await total.textContent(), usdTotal);
  // Russian number format: no-break space groups, a decimal comma, the symbol after ("45 123,45 €").
  assert.match((await total.textContent())!, /^\d{1,3}(\u00a0\d{3})*,\d{2}\u00a0€$/, 'Russian fiat format');
  await page.locator('[data-currency="BTC"]').click();
  await page.waitForURL('**/home/asset/BTC');
  assert.equal(await page.getByTestId('asset-balance').textContent(), '0,5 BTC');
  await page.waitForFunction(
    () => /€$/.test(document.querySelector('[data-testid="asset-fiat"]')?.textContent ?? ''),
    null,
    { timeout: 15_000 },
  );
  assert.match((await page.getByTestId('asset-fiat').textContent())!, /^\d{1,3}(\u00a0\d{3})*,\d{2}\u00a0€$/);
  // USDT on Tron reads "USDT" with its network, never the catalogue code.
  await page.goBack();
  await page.locator('[data-currency="USDT_TRX"]').click();
  await page.waitForURL('**/home/asset/USDT_TRX');
  assert.equal(await page.getByTestId('asset-balance').textContent(), '0 USDT');
  assert.ok(!(await page.locator('body').textContent())!.includes('USDT_TRX'), 'no raw USDT_TRX on the asset page');
  // Hide balances: the eye masks every amount, and a reload keeps it (stored on the device).
  await page.goBack();
  await page.waitForURL('**/home');
  const eye = page.getByRole('button', { name: 'Скрыть балансы' });
  assert.equal(await eye.getAttribute('aria-pressed'), 'false');
  await eye.click();
  await page.waitForFunction(() => document.querySelector('[data-testid="total"]')?.textContent === '••••••');
  await axe.check(page, 'home-hidden');
  await page.reload();
  await page.getByTestId('asset-list').waitFor({ timeout: 15_000 });
  assert.equal(
    await page.getByRole('button', { name: 'Скрыть балансы' }).getAttribute('aria-pressed'),
    'true',
    'the eye stays pressed after a reload',
  );
  assert.equal(await total.textContent(), '••••••', 'the total stays masked after a reload');
  assert.deepEqual(await page.getByTestId('crypto').allTextContents(), ['•••••• BTC', '•••••• USDT']);
  await page.locator('[data-currency="BTC"]').click();
  await page.waitForURL('**/home/asset/BTC');
  assert.equal(await page.getByTestId('asset-balance').textContent(), '•••••• BTC', 'the asset page is masked too');
  const profile = await page.evaluate(async () => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('oidc.user:'))!;
    const token = JSON.parse(localStorage.getItem(key)!).access_token;
    return (await fetch('/b2c-user-management/user', { headers: { authorization: `Bearer ${token}` } })).json();
  });
  assert.equal(profile.accounts[0].defaultFiatCurrency, 'EUR', 'the currency is saved to the server');
  assert.equal(profile.accounts[0].language, 'RUS', 'the language is saved to the server');
  assert.ok(rateCalls.length > 0, 'rates were asked for');
  for (const call of rateCalls) assert.equal(call.status, 200, `rate call ${call.body} answered ${call.status}`);
  await context.close();
});
