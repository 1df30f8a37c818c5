import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMinor, renderNotification } from '../src/notifications/messages.js';
import { startResetHold } from '../src/passcode/resetHold.js';
import { createTestApp, PUBLIC_URL, type TestApp } from './support/app.js';
import { json, latestMail } from './support/flows.js';
import { addAsset, walletUser, type WalletUser } from './wallet-support.js';
import {
  linkedUser as linkedUserOf,
  messagesTo as messagesOfChat,
  P,
  putPrefs as putPrefsOf,
  sleep,
  until,
} from './notifications-support.js';

/**
 * Notifications (issue 24) through the whole gateway: a sandbox chain deposit, credited by the block
 * producer, told once by the bot (the sandbox Bot API the gateway serves) and once by e-mail; the
 * preferences; Telegram's 429 retry_after; the user's language and number format.
 */
let t: TestApp;
// Tests given 90 s make linked users (sign-up, link, its notice settled) or 21 sign-ins: on the shared
// 2-core machine under load that passed 30 s with nothing wrong.
const messagesTo = (chatId: number) => messagesOfChat(t, chatId);
const putPrefs = (u: WalletUser, prefs: Record<string, unknown>) => putPrefsOf(t, u, prefs);
const linkedUser = (prefs?: Record<string, boolean>) => linkedUserOf(t, prefs);

/** A sandbox chain deposit (POST /dev/chain/deposit), waited for until credited; its history row id. */
async function chainDeposit(u: WalletUser, amount: string): Promise<string> {
  const { depositAddress } = await addAsset(t, u, 'BTC');
  const sent = await json<{ txHash: string }>(t, 'POST', '/dev/chain/deposit', {
    currency: 'BTC',
    address: depositAddress,
    amount,
  });
  expect(sent.status).toBe(200);
  return until(async () => {
    const { rows } = (await t.db.execute(
      sql`select id from wallet_transactions where hash = ${sent.body.txHash} and state = 'COMPLETED'`,
    )) as unknown as { rows: { id: string }[] };
    return rows[0]?.id;
  }, 'the deposit to be credited');
}

/** Both channels of the notification about `ref` are settled (sent or skipped). */
const settled = (ref: string) =>
  until(async () => {
    const { rows } = (await t.db.execute(
      sql`select telegram_outcome, email_outcome from notifications where ref = ${ref}
        and telegram_done_at is not null and email_done_at is not null`,
    )) as unknown as { rows: { telegram_outcome: string; email_outcome: string }[] };
    return rows[0];
  }, `notification ${ref} to settle`);

beforeAll(async () => {
  t = await createTestApp({
    env: { SANDBOX_BLOCK_MS: '30', SANDBOX_CONFIRMATIONS: '1', NOTIFY_POLL_MS: '20' },
  });
});
afterAll(async () => {
  await t?.close();
});

describe('preferences', () => {
  it('defaults, saves, validates and needs a token', async () => {
    const u = await linkedUser();
    const get = () => json(t, 'GET', `${P}/user/notifications`, undefined, u.token);
    expect((await get()).body).toEqual({ telegram: false, email: true, money: true, security: true });
    const next = { telegram: true, email: false, money: true, security: false };
    expect((await putPrefs(u, next)).json()).toEqual(next);
    expect((await get()).body).toEqual(next);
    expect((await putPrefs(u, { telegram: 'yes', email: true, money: true, security: true })).statusCode).toBe(400);
    expect((await putPrefs(u, { telegram: true })).statusCode).toBe(400);
    expect((await json(t, 'GET', `${P}/user/notifications`)).status).toBe(401);
  }, 90000);

  it('bot messages need a linked Telegram: without one, 409 TELEGRAM_NOT_LINKED and nothing saved', async () => {
    const u = await walletUser(t, 'unlinked');
    const refused = await putPrefs(u, { telegram: true, email: false, money: false, security: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'TELEGRAM_NOT_LINKED', field: 'telegram' });
    expect((await json(t, 'GET', `${P}/user/notifications`, undefined, u.token)).body).toEqual({
      telegram: false,
      email: true,
      money: true,
      security: true,
    });
    // The other channels are theirs to change without Telegram.
    const emailOnly = { telegram: false, email: true, money: false, security: true };
    expect((await putPrefs(u, emailOnly)).json()).toEqual(emailOnly);
  }, 90000);

  it('the allow belongs to the Telegram account that gave it: another account linked later is not messaged', async () => {
    const u = await linkedUser({ telegram: true, email: true, money: true, security: true });
    const get = async () => (await json(t, 'GET', `${P}/user/notifications`, undefined, u.token)).body;
    expect((await get()).telegram).toBe(true);
    // The link is replaced behind the preferences' back (as a re-link would): the old allow stops counting.
    const other = u.chatId + 1;
    await t.db.execute(sql`update telegram_links set telegram_user_id = ${other} where user_id = ${u.id}::uuid`);
    expect(await get()).toEqual({ telegram: false, email: true, money: true, security: true });
    const txId = await chainDeposit(u, '0.25');
    expect(await settled(txId)).toEqual({
      telegram_outcome: 'skipped: bot messages not allowed',
      email_outcome: 'sent',
    });
    expect(await messagesTo(other)).toEqual([]);
  }, 90000);
});

describe('a sandbox deposit', () => {
  it('to a linked user who allowed messages: exactly one bot message naming the amount, with a button to it', async () => {
    const u = await linkedUser({ telegram: true, email: true, money: true, security: true });
    const txId = await chainDeposit(u, '0.00123');
    const outcome = await settled(txId);
    expect(outcome).toEqual({ telegram_outcome: 'sent', email_outcome: 'sent' });
    // Give a stray second delivery the time to show up before counting.
    await sleep(200);
    const received = (await messagesTo(u.chatId)).filter((m) => m.text.includes('received'));
    expect(received).toHaveLength(1);
    expect(received[0]!.text).toBe('You received 0.00123 Bitcoin.');
    const button = received[0]!.reply_markup!.inline_keyboard[0]![0]!;
    expect(button.text).toBe('Open in Wallet');
    expect(button.web_app!.url).toBe(`${PUBLIC_URL}/?tgWebAppStartParam=tx-BTC-DEPOSIT-${txId}`);
    // The link's own notice came before bot messages were allowed (they need the link first).
    expect((await messagesTo(u.chatId)).some((m) => m.text.includes('was linked'))).toBe(false);
    const mail = await latestMail(t, u.email);
    expect(mail.text).toContain('You received 0.00123 Bitcoin.');
    expect(mail.links).toEqual([`${PUBLIC_URL}/home/asset/BTC/transaction/${txId}/DEPOSIT`]);
  });

  it('to a user who turned money messages off: none, by bot or e-mail', async () => {
    const u = await linkedUser({ telegram: true, email: true, money: false, security: true });
    const txId = await chainDeposit(u, '0.5');
    expect(await settled(txId)).toEqual({
      telegram_outcome: 'skipped: money messages off',
      email_outcome: 'skipped: money messages off',
    });
    expect((await messagesTo(u.chatId)).filter((m) => m.text.includes('received'))).toEqual([]);
    const mails = (await json<{ text: string }[]>(t, 'GET', `/dev/mail?to=${encodeURIComponent(u.email)}`)).body;
    expect(mails.filter((m) => m.text.includes('received'))).toEqual([]);
  });

  it('to a linked user who never allowed bot messages: the e-mail only', async () => {
    const u = await linkedUser();
    const txId = await chainDeposit(u, '2');
    expect(await settled(txId)).toEqual({
      telegram_outcome: 'skipped: bot messages not allowed',
      email_outcome: 'sent',
    });
    expect((await messagesTo(u.chatId)).filter((m) => m.text.includes('received'))).toEqual([]);
  });

  it("waits out Telegram's 429 retry_after, then sends once", async () => {
    const u = await linkedUser({ telegram: true, email: true, money: true, security: true });
    expect((await json(t, 'POST', '/dev/telegram/bot/behaviour', { floodRetryAfter: 1 })).status).toBe(200);
    try {
      const txId = await chainDeposit(u, '0.1');
      await until(async () => {
        const { rows } =
          (await t.db.execute(sql`select j.last_error from jobs j join notifications n on j.key = n.id::text
          where n.ref = ${txId} and j.kind = 'notify-telegram'`)) as unknown as {
            rows: { last_error: string | null }[];
          };
        return rows[0]?.last_error === '429 retry after 1';
      }, 'the 429');
      const floodAt = Date.now();
      expect((await json(t, 'POST', '/dev/telegram/bot/behaviour', { floodRetryAfter: 0 })).status).toBe(200);
      expect((await settled(txId)).telegram_outcome).toBe('sent');
      // Not before retry_after (1 s) from the 429; the 429 itself was seen up to one poll after it.
      expect(Date.now() - floodAt).toBeGreaterThanOrEqual(800);
      expect((await messagesTo(u.chatId)).filter((m) => m.text.includes('received'))).toHaveLength(1);
    } finally {
      await json(t, 'POST', '/dev/telegram/bot/behaviour', { floodRetryAfter: 0 });
    }
  });
});

describe('security', () => {
  it('the end of a reset hold is told when it comes, not before', async () => {
    const u = await linkedUser({ telegram: true, email: true, money: true, security: true });
    const started = Date.now();
    await t.db.transaction((tx) => startResetHold(tx, u.id, 400));
    const ended = await until(
      async () => (await messagesTo(u.chatId)).find((m) => m.text.startsWith('The passcode reset is over')),
      'the reset-ended message',
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(400);
    expect(ended.reply_markup).toBeNull();
    await sleep(100);
    expect((await messagesTo(u.chatId)).filter((m) => m.text.startsWith('The passcode reset is over'))).toHaveLength(1);
    expect((await latestMail(t, u.email)).text).toContain('The passcode reset is over');
  });
});

describe('messages', () => {
  it("in the user's language and number format, assets by display name", () => {
    expect(formatMinor('123456789', 8, 'ENG')).toBe('1.23456789');
    expect(formatMinor('123456789', 8, 'RUS')).toBe('1,23456789');
    expect(formatMinor('123450000000', 8, 'ENG')).toBe('1,234.5');
    expect(formatMinor('123450000000', 8, 'RUS')).toBe('1\u00a0234,5');
    expect(formatMinor('5', 6, 'ENG')).toBe('0.000005');
    expect(formatMinor('1000000', 6, 'ENG')).toBe('1');
    const data = { currency: 'BTC', amountMinor: '123450000000', transactionId: 'x', transactionType: 'DEPOSIT' };
    expect(renderNotification('deposit.credited', data, 'RUS').text).toBe('Вы получили 1\u00a0234,5 Bitcoin.');
    expect(renderNotification('deposit.credited', data, 'RUS').button).toEqual({
      text: 'Открыть в кошельке',
      startParam: 'tx-BTC-DEPOSIT-x',
    });
    expect(
      renderNotification(
        'sell.paid',
        { currency: 'USDT_TRX', amountMinor: '10000000', fiatCurrency: 'RUB', fiatAmountMinor: '95050' },
        'ENG',
      ).text,
    ).toMatch(/^You sold 10 .+: 950\.5 RUB paid out to your card\.$/);
  });
});
