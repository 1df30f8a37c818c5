import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { users } from '../db/schema/index.js';
import { DomainError } from '../domain/errors.js';
import { enqueueNotification } from '../notifications/outbox.js';

/**
 * The hold after a passcode reset (docs/guide.md "Passcode recovery and the reset hold"). Whoever resets the passcode — the
 * owner, or someone holding a stolen session, mailbox or Telegram account — cannot move money out
 * (send, swap, sell) until the hold ends, so the owner has time to notice the reset mail or message
 * and act. Both its start and its check read the database clock, so every replica agrees.
 */
export const holdError = (until: Date) =>
  new DomainError(
    'forbidden',
    'PASSCODE_RESET_HOLD',
    `The passcode was reset: money can leave the account again at ${until.toISOString()}`,
    {
      holdUntil: until.toISOString(),
    },
  );

/** Starts (or restarts) the hold at every passcode reset; returns its end. */
export async function startResetHold(tx: Executor, userId: string, holdMs: number): Promise<Date> {
  const [row] = await tx
    .update(users)
    .set({ passcodeResetHoldUntil: sql`now() + ${holdMs} * interval '1 millisecond'` })
    .where(eq(users.id, userId))
    .returning({ until: users.passcodeResetHoldUntil });
  if (!row?.until) throw new Error(`No user ${userId} to hold`);
  // Its end told by bot and e-mail when it comes (issue 24), queued now with the hold.
  await enqueueNotification(tx, {
    userId,
    event: 'security.reset_ended',
    ref: `reset-ended:${userId}:${row.until.toISOString()}`,
    data: { holdUntil: row.until.toISOString() },
    delayMs: holdMs,
  });
  return row.until;
}
