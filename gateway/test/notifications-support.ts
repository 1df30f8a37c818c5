import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestApp } from './support/app.js';
import { initDataFor, json, nextTelegramId } from './support/flows.js';
import { walletUser, type WalletUser } from './wallet-support.js';

/** Helpers of the notification tests (issue 24): the bot's chat, the outbox's outcomes, linked users. */
export const P = '/b2c-user-management';
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function until<T>(check: () => Promise<T | undefined | false>, what: string, ms = 15_000): Promise<T> {
  for (const start = Date.now(); Date.now() - start < ms; await sleep(25)) {
    const value = await check();
    if (value) return value;
  }
  throw new Error(`timed out waiting for ${what}`);
}

export interface BotMessage {
  message_id: number;
  text: string;
  reply_markup: { inline_keyboard: { text: string; web_app?: { url: string } }[][] } | null;
}
export const messagesTo = async (t: TestApp, chatId: number) =>
  (await json<BotMessage[]>(t, 'GET', `/dev/telegram/bot/messages?chat_id=${chatId}`)).body;

export const putPrefs = (t: TestApp, u: { token: string }, prefs: Record<string, unknown>) =>
  t.app.inject({
    method: 'PUT',
    url: `${P}/user/notifications`,
    payload: prefs,
    headers: { authorization: `Bearer ${u.token}` },
  });

export const ALL_ON = { telegram: true, email: true, money: true, security: true };

type Outcomes = { telegram_outcome: string; email_outcome: string };

/** Both channels of every notification about `ref` are settled (sent or skipped); their outcomes. */
export const settled = (t: TestApp, ref: string, count = 1) =>
  until(async () => {
    const { rows } = (await t.db.execute(
      sql`select event, telegram_outcome, email_outcome, telegram_done_at is not null and email_done_at is not null as done
        from notifications where ref = ${ref} order by created_at`,
    )) as unknown as { rows: (Outcomes & { event: string; done: boolean })[] };
    if (rows.length < count || !rows.every((r) => r.done)) return undefined;
    return rows.map(({ event, telegram_outcome, email_outcome }) => ({ event, telegram_outcome, email_outcome }));
  }, `notifications about ${ref} to settle`);

/**
 * A wallet user with a linked Telegram account (the one-time code route, as the app links), then the
 * preferences: bot messages can only be allowed by a linked account. The link's own notice is settled
 * first, so what follows is told under these preferences.
 */
export async function linkedUser(
  t: TestApp,
  prefs?: Record<string, boolean>,
): Promise<WalletUser & { chatId: number }> {
  const user = await walletUser(t, 'notify');
  const code = await json<{ code: string }>(t, 'POST', `${P}/user/tg/code`, undefined, user.token);
  const chatId = nextTelegramId();
  const tgCode = await initDataFor(t, { id: chatId, username: `u${chatId}` }, { start_param: code.body.code });
  expect((await json(t, 'POST', `${P}/auth/tg/link`, { oneTimeCode: code.body.code, tgCode })).status).toBe(200);
  await until(async () => {
    const { rows } = (await t.db.execute(sql`select 1 from notifications where user_id = ${user.id}::uuid
        and event = 'security.telegram_linked' and telegram_done_at is not null`)) as unknown as { rows: unknown[] };
    return rows.length > 0;
  }, 'the link notice to settle');
  if (prefs) expect((await putPrefs(t, user, prefs)).statusCode).toBe(200);
  return { ...user, chatId };
}
