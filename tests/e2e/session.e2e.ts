import { test } from './fixtures';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, confirmedUser, deposit, explained, logIn, phone, closeContexts, workerBrowser } from './support';

let browser: Browser;
test.beforeAll(async () => (browser = await workerBrowser()));
test.afterAll(async () => closeContexts(browser));

const storedUser = (page: Page) =>
  page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('oidc.user:'));
    return key ? { key, user: JSON.parse(localStorage.getItem(key)!) } : null;
  });

test('an expired access token with a valid refresh token signs in silently on start-up', async () => {
  const user = await confirmedUser('silent');
  const { context, page } = await phone(browser);
  await logIn(page, user);

  const before = await storedUser(page);
  assert.ok(before, 'the signed-in user is stored locally');
  // Age the access token past its expiry, as if the app was reopened 10 minutes later.
  await page.evaluate(({ key, user }) => {
    user.expires_at = Math.floor(Date.now() / 1000) - 600;
    localStorage.setItem(key, JSON.stringify(user));
  }, before);

  const tokenCalls: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/protocol/openid-connect/token')) tokenCalls.push(r.postData() ?? '');
  });
  await page.reload();
  await page.waitForURL('**/home');
  await page.getByRole('heading', { name: 'Total balance' }).waitFor();
  assert.ok(
    tokenCalls.some((body) => body.includes('grant_type=refresh_token')),
    'a refresh-token grant was made',
  );
  const afterReload = await storedUser(page);
  assert.notEqual(afterReload!.user.access_token, before.user.access_token, 'a new access token was stored');
  assert.ok(afterReload!.user.expires_at * 1000 > Date.now(), 'the new token is valid');
  await context.close();
});

test('both tokens expired outside the messenger: the stored user is removed and the app is signed out', async () => {
  const user = await confirmedUser('expired');
  const { context, page } = await phone(browser);
  await logIn(page, user);
  const stored = await storedUser(page);
  // Revoke the session on the server and age the access token: silent sign-in must fail cleanly.
  await fetch(`${baseUrl}/realms/wallet/protocol/openid-connect/revoke`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      token: stored!.user.refresh_token,
      token_type_hint: 'refresh_token',
      client_id: 'wallet-web',
    }),
  });
  await page.evaluate(({ key, user }) => {
    user.expires_at = Math.floor(Date.now() / 1000) - 600;
    localStorage.setItem(key, JSON.stringify(user));
  }, stored!);
  await page.reload();
  await page.waitForURL('**/auth/login**');
  assert.equal(await storedUser(page), null, 'the stale user was removed');
  await context.close();
});

test("a returning user's Home paints its first frame before any gateway call, then shows the balance", async () => {
  const user = await confirmedUser('first-frame');
  await deposit(user, 'BTC', '0.25');
  const { context, page } = await phone(browser);
  await logIn(page, user);
  await page.evaluate(() => localStorage.setItem('isProtectWalletShown', 'true'));
  await page.goto(`${baseUrl}/home`);
  await explained(page, page.getByTestId('asset-list').getByText('0.25 BTC').waitFor({ timeout: 20_000 }));
  // The browser's own timings: when content was first painted, and when each gateway call started.
  const timings = await page.evaluate(() => ({
    paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
    calls: performance
      .getEntriesByType('resource')
      .filter((e) => /\/(b2c-|analytics)/.test(new URL(e.name).pathname))
      .map((e) => ({ path: new URL(e.name).pathname, start: e.startTime })),
  }));
  assert.ok(timings.paint !== null, 'the browser reported a first contentful paint');
  assert.ok(
    timings.calls.length >= 3,
    `the balances, profile and catalogue were asked for: ${JSON.stringify(timings.calls)}`,
  );
  for (const call of timings.calls)
    assert.ok(
      call.start >= timings.paint!,
      `${call.path} started at ${call.start.toFixed(0)} ms, before the first paint at ${timings.paint!.toFixed(0)} ms`,
    );
  await context.close();
});
