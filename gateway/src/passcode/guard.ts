import { eq, gt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.js';
import { preparedPer } from '../db/prepared.js';
import { accounts, oidcPayloads, users } from '../db/schema/index.js';
import { accountReadOf, type AccountRead, type BearerAccountRow } from '../http/account.js';
import { liveGrant, livenessColumns } from '../idp/verify.js';
import { isUuid, ownAccount } from '../users/repository.js';
import { holdError } from './resetHold.js';
import { checkPasscode, pinErrors } from './service.js';

/** The reset hold (if it still runs, by the database's clock) and whether a passcode is set. */
const gateColumns = {
  holdUntil: sql<Date | null>`case when ${gt(users.passcodeResetHoldUntil, sql`now()`)} then ${users.passcodeResetHoldUntil} end`.mapWith(users.passcodeResetHoldUntil),
  hasPasscode: sql<boolean>`exists (select 1 from user_passcodes p where p.user_id = ${users.id})`,
};
type GateRow = { holdUntil: Date | null; hasPasscode: boolean };

/** Both in one prepared read: every send and swap confirm asks both, which were two round trips. */
const gate = preparedPer((db) => db.select(gateColumns).from(users).where(eq(users.id, sql.placeholder('userId'))).prepare('passcode_gate'));

/**
 * `config.accountRead` of the money routes (send, swap confirm, sell): the gate's columns read in the
 * bearer and account check's own statement (http/account.ts), one round trip fewer per money request.
 * The account is the caller's own or absent (then the request is 404 before the handler runs), so
 * its user is the bearer's.
 */
const bearerAccountGate = preparedPer((db) => db
  .select({ ...livenessColumns, accountId: accounts.id, ...gateColumns })
  .from(oidcPayloads)
  .leftJoin(accounts, ownAccount)
  .leftJoin(users, eq(users.id, accounts.userId))
  .where(liveGrant)
  .prepare('token_account_passcode_gate'));

export const readPasscodeGateWithBearer: AccountRead = (db, params) => bearerAccountGate(db).execute(params);

/**
 * For routes that move money (withdraw, swap confirm, sell): call before any side effect.
 * - a passcode reset less than PASSCODE_RESET_HOLD_HOURS ago → 403 PASSCODE_RESET_HOLD with `holdUntil`
 *   (asked first, so a held request never counts a passcode attempt);
 * - no passcode set → returns;
 * - passcode set, `pincode` header missing or empty → 403 PINCODE_REQUIRED (not counted);
 * - wrong code → counted, 403 B2C_USM0031;
 * - in a wait → 429 B2C_USM0030 with `waitSeconds`; blocked → 403 B2C_USM0032 (both counted).
 * The errors are DomainErrors; http/errors.ts renders them as `{ code, message, attemptsLeft?, waitSeconds? }`.
 * Given the request of a route whose `config.accountRead` is `readPasscodeGateWithBearer`, the gate
 * comes from that read; otherwise it is read here.
 */
export async function requirePasscode(db: Db, userId: string, header: string | undefined, request?: FastifyRequest): Promise<void> {
  if (!isUuid(userId)) return;
  const read = request ? accountReadOf<BearerAccountRow & GateRow>(request)?.[0] : undefined;
  const row: GateRow | undefined = read ?? (await gate(db).execute({ userId }))[0];
  if (row?.holdUntil) throw holdError(row.holdUntil);
  if (!row?.hasPasscode) return;
  const code = header?.trim();
  if (!code) throw pinErrors.required();
  await checkPasscode(db, userId, code);
}
