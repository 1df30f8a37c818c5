import { desc, eq } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { securityEvents, users } from '../db/schema/index.js';
import type { Mailer } from '../mail/mailer.js';
import { enqueueNotification, type SecurityEvent } from '../notifications/outbox.js';
import { securityNoticeMail } from '../mail/templates.js';
import type { SecurityDetail, SecurityEventKind } from './kinds.js';

export { SECURITY_EVENT_KINDS, type SecurityDetail, type SecurityEventKind } from './kinds.js';

/** Written inside the transaction that makes the change, so the record cannot miss it or outlive it. */
export async function recordSecurityEvent(
  tx: Executor,
  userId: string,
  kind: SecurityEventKind,
  detail: SecurityDetail = {},
): Promise<void> {
  const [row] = await tx.insert(securityEvents).values({ userId, kind, detail }).returning({ id: securityEvents.id });
  // The owner's Telegram is told too (issue 24), in this transaction; the e-mail is mailOwner's, below.
  const event = NOTIFIED[kind];
  if (event && row) {
    const who = detail.username ? `@${String(detail.username)}` : undefined;
    await enqueueNotification(tx, {
      userId,
      event,
      ref: `security:${row.id}`,
      data: who ? { detail: who } : {},
      channels: ['telegram'],
    });
  }
}

/** The security events a bot message reports (the refused attempts and requests are mailed only). */
const NOTIFIED: Partial<Record<SecurityEventKind, SecurityEvent>> = {
  password_reset: 'security.reset_started',
  passcode_recovered: 'security.reset_started',
  telegram_linked: 'security.telegram_linked',
  telegram_relinked: 'security.telegram_linked',
  telegram_unlinked: 'security.telegram_unlinked',
};

/**
 * Tells the owner by e-mail (the sandbox outbox or SMTP), after the change has committed. A user
 * without an e-mail (Telegram-only) has no mailbox to tell: the event row still records it. A failed
 * delivery is logged by the caller's `onError` and never undoes the change.
 */
export async function mailOwner(
  db: Executor,
  mailer: Mailer,
  userId: string,
  kind: SecurityEventKind,
  detail: SecurityDetail = {},
  onError: (err: unknown) => void = () => {},
): Promise<void> {
  try {
    const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
    if (user?.email) await mailer.send(securityNoticeMail(user.email, kind, detail));
  } catch (err) {
    onError(err);
  }
}

/** The owner's record, newest first (GET /b2c-user-management/user/security-events and tests). */
export async function listSecurityEvents(db: Executor, userId: string, limit = 50) {
  const rows = await db
    .select()
    .from(securityEvents)
    .where(eq(securityEvents.userId, userId))
    .orderBy(desc(securityEvents.id))
    .limit(limit);
  return rows.map((r) => ({
    kind: r.kind as SecurityEventKind,
    detail: r.detail,
    createdAt: r.createdAt.toISOString(),
  }));
}
