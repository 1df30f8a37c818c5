import { and, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Adapter, AdapterConstructor, AdapterPayload } from 'oidc-provider';
import type { Db, Executor } from '../db/client.js';
import { oidcPayloads } from '../db/schema/idp.js';
import { hasControlCharacters } from '../http/controlChars.js';

const notExpired = or(isNull(oidcPayloads.expiresAt), gt(oidcPayloads.expiresAt, sql`now()`));

function toPayload(row: { payload: unknown; consumedAt: Date | null }): AdapterPayload {
  const payload = row.payload as AdapterPayload;
  // The provider reads `consumed` to refuse a second use (rotated refresh tokens, codes).
  return row.consumedAt ? { ...payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) } : payload;
}

/** Removes rows past their expiry; the provider never asks for them again. */
export async function purgeExpired(db: Db): Promise<void> {
  await db.delete(oidcPayloads).where(lt(oidcPayloads.expiresAt, sql`now()`));
}

/** oidc-provider storage over the `oidc_payload` table; one adapter instance per model name. */
export function createAdapter(db: Db): AdapterConstructor {
  return class DrizzleAdapter implements Adapter {
    constructor(private readonly model: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
      const expiresAt = expiresIn ? new Date(Date.now() + expiresIn * 1000) : null;
      const row = {
        payload,
        grantId: payload.grantId ?? null,
        userCode: payload.userCode ?? null,
        uid: payload.uid ?? null,
        expiresAt,
      };
      await db
        .insert(oidcPayloads)
        .values({ model: this.model, id, ...row })
        .onConflictDoUpdate({ target: [oidcPayloads.model, oidcPayloads.id], set: row });
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      return this.findOne(eq(oidcPayloads.id, id), id);
    }

    async findByUid(uid: string): Promise<AdapterPayload | undefined> {
      return this.findOne(eq(oidcPayloads.uid, uid), uid);
    }

    async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      return this.findOne(eq(oidcPayloads.userCode, userCode), userCode);
    }

    async consume(id: string): Promise<void> {
      if (hasControlCharacters(id)) return;
      await db
        .update(oidcPayloads)
        .set({ consumedAt: sql`now()` })
        .where(and(eq(oidcPayloads.model, this.model), eq(oidcPayloads.id, id)));
    }

    async destroy(id: string): Promise<void> {
      if (hasControlCharacters(id)) return;
      await db.delete(oidcPayloads).where(and(eq(oidcPayloads.model, this.model), eq(oidcPayloads.id, id)));
    }

    // Every model sharing the grant goes (refresh tokens, codes, the grant itself), whichever
    // model's adapter the provider happens to call this on.
    async revokeByGrantId(grantId: string): Promise<void> {
      if (hasControlCharacters(grantId)) return;
      await db.delete(oidcPayloads).where(eq(oidcPayloads.grantId, grantId));
    }

    private async findOne(where: ReturnType<typeof eq>, key: string): Promise<AdapterPayload | undefined> {
      // Ids, uids and codes are ours and never hold control characters; PostgreSQL would refuse a NUL (500).
      if (typeof key !== 'string' || hasControlCharacters(key)) return undefined;
      const rows = await db
        .select({ payload: oidcPayloads.payload, consumedAt: oidcPayloads.consumedAt })
        .from(oidcPayloads)
        .where(and(eq(oidcPayloads.model, this.model), where, notExpired))
        .limit(1);
      return rows[0] ? toPayload(rows[0]) : undefined;
    }
  };
}

/**
 * Ends every session of a user at once (password reset, Telegram recovery or re-link, "sign out of all
 * devices"): each grant of the user and everything issued under it, and the user's browser sessions at
 * the provider. Access tokens are JWTs, but every request checks its grant (idp/verify.ts `liveGrant`),
 * so they stop working with this statement. Takes the caller's transaction, so it commits with the change.
 */
export async function revokeUserGrants(db: Executor, userId: string): Promise<number> {
  const owned = sql`${oidcPayloads.model} in ('Grant', 'Session') and ${oidcPayloads.payload} ->> 'accountId' = ${userId}`;
  const grants = db
    .select({ id: oidcPayloads.id })
    .from(oidcPayloads)
    .where(and(eq(oidcPayloads.model, 'Grant'), owned));
  const removed = await db
    .delete(oidcPayloads)
    .where(or(inArray(oidcPayloads.grantId, grants), owned))
    .returning({ model: oidcPayloads.model });
  return removed.filter((r) => r.model === 'Grant').length;
}

/** Deletes a grant and everything issued under it (refresh tokens, codes). */
export async function revokeGrant(db: Db, grantId: string): Promise<void> {
  await db
    .delete(oidcPayloads)
    .where(or(eq(oidcPayloads.grantId, grantId), and(eq(oidcPayloads.model, 'Grant'), eq(oidcPayloads.id, grantId))));
}
