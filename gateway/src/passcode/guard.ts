import type { Db } from '../db/client.js';
import { requireNoResetHold } from './resetHold.js';
import { checkPasscode, hasPasscode, pinErrors } from './service.js';

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
  await requireNoResetHold(db, userId);
  if (!(await hasPasscode(db, userId))) return;
  const code = header?.trim();
  if (!code) throw pinErrors.required();
  await checkPasscode(db, userId, code);
}
