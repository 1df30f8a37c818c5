import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { oneTimeCodes, type CodeKind } from '../db/schema/index.js';

/** Lifetimes per kind: confirmation 24 h, reset 1 h, Telegram link 10 min. */
export const CODE_TTL_SECONDS: Record<CodeKind, number> = {
  email_confirm: 24 * 3600,
  password_reset: 3600,
  tg_link: 600,
};

export const hashCode = (code: string) => createHash('sha256').update(code).digest('hex');

export async function createCode(db: Executor, kind: CodeKind, userId: string): Promise<{ code: string; expiresAt: Date }> {
  const code = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + CODE_TTL_SECONDS[kind] * 1000);
  await db.insert(oneTimeCodes).values({ kind, codeHash: hashCode(code), userId, expiresAt });
  return { code, expiresAt };
}

/** Single use by construction: only one UPDATE can flip used_at from NULL. Returns the owner. */
export async function consumeCode(db: Executor, kind: CodeKind, code: string): Promise<string | undefined> {
  const rows = await db
    .update(oneTimeCodes)
    .set({ usedAt: sql`now()` })
    .where(and(
      eq(oneTimeCodes.codeHash, hashCode(code)),
      eq(oneTimeCodes.kind, kind),
      isNull(oneTimeCodes.usedAt),
      gt(oneTimeCodes.expiresAt, sql`now()`),
    ))
    .returning({ userId: oneTimeCodes.userId });
  return rows[0]?.userId;
}

/** Why a code could not be consumed; only asked after consumeCode failed. */
export async function codeStatus(db: Executor, kind: CodeKind, code: string): Promise<'unknown' | 'used' | 'expired' | 'valid'> {
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
