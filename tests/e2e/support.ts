import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** The gateway this worker's journeys talk to (set by the `gateway` fixture, tests/e2e/fixtures.ts). */
export let baseUrl = process.env.E2E_BASE_URL ?? 'http://localhost:8080';
export const setBaseUrl = (url: string) => {
  baseUrl = url;
};

const flags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // Chromium 156's headless windows each build the omnibox's popups as WebUI pages in a renderer of their
  // own, which a journey never sees: ten contexts took 7.6 CPU-seconds with them and 5.8 without.
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup',
];

/**
 * Debian's headless shell (package chromium-headless-shell: the same Chromium build without the desktop
 * browser's UI layer, what Playwright itself runs headless) when installed, else Debian's full Chromium.
 * The shell spent a third less CPU in its browser process and 6 % less over four journey files.
 */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
export const chromiumPath =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

export async function launch(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    args: [...flags, ...extraArgs],
    headless: true,
  });
}

let shared: Promise<Browser> | undefined;
/**
 * The worker's browser, launched at the first file that asks and kept for the worker's next files (closed
 * by the `sharedBrowser` fixture when the worker ends): a launch costs about 1.6 CPU-seconds, and each file,
 * and each look of a file, launched its own. Files keep apart through their own contexts: `closeContexts`
 * after a file closes any a failed journey left open. A journey that needs other flags (a fake camera)
 * still calls `launch` and closes what it launched.
 */
export function workerBrowser(): Promise<Browser> {
  shared ??= launch().then((browser) => {
    browser.on('disconnected', () => (shared = undefined));
    return browser;
  });
  return shared;
}

/** Closes the contexts a file opened in the worker's browser (`workerBrowser`); the browser stays. */
export async function closeContexts(browser: Browser | undefined): Promise<void> {
  await Promise.all((browser?.contexts() ?? []).map((context) => context.close()));
}

/** Ends the worker's browser, if one was launched (the `sharedBrowser` fixture, when the worker ends). */
export async function closeWorkerBrowser(): Promise<void> {
  // A launch that failed was reported by the file that asked for it; the worker's teardown has nothing to close.
  const browser = await shared?.catch(() => undefined);
  shared = undefined;
  await browser?.close();
}

/** A phone-sized context (spec: mobile-first, 390×844), English UI and a light colour scheme unless told. */
export async function phone(
  browser: Browser,
  opts: { colorScheme?: 'light' | 'dark' } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'en-US',
    colorScheme: opts.colorScheme ?? 'light',
  });
  // tsx compiles page.evaluate callbacks with esbuild's keepNames helper; give the page a no-op one.
  await context.addInitScript({ content: 'window.__name = (fn) => fn;' });
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error('[pageerror]', e.message));
  recordCalls(page);
  return { context, page };
}

/** The page's gateway calls (status, method, path, ms since the page opened), for `explain`. */
const calls = new WeakMap<Page, string[]>();
function recordCalls(page: Page) {
  const log: string[] = [];
  const opened = Date.now();
  const at = () => `${String(Date.now() - opened).padStart(6)} ms`;
  calls.set(page, log);
  page.on('response', (r) => {
    if (!r.url().includes('/assets/'))
      log.push(`${at()} ${r.status()} ${r.request().method()} ${new URL(r.url()).pathname}`);
  });
  page.on('requestfailed', (r) =>
    log.push(`${at()} failed ${r.method()} ${new URL(r.url()).pathname}: ${r.failure()?.errorText}`),
  );
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') log.push(`${at()} console.${m.type()}: ${m.text()}`);
  });
}

/**
 * Runs a wait; when it fails, prints what the user saw (address and text of the page) and the page's
 * gateway calls before rethrowing, so a failure in CI, where no one sees the browser, says why.
 */
export async function explained<T>(page: Page, wait: Promise<T>): Promise<T> {
  try {
    return await wait;
  } catch (e) {
    const text = await page
      .locator('body')
      .innerText({ timeout: 2_000 })
      .catch((err) => `(no text: ${err})`);
    console.error(
      `[explain] ${page.url()}\n[explain] the page says:\n${text}\n[explain] its calls:\n${(calls.get(page) ?? []).join('\n')}`,
    );
    throw e;
  }
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  links: string[];
  createdAt: string;
}

/** Newest mail to an address from the sandbox outbox, waiting for it to arrive. */
export async function latestMail(to: string, subjectMatch?: RegExp): Promise<Mail> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const res = await fetch(`${baseUrl}/dev/mail?to=${encodeURIComponent(to)}`);
    const mails = (await res.json()) as Mail[];
    const mail = mails.find((m) => m.to === to && (!subjectMatch || subjectMatch.test(m.subject)));
    if (mail) return mail;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail to ${to}`);
}

export const uniqueEmail = (tag: string) => `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

const json = { 'content-type': 'application/json' };

/** A signed-up, confirmed user with a password-grant token, its bearer headers and account id. */
export async function confirmedUser(tag: string) {
  const email = uniqueEmail(tag);
  const password = `${tag} pass 123`;
  assert.equal(
    (
      await fetch(`${baseUrl}/b2c-user-management/user`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ email, password, accountName: 'Account' }),
      })
    ).status,
    201,
  );
  const code = (await latestMail(email, /confirm/i)).links[0].split('/').pop();
  await fetch(`${baseUrl}/b2c-user-management/confirmation/confirm`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ confirmationCode: code }),
  });
  const tokens = await (
    await fetch(`${baseUrl}/realms/wallet/protocol/openid-connect/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'password',
        client_id: 'wallet-web',
        username: email,
        password,
        scope: 'openid',
      }),
    })
  ).json();
  const auth = { authorization: `Bearer ${tokens.access_token}`, ...json };
  const account = (await (await fetch(`${baseUrl}/b2c-user-management/user`, { headers: auth })).json()).accounts[0]
    .id as string;
  return { email, password, auth, account };
}

/**
 * Signs in through the e-mail form and waits for Home. `protectionSeen` marks the wallet-protection
 * prompt as already shown, so the journey is not interrupted by it.
 */
export async function logIn(
  page: Page,
  user: { email: string; password: string },
  opts: { protectionSeen?: boolean } = {},
) {
  await page.goto(`${baseUrl}/auth/login/email`);
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await explained(page, page.waitForURL('**/home'));
  if (opts.protectionSeen) await page.evaluate(() => localStorage.setItem('isProtectWalletShown', 'true'));
}

/** Types a passcode on the on-screen keypad. */
export async function typeCode(page: Page, code: string) {
  for (const digit of code)
    await page
      .getByRole('group', { name: 'Passcode keypad' })
      .getByRole('button', { name: digit, exact: true })
      .click();
}

/**
 * Resolves once the page has rendered two more frames: what the app does synchronously in answer to
 * an event (and React's commit after it) is on screen by then. For "nothing changes" checks.
 */
export async function nextFrames(page: Page) {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

/**
 * For behaviour that is "nothing happens for a while" (a spinner that stays): runs `check` every
 * 100 ms for `ms`, failing at the first check that fails. Not a sleep: it asserts all along.
 */
export async function holds(ms: number, check: () => Promise<void>) {
  const until = Date.now() + ms;
  do {
    await check();
    await new Promise((r) => setTimeout(r, 100));
  } while (Date.now() < until);
  await check();
}

/**
 * Adds the asset if needed, deposits `amount` through the sandbox chain and waits until the ledger
 * shows `total` (compared as numbers: '500' and '500.000000' are the same balance).
 */
export async function deposit(
  user: { auth: Record<string, string>; account: string },
  currency: string,
  amount: string,
  total = amount,
) {
  const asset = await (
    await fetch(`${baseUrl}/b2c-wallet/${user.account}/account/currency`, {
      method: 'POST',
      headers: user.auth,
      body: JSON.stringify({ currency }),
    })
  ).json();
  assert.equal(
    (
      await fetch(`${baseUrl}/dev/chain/deposit`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ currency, address: asset.depositAddress, amount }),
      })
    ).status,
    200,
  );
  for (let i = 0; i < 60; i++) {
    const assets = await (await fetch(`${baseUrl}/b2c-wallet/${user.account}/asset`, { headers: user.auth })).json();
    if (Number(assets.find((a: { currency: string }) => a.currency === currency)?.totalAvailable) === Number(total))
      return asset.depositAddress as string;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`deposit of ${amount} ${currency} not credited`);
}

export const languages = ['en', 'ru'] as const;
export const themes = ['light', 'dark'] as const;

/**
 * Stores a language and theme choice as the app does (localStorage); the next page load shows them.
 * Signed in with no choice on the device, the app fills the language from the account once its settings
 * arrive and stores it (spec §3): that is waited for first, or it could overwrite this choice.
 */
export async function choosePreferences(page: Page, lang: (typeof languages)[number], theme: (typeof themes)[number]) {
  await page.waitForFunction(
    () =>
      !Object.keys(localStorage).some((key) => key.startsWith('oidc.user:')) ||
      localStorage.getItem('selectedLanguage') !== null,
    null,
    { timeout: 20_000 },
  );
  await page.evaluate(
    ([l, t]) => {
      localStorage.setItem('selectedLanguage', l === 'ru' ? 'RUS' : 'ENG');
      localStorage.setItem('darkTheme', String(t === 'dark'));
    },
    [lang, theme] as const,
  );
}

/**
 * Records the text of every toast the page shows from now on (a toast is transient: on a busy machine it
 * can come and go between two checks). Returns a function reading what was shown so far.
 */
export async function recordToasts(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __toasts: string[] }).__toasts = seen;
    new MutationObserver(() => {
      for (const region of document.querySelectorAll('[role="status"][aria-atomic="true"]')) {
        const text = region.textContent?.trim();
        if (text && seen.at(-1) !== text) seen.push(text);
      }
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { __toasts: string[] }).__toasts);
}

/** The passcode `swapper` sets. */
export const SWAPPER_PASSCODE = '2580';

/** A user holding 0.01 BTC and an empty USDT TRC-20 asset, with a passcode (the swap journeys). */
export async function swapper(tag: string): Promise<Awaited<ReturnType<typeof confirmedUser>>> {
  const user = await confirmedUser(tag);
  await fetch(`${baseUrl}/b2c-wallet/${user.account}/account/currency/list`, {
    method: 'POST',
    headers: user.auth,
    body: JSON.stringify({ currencies: ['BTC', 'USDT_TRX'] }),
  });
  await deposit(user, 'BTC', '0.01');
  const assets = (await (
    await fetch(`${baseUrl}/b2c-wallet/${user.account}/asset`, { headers: user.auth })
  ).json()) as {
    currency: string;
    totalAvailable: string;
  }[];
  assert.equal(assets.find((a) => a.currency === 'BTC')?.totalAvailable, '0.01');
  const enabled = await fetch(`${baseUrl}/b2c-user-management/user/pinCode/enable`, {
    method: 'POST',
    headers: user.auth,
    body: JSON.stringify({ pinCode: SWAPPER_PASSCODE }),
  });
  assert.equal(enabled.status, 200);
  return user;
}
