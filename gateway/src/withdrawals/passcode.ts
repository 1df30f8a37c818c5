import type { Db } from '../db/client.js';
import { requirePasscode } from '../passcode/guard.js';

/** The passcode gate of a withdrawal (spec §6 pincode header); see passcode/guard.ts for the answers. */
export function requireWithdrawalPasscode(db: Db, userId: string, header: string | undefined): Promise<void> {
  return requirePasscode(db, userId, header);
}
