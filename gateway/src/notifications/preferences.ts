import { eq, sql } from 'drizzle-orm';
import { DEFAULT_NOTIFICATION_PREFERENCES, type NotificationPreferences } from '../../../contracts/notifications.js';
import type { Executor } from '../db/client.js';
import { notificationPreferences } from '../db/schema/index.js';

export async function readPreferences(db: Executor, userId: string): Promise<NotificationPreferences> {
  const [row] = await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  if (!row) return { ...DEFAULT_NOTIFICATION_PREFERENCES };
  return { telegram: row.telegram, email: row.email, money: row.money, security: row.security };
}

export async function writePreferences(
  db: Executor,
  userId: string,
  prefs: NotificationPreferences,
): Promise<NotificationPreferences> {
  await db
    .insert(notificationPreferences)
    .values({ userId, ...prefs })
    .onConflictDoUpdate({
      target: notificationPreferences.userId,
      set: { ...prefs, updatedAt: sql`now()` },
    });
  return prefs;
}
