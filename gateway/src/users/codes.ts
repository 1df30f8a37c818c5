import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { oneTimeCodes, type CodeKind } from '../db/schema/index.js';

/** Lifetimes per kind: confirmation 24 h, reset 1 h, Telegram link and re-link confirmation 10 min. */
export const CODE_TTL_SECONDS: Record<CodeKind, number> = {
  email_confirm: 24 * 3600,
  password_reset: 3600,
  tg_link: 600,
  tg_relink: 600,
};

export type CodePayload = Record<string, string | number | null>;

export const hashCode = (code: string) => createHash('sha256').update(code).digest('hex');

export async function createCode(
  db: Executor,
  kind: CodeKind,
  userId: string,
  payload?: CodePayload,
): Promise<{ code: string; expiresAt: Date }> {
  const code = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + CODE_TTL_SECONDS[kind] * 1000);
  await db
    .insert(oneTimeCodes)
    .values({ kind, codeHash: hashCode(code), userId, expiresAt, ...(payload ? { payload } : {}) });
  return { code, expiresAt };
}

/** Kinds a user makes as often as they like (a button press), so each new one retires the older live ones. */
const SINGLE_LIVE_KINDS: readonly CodeKind[] = ['tg_link', 'tg_relink'];
/** How long a spent or expired code of those kinds is kept to say "expired" or "used" rather than "invalid". */
const KEEP_SPENT = sql`interval '1 hour'`;

/**
 * A code of a kind that has one live code per user at most: the user's older live codes of that kind
 * expire now (they then answer "expired"), and codes of those kinds spent or expired more than an hour
 * ago, anyone's, are deleted. Call in the transaction that creates the new code.
 */
export async function createOnlyLiveCode(db: Executor, kind: CodeKind, userId: string, payload?: CodePayload) {
  if (!SINGLE_LIVE_KINDS.includes(kind)) throw new Error(`${kind} codes are not capped`);
  await db
    .update(oneTimeCodes)
    .set({ expiresAt: sql`now()` })
    .where(
      and(
        eq(oneTimeCodes.userId, userId),
        eq(oneTimeCodes.kind, kind),
        isNull(oneTimeCodes.usedAt),
        gt(oneTimeCodes.expiresAt, sql`now()`),
      ),
    );
  await purgeSpentCodes(db);
  return createCode(db, kind, userId, payload);
}

/** Deletes link and re-link codes that expired more than an hour ago (a used code expires within its 10 minutes too). */
export async function purgeSpentCodes(db: Executor): Promise<void> {
  await db
    .delete(oneTimeCodes)
    .where(
      and(inArray(oneTimeCodes.kind, [...SINGLE_LIVE_KINDS]), lt(oneTimeCodes.expiresAt, sql`now() - ${KEEP_SPENT}`)),
    );
}

/** Single use by construction: only one UPDATE can flip used_at from NULL. Returns the owner. */
export async function consumeCode(db: Executor, kind: CodeKind, code: string): Promise<string | undefined> {
  return (await consumeCodeWithPayload(db, kind, code))?.userId;
}

/** Like consumeCode, with what the code carries. */
export async function consumeCodeWithPayload(
  db: Executor,
  kind: CodeKind,
  code: string,
): Promise<{ userId: string; payload: CodePayload | null } | undefined> {
  const rows = await db
    .update(oneTimeCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(oneTimeCodes.codeHash, hashCode(code)),
        eq(oneTimeCodes.kind, kind),
        isNull(oneTimeCodes.usedAt),
        gt(oneTimeCodes.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: oneTimeCodes.userId, payload: oneTimeCodes.payload });
  return rows[0];
}

/** A live code's owner and payload without using it (a confirmation page that only shows what it would do). */
export async function peekCode(
  db: Executor,
  kind: CodeKind,
  code: string,
): Promise<{ userId: string; payload: CodePayload | null } | undefined> {
  const [row] = await db
    .select({ userId: oneTimeCodes.userId, payload: oneTimeCodes.payload })
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.codeHash, hashCode(code)),
        eq(oneTimeCodes.kind, kind),
        isNull(oneTimeCodes.usedAt),
        gt(oneTimeCodes.expiresAt, sql`now()`),
      ),
    );
  return row;
}

/** Why a code could not be consumed; only asked after consumeCode failed. */
export async function codeStatus(
  db: Executor,
  kind: CodeKind,
  code: string,
): Promise<'unknown' | 'used' | 'expired' | 'valid'> {
  const [row] = await db
    .select({ usedAt: oneTimeCodes.usedAt, expired: sql<boolean>`${oneTimeCodes.expiresAt} <= now()` })
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.codeHash, hashCode(code)), eq(oneTimeCodes.kind, kind)));
  if (!row) return 'unknown';
  if (row.usedAt) return 'used';
  return row.expired ? 'expired' : 'valid';
}

/** After a successful reset, older reset links for the same user must stop working. */
export async function retireCodes(db: Executor, kind: CodeKind, userId: string): Promise<void> {
  await db
    .update(oneTimeCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(oneTimeCodes.userId, userId), eq(oneTimeCodes.kind, kind), isNull(oneTimeCodes.usedAt)));
}
