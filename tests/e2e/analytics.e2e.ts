// Analytics (spec §1): what the gateway handed to its sink, read back through the sandbox's
// /dev/analytics/events (a global recorder, so this journey runs on a gateway of its own). On the web
// and inside the mocked Telegram client: the events are tagged with the account and appType web / tg,
// and none carries an e-mail, a password, a passcode, an amount, an address or a name.
import { test } from './fixtures';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import {
  baseUrl,
  confirmedUser,
  deposit,
  latestMail,
  logIn,
  phone,
  typeCode,
  uniqueEmail,
  closeContexts,
  workerBrowser,
} from './support';
import { launchHash, telegramBridgeScript } from './telegramMock';

type Recorded = {
  name: string;
  at: string;
  props: Record<string, string>;
  accountId: string | null;
  appType: string;
  sessionId: string;
};

const json = { 'content-type': 'application/json' };
const PASSCODE = '2580';

let browser: Browser;
// A gateway of its own: the analytics recorder is global, and no other journey's events may land in it.
test.use({ ownGateway: 'analytics' });
test.beforeAll(async () => (browser = await workerBrowser()));
test.afterAll(async () => closeContexts(browser));

async function recorded(): Promise<Recorded[]> {
  const res = await fetch(`${baseUrl}/dev/analytics/events`);
  assert.equal(res.status, 200);
  return ((await res.json()) as { events: Recorded[] }).events;
}

/** Events arrive in batches a couple of seconds after they happen (or when the page is hidden). */
async function waitForEvents(match: (events: Recorded[]) => boolean, what: string): Promise<Recorded[]> {
  for (let i = 0; i < 60; i++) {
    const events = await recorded();
    if (match(events)) return events;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`analytics: ${what} not recorded; got ${JSON.stringify(await recorded())}`);
}

const has = (events: Recorded[], name: string, props?: Record<string, string>) =>
  events.some((e) => e.name === name && (!props || Object.entries(props).every(([k, v]) => e.props[k] === v)));

/** What an event says, tags aside: the account id and session id are random and may contain any digits. */
const contentOf = (events: Recorded[]) =>
  JSON.stringify(events.map(({ name, props, appType }) => ({ name, props, appType })));

const tokenOf = (page: Page) =>
  page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('oidc.user:'))!;
    return JSON.parse(localStorage.getItem(key)!).access_token as string;
  });
const accountOf = async (token: string) =>
  (await (await fetch(`${baseUrl}/b2c-user-management/user`, { headers: { authorization: `Bearer ${token}` } })).json())
    .accounts[0].id as string;

const fundEth = (auth: Record<string, string>, account: string, amount: string) =>
  deposit({ auth, account }, 'ETH', amount);

test('on the web: sign-up, sign-in, screens, a passcode set and a send, tagged with the account and appType web, with no personal data', async () => {
  const email = uniqueEmail('analytics');
  const password = 'analytics pass 123';
  const { context, page } = await phone(browser);

  await page.goto(`${baseUrl}/auth/signup/email`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await page.waitForURL('**/auth/signup/email/success**');
  const signupEvents = await waitForEvents((e) => has(e, 'signed_up'), 'the sign-up');
  const signup = signupEvents.find((e) => e.name === 'signed_up')!;
  assert.deepEqual(
    { props: signup.props, accountId: signup.accountId, appType: signup.appType },
    { props: { method: 'email' }, accountId: null, appType: 'web' },
    'a sign-up has no account yet',
  );
  assert.ok(
    signupEvents.some(
      (e) => e.sessionId === signup.sessionId && e.name === 'screen_viewed' && e.props.screen === '/auth/signup/email',
    ),
  );

  const code = (await latestMail(email, /confirm/i)).links[0]!.split('/').pop();
  assert.equal(
    (
      await fetch(`${baseUrl}/b2c-user-management/confirmation/confirm`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ confirmationCode: code }),
      })
    ).status,
    200,
  );

  await logIn(page, { email, password });
  // A screen counts once it is shown, not when the URL changed (its data may still be on the way).
  await page.getByRole('heading', { name: 'Total balance' }).waitFor();
  const token = await tokenOf(page);
  const account = await accountOf(token);
  const auth = { authorization: `Bearer ${token}`, ...json };

  // A passcode, then a send to another wallet user (it settles inside the wallet) through the passcode step.
  await page.goto(`${baseUrl}/settings/wallet-protection`);
  await page.getByRole('switch', { name: 'Passcode' }).click();
  await page.getByRole('heading', { name: 'Create a passcode' }).waitFor();
  await typeCode(page, PASSCODE);
  await page.getByRole('heading', { name: 'Repeat the passcode' }).waitFor();
  await typeCode(page, PASSCODE);
  await page.getByText('Passcode set').waitFor();

  const ownAddress = await fundEth(auth, account, '0.5');
  const payee = await confirmedUser('payee');
  const payeeAddress = (
    await (
      await fetch(`${baseUrl}/b2c-wallet/${payee.account}/account/currency`, {
        method: 'POST',
        headers: payee.auth,
        body: JSON.stringify({ currency: 'ETH' }),
      })
    ).json()
  ).depositAddress as string;

  await page.goto(`${baseUrl}/home/asset/ETH/send`);
  await page.getByLabel(/Recipient's .* address/).fill(payeeAddress);
  await page
    .getByTestId('send-fee')
    .filter({ hasText: /Network fee: \d/ })
    .waitFor();
  await page.getByLabel('Amount, ETH').fill('0.125');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Confirm and send' }).click();
  await typeCode(page, PASSCODE);
  await page.waitForURL('**/send/progress');
  await page.getByRole('heading', { name: 'Transfer complete' }).waitFor();

  const events = (
    await waitForEvents((e) => e.some((x) => x.accountId === account && x.name === 'send_completed'), 'the send')
  ).filter((e) => e.accountId === account);
  assert.ok(
    events.every((e) => e.appType === 'web'),
    'every event of the web session says web',
  );
  assert.ok(has(events, 'signed_in', { method: 'password' }), 'the sign-in');
  for (const screen of [
    '/home',
    '/settings/wallet-protection',
    '/settings/wallet-protection/set',
    '/home/asset/$currency/send',
    '/home/asset/$currency/send/review',
    '/home/asset/$currency/send/progress',
  ]) {
    assert.ok(has(events, 'screen_viewed', { screen }), `screen ${screen} in ${contentOf(events)}`);
  }
  assert.ok(has(events, 'passcode_set'), 'the passcode set');
  assert.ok(
    has(events, 'send_started', { currency: 'ETH' }) && has(events, 'send_completed', { currency: 'ETH' }),
    'the send, started and completed',
  );

  const content = contentOf([...signupEvents, ...events]);
  for (const secret of [email, password, PASSCODE, '0.125', payeeAddress, ownAddress, code!]) {
    assert.ok(!content.includes(secret), `no ${secret} in the events`);
  }
  await context.close();
});

test('inside Telegram: the init-data sign-in and screens, tagged with the account and appType tg, with no name or username', async () => {
  const tgUser = {
    id: 710000000 + Math.floor(Math.random() * 1e6),
    first_name: 'Grace',
    last_name: 'Hopper',
    username: 'grace_tg',
    language_code: 'en',
  };
  const res = await fetch(`${baseUrl}/dev/telegram/init-data`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ user: tgUser }),
  });
  const { initData } = (await res.json()) as { initData: string };
  const { context, page } = await phone(browser);
  await context.addInitScript(telegramBridgeScript);
  await page.goto(`${baseUrl}/${launchHash(initData)}`);
  await page.waitForURL('**/home**');
  await page.getByRole('heading', { name: 'Total balance' }).waitFor();
  await page.getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('heading', { name: 'Settings' }).waitFor();
  const account = await accountOf(await tokenOf(page));

  const events = (
    await waitForEvents(
      (e) => e.some((x) => x.accountId === account && x.props.screen === '/settings'),
      'the Telegram session',
    )
  ).filter((e) => e.accountId === account);
  assert.ok(
    events.every((e) => e.appType === 'tg'),
    'every event inside Telegram says tg',
  );
  assert.ok(has(events, 'signed_in', { method: 'telegram' }), 'the init-data sign-in');
  assert.ok(has(events, 'screen_viewed', { screen: '/home' }) && has(events, 'screen_viewed', { screen: '/settings' }));
  const content = contentOf(events);
  for (const secret of ['Grace', 'Hopper', 'grace_tg', String(tgUser.id)])
    assert.ok(!content.includes(secret), `no ${secret} in the events`);
  await context.close();
});
