import { sql } from 'drizzle-orm';
import { DEFAULT_NOTIFICATION_PREFERENCES, type NotificationPreferences } from '../../../contracts/notifications.js';
import type { Executor } from '../db/client.js';
import { DomainError } from '../domain/errors.js';

type Row = { telegram: boolean | null; email: boolean | null; money: boolean | null; security: boolean | null };
const rowsOf = (result: unknown) => (result as { rows: (Row & { linked?: boolean })[] }).rows;

/**
 * The user's preferences as they act: `telegram` is on only while the Telegram account that allowed bot
 * messages is still the linked one (a later link of another account did not allow anything).
 */
export async function readPreferences(db: Executor, userId: string): Promise<NotificationPreferences> {
  const [row] = rowsOf(
    await db.execute(sql`select coalesce(p.telegram and p.telegram_chat_id = tl.telegram_user_id, false) as telegram,
        p.email, p.money, p.security
      from (select ${userId}::uuid as user_id) u
      left join notification_preferences p on p.user_id = u.user_id
      left join telegram_links tl on tl.user_id = u.user_id`),
  );
  if (!row || row.email === null) return { ...DEFAULT_NOTIFICATION_PREFERENCES, telegram: row?.telegram === true };
  return { telegram: row.telegram === true, email: row.email, money: row.money!, security: row.security! };
}

/**
 * Saves the preferences in one statement. Turning bot messages on records the Telegram account linked
 * now as the one that allowed them (the Mini App asks Telegram's requestWriteAccess first); with no
 * Telegram linked there is nobody to allow them: 409 TELEGRAM_NOT_LINKED, nothing saved.
 */
export async function writePreferences(
  db: Executor,
  userId: string,
  prefs: NotificationPreferences,
): Promise<NotificationPreferences> {
  const rows = rowsOf(
    await db.execute(sql`with link as (
        select (select telegram_user_id from telegram_links where user_id = ${userId}::uuid) as chat),
      saved as (
        insert into notification_preferences (user_id, telegram, telegram_chat_id, email, money, security)
        select ${userId}::uuid, ${prefs.telegram}::boolean, case when ${prefs.telegram}::boolean then link.chat end,
          ${prefs.email}::boolean, ${prefs.money}::boolean, ${prefs.security}::boolean
        from link where link.chat is not null or not ${prefs.telegram}::boolean
        on conflict (user_id) do update set telegram = excluded.telegram, telegram_chat_id = excluded.telegram_chat_id,
          email = excluded.email, money = excluded.money, security = excluded.security, updated_at = now()
        returning 1)
      select exists (select 1 from saved) as linked`),
  );
  if (!rows[0]?.linked)
    throw new DomainError('conflict', 'TELEGRAM_NOT_LINKED', 'Link a Telegram account to get bot messages', {
      field: 'telegram',
    });
  return prefs;
}
