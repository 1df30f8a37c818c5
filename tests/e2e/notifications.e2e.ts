import { test } from './fixtures';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import type { Browser, FrameLocator, Page } from 'playwright-core';
import { appPath, openHarness } from './harness';
import { baseUrl, deposit, closeContexts, workerBrowser } from './support';
import { signedInUser, type SignedInUser } from './telegramUsers';

// Notifications by the wallet's Telegram bot (issue 24), in the sandbox Telegram harness: a Telegram user
// allows bot messages from Settings → Notifications (Telegram asks; a refusal first leaves them off), a
// sandbox deposit brings exactly one bot message naming the amount, its button opens the Mini App on that
// transaction, and with money messages turned off the next deposit brings none. Every wait is on a
// condition: the gateway's record of each notification (GET /dev/notifications) says when it is settled.

let browser: Browser;
test.beforeAll(async () => {
  mkdirSync('screenshots', { recursive: true });
  browser = await workerBrowser();
});
test.afterAll(async () => closeContexts(browser));

type BotMessage = { text: string; reply_markup: { inline_keyboard: { text: string }[][] } | null };
type Outcome = { event: string; telegram: string | null; email: string | null };

const json = (user: SignedInUser) => user.auth;
const botMessages = async (chatId: number) =>
  (await (await fetch(`${baseUrl}/dev/telegram/bot/messages?chat_id=${chatId}`)).json()) as BotMessage[];

/** Polls until `check` returns a value (never a fixed sleep: each round is one more look). */
async function until<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const start = Date.now();
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The deposit's history row, once the ledger has credited it. */
async function depositRow(user: SignedInUser, amount: string): Promise<string> {
  return until(`the ${amount} BTC deposit in history`, async () => {
    const res = await fetch(`${baseUrl}/b2c-wallet/${user.account}/asset/transactions`, {
      method: 'POST',
      headers: json(user),
      body: JSON.stringify({ currency: 'BTC' }),
    });
    const history = (await res.json()) as {
      content: { id: string; amount: string; state: string; direction: string }[];
    };
    return history.content.find(
      (t) => t.direction === 'DEPOSIT' && t.state === 'COMPLETED' && Number(t.amount) === Number(amount),
    )?.id;
  });
}

/** The bot's outcome for the notification about `ref`, once its sender has settled it. */
const telegramOutcome = (ref: string) =>
  until(`the notification about ${ref} to settle`, async () => {
    const list = (await (await fetch(`${baseUrl}/dev/notifications?ref=${ref}`)).json()) as Outcome[];
    return list[0]?.telegram ?? undefined;
  });

/** Settings, where the Notifications section is, loaded. */
async function openNotificationSettings(app: FrameLocator) {
  await app.getByRole('link', { name: 'Settings', exact: true }).click();
  await app.getByRole('region', { name: 'Notifications' }).getByRole('switch', { name: 'Money' }).waitFor();
}

const switchIn = (app: FrameLocator, name: string, checked: boolean) =>
  app.getByRole('switch', { name }).and(app.locator(`[aria-checked="${checked}"]`));

/** The harness's chat pane: the bot's messages to the launched user, with their buttons. */
const chatItems = (page: Page, text: string) => page.locator('#chat li', { hasText: text });

test('bot messages: allowed in Settings, one message per deposit with a button to it, none once money is off', async ({
  axe,
}) => {
  const { page, app, close } = await openHarness(browser, 'ios');
  const user = await signedInUser(page);
  const profile = await (await fetch(`${baseUrl}/b2c-user-management/user`, { headers: user.auth })).json();
  const chatId = profile.telegram.id as number;

  await openNotificationSettings(app);
  assert.equal(await app.getByRole('switch', { name: 'Telegram messages' }).getAttribute('aria-checked'), 'false');
  // Security e-mails are always on, and say so.
  assert.match((await app.getByRole('group', { name: 'Security alerts by e-mail' }).textContent()) ?? '', /Always on/);
  const frame = await (await page.locator('#app').elementHandle())!.contentFrame();
  await axe.check(frame as unknown as Page, 'settings with notifications (Mini App)');

  // Telegram asks first; a refusal leaves bot messages off and says why.
  await page.getByLabel('When the app asks to let the bot message you (applies live)').selectOption('cancelled');
  await app.getByRole('switch', { name: 'Telegram messages' }).click();
  await app
    .getByRole('status')
    .filter({ hasText: "Telegram messages stay off: you did not allow the wallet's bot to message you." })
    .waitFor();
  assert.equal(await app.getByRole('switch', { name: 'Telegram messages' }).getAttribute('aria-checked'), 'false');
  assert.match((await page.locator('#log').textContent()) ?? '', /Write access requested: cancelled/);
  await page.getByLabel('When the app asks to let the bot message you (applies live)').selectOption('allowed');
  await app.getByRole('switch', { name: 'Telegram messages' }).click();
  await switchIn(app, 'Telegram messages', true).waitFor();
  // The picture once the save has settled (the switch is aria-busy while it saves).
  await switchIn(app, 'Telegram messages', true).and(app.locator(':not([aria-busy])')).waitFor();
  await page.screenshot({ path: 'screenshots/notifications-settings-telegram.png', fullPage: true });
  const saved = await (await fetch(`${baseUrl}/b2c-user-management/user/notifications`, { headers: user.auth })).json();
  assert.deepEqual(saved, { telegram: true, email: true, money: true, security: true });

  // A deposit: exactly one bot message naming the amount, drawn in the chat pane with its button.
  await deposit(user, 'BTC', '0.00123');
  const first = await depositRow(user, '0.00123');
  assert.equal(await telegramOutcome(first), 'sent');
  const told = (await botMessages(chatId)).filter((m) => m.text.includes('received'));
  assert.deepEqual(
    told.map((m) => m.text),
    ['You received 0.00123 Bitcoin.'],
  );
  const message = chatItems(page, 'You received 0.00123 Bitcoin.');
  await message.waitFor();
  assert.equal(await chatItems(page, 'You received').count(), 1);
  await page.screenshot({ path: 'screenshots/notifications-bot-message-telegram.png', fullPage: true });

  // Its button opens the Mini App on that transaction.
  await message.getByRole('button', { name: 'Open in Wallet' }).click();
  await app.getByRole('heading', { level: 1, name: 'Received' }).waitFor();
  assert.equal(await appPath(app), `/home/asset/BTC/transaction/${first}/DEPOSIT`);

  // Money messages off: the next deposit brings no message.
  // Telegram's back button, up the screens: the asset, then Home.
  await page.locator('#tg-back').click();
  await app.getByRole('heading', { level: 1, name: 'Bitcoin' }).waitFor();
  await page.locator('#tg-back').click();
  await app.getByRole('heading', { name: 'Total balance' }).waitFor();
  await openNotificationSettings(app);
  await switchIn(app, 'Telegram messages', true).waitFor();
  await app.getByRole('switch', { name: 'Money' }).click();
  await switchIn(app, 'Money', false).waitFor();
  await deposit(user, 'BTC', '0.00456', '0.00579');
  const second = await depositRow(user, '0.00456');
  assert.equal(await telegramOutcome(second), 'skipped: money messages off');
  assert.deepEqual(
    (await botMessages(chatId)).filter((m) => m.text.includes('received')).map((m) => m.text),
    ['You received 0.00123 Bitcoin.'],
  );
  assert.equal(await chatItems(page, '0.00456').count(), 0);
  await close();
});
