import { eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { preparedPer } from '../db/prepared.js';
import { users } from '../db/schema/index.js';
import { isUuid } from '../users/repository.js';
import { holdError } from './resetHold.js';
import { checkPasscode, pinErrors } from './service.js';

/**
 * The reset hold (if it still runs, by the database's clock) and whether a passcode is set, in one
 * prepared read: every send and swap confirm asks both, which were two round trips.
 */
const gate = preparedPer((db) => db.select({
  holdUntil: sql<Date | null>`case when ${gt(users.passcodeResetHoldUntil, sql`now()`)} then ${users.passcodeResetHoldUntil} end`.mapWith(users.passcodeResetHoldUntil),
  hasPasscode: sql<boolean>`exists (select 1 from user_passcodes p where p.user_id = ${users.id})`,
}).from(users).where(eq(users.id, sql.placeholder('userId'))).prepare('passcode_gate'));

/**
 * For routes that move money (withdraw, swap confirm, sell): call before any side effect.
 * - a passcode reset less than PASSCODE_RESET_HOLD_HOURS ago → 403 PASSCODE_RESET_HOLD with `holdUntil`
 *   (asked first, so a held request never counts a passcode attempt);
 * - no passcode set → returns;
 * - passcode set, `pincode` header missing or empty → 403 PINCODE_REQUIRED (not counted);
 * - wrong code → counted, 403 B2C_USM0031;
 * - in a wait → 429 B2C_USM0030 with `waitSeconds`; blocked → 403 B2C_USM0032 (both counted).
 * The errors are DomainErrors; http/errors.ts renders them as `{ code, message, attemptsLeft?, waitSeconds? }`.
 */
export async function requirePasscode(db: Db, userId: string, header: string | undefined): Promise<void> {
  if (!isUuid(userId)) return;
  const [row] = await gate(db).execute({ userId });
  if (row?.holdUntil) throw holdError(row.holdUntil);
  if (!row?.hasPasscode) return;
  const code = header?.trim();
  if (!code) throw pinErrors.required();
  await checkPasscode(db, userId, code);
}
