import { and, eq, sql } from 'drizzle-orm';
import type { Network } from '../chain/addresses.js';
import type { Db } from '../db/client.js';
import { accounts, telegramLinks, users } from '../db/schema/index.js';
import { DomainError } from '../domain/errors.js';
import { ensureDepositAddress, type DeriveAddress } from '../wallet/addresses.js';
import { findCoin } from '../wallet/catalogue.js';
import type { Recipient } from '../../../contracts/contacts.js';

/**
 * Finds a wallet user by @username or e-mail (issue 25). One query decides, and it asks only among users
 * who opted in (`users.findable`): an unknown and a hidden user take the same path and both answer null,
 * so the look-up is no oracle of who has an account. The caller finding themselves answers null too.
 */
export async function lookupRecipient(
  db: Db,
  derive: DeriveAddress,
  input: { callerAccountId: string; query: string; currency: string },
): Promise<Recipient | null> {
  const coin = findCoin(input.currency);
  if (!coin) throw new DomainError('invalid', 'UNKNOWN_CURRENCY', 'Unknown currency', { field: 'currency' });
  const query = input.query.trim();
  const byName = query.startsWith('@');
  const key = (byName ? query.slice(1) : query).toLowerCase();
  const [row] = await db
    .select({ accountId: accounts.id, email: users.email, username: telegramLinks.username })
    .from(users)
    .innerJoin(accounts, eq(accounts.userId, users.id))
    .leftJoin(telegramLinks, eq(telegramLinks.userId, users.id))
    .where(
      and(eq(users.findable, true), byName ? sql`lower(${telegramLinks.username}) = ${key}` : eq(users.email, key)),
    )
    .limit(1);
  // Lightning has no deposit address of its own: nothing to pay a user on.
  if (!row || row.accountId === input.callerAccountId || coin.network === 'lightning') return null;
  const address = await ensureDepositAddress(db, row.accountId, coin.network as Network, derive);
  return { displayName: displayNameOf(row), address };
}

/** What the payer sees: the @username when there is one, else the name part of the e-mail. */
function displayNameOf(row: { email: string | null; username: string | null }): string {
  if (row.username) return `@${row.username}`;
  return (row.email ?? '').split('@')[0] ?? '';
}

export async function readVisibility(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ findable: users.findable }).from(users).where(eq(users.id, userId));
  return row?.findable ?? false;
}

export async function writeVisibility(db: Db, userId: string, findable: boolean): Promise<boolean> {
  await db.update(users).set({ findable }).where(eq(users.id, userId));
  return findable;
}
