import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { preparedPer } from '../db/prepared.js';
import { accounts, telegramLinks, userPasscodes, users, type FiatCurrency, type Language } from '../db/schema/index.js';

export interface Profile {
  id: string;
  email: string | null;
  accounts: { id: string; name: string; language: Language; defaultFiatCurrency: FiatCurrency }[];
  pinCodeActive: boolean;
  telegram?: { id: number; username: string | null };
  passcodeResetHoldUntil?: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A `sub` from a foreign token must not reach a uuid cast and turn into a 500. */
export const isUuid = (value: string) => UUID.test(value);

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export async function findUserByEmail(db: Executor, email: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(users.email, normalizeEmail(email)));
  return row;
}

export async function findUserById(db: Executor, userId: string) {
  if (!isUuid(userId)) return undefined;
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row;
}

/** Inserts the user and its one account; undefined when the e-mail is taken (caller maps to 409). */
export async function insertEmailUser(
  tx: Executor,
  input: { email: string; passwordHash: string; accountName: string },
): Promise<{ id: string; email: string } | undefined> {
  const [user] = await tx
    .insert(users)
    .values({ email: normalizeEmail(input.email), passwordHash: input.passwordHash })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  if (!user) return undefined;
  await tx.insert(accounts).values({ userId: user.id, name: input.accountName });
  return { id: user.id, email: normalizeEmail(input.email) };
}

/** A Telegram-born user has no e-mail or password, and nothing to confirm. */
export async function insertTelegramUser(
  tx: Executor,
  input: { language: Language; accountName: string },
): Promise<string> {
  const [user] = await tx
    .insert(users)
    .values({ emailConfirmed: true, language: input.language })
    .returning({ id: users.id });
  await tx.insert(accounts).values({ userId: user!.id, name: input.accountName });
  return user!.id;
}

/**
 * The account row only when it belongs to the user (placeholders `accountId`, `userId`): a WHERE here,
 * an ON for a statement that joins it to the bearer check (http/account.ts) so both share a round trip.
 */
export const ownAccount = and(
  eq(accounts.id, sql.placeholder('accountId')),
  eq(accounts.userId, sql.placeholder('userId')),
);

/** Malformed ids never reach a uuid cast: they become NULL, which matches no account. */
export const ownAccountParams = (userId: string, accountId: string) => ({
  accountId: isUuid(accountId) ? accountId : null,
  userId: isUuid(userId) ? userId : null,
});

const ownAccountRow = preparedPer((db) =>
  db.select({ id: accounts.id }).from(accounts).where(ownAccount).prepare('own_account'),
);

/** The account's id when it exists and belongs to the user. */
export async function findOwnAccountId(db: Executor, userId: string, accountId: string): Promise<string | undefined> {
  if (!isUuid(accountId) || !isUuid(userId)) return undefined;
  const [row] = await ownAccountRow(db).execute(ownAccountParams(userId, accountId));
  return row?.id;
}

/** The user's active account (spec §3: accounts[0], the oldest), or undefined. */
export async function findActiveAccountId(db: Executor, userId: string): Promise<string | undefined> {
  if (!isUuid(userId)) return undefined;
  const [row] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.userId, userId))
    .orderBy(accounts.createdAt)
    .limit(1);
  return row?.id;
}

export async function loadProfile(db: Executor, userId: string): Promise<Profile | undefined> {
  const user = await findUserById(db, userId);
  if (!user) return undefined;
  const accountRows = await db.select().from(accounts).where(eq(accounts.userId, userId)).orderBy(accounts.createdAt);
  const [link] = await db.select().from(telegramLinks).where(eq(telegramLinks.userId, userId));
  const [passcode] = await db
    .select({ userId: userPasscodes.userId })
    .from(userPasscodes)
    .where(eq(userPasscodes.userId, userId));
  return {
    id: user.id,
    email: user.email,
    accounts: accountRows.map((a) => ({
      id: a.id,
      name: a.name,
      language: user.language,
      defaultFiatCurrency: user.defaultFiatCurrency,
    })),
    pinCodeActive: Boolean(passcode),
    ...(link ? { telegram: { id: link.telegramUserId, username: link.username } } : {}),
    ...(user.passcodeResetHoldUntil && user.passcodeResetHoldUntil.getTime() > Date.now()
      ? { passcodeResetHoldUntil: user.passcodeResetHoldUntil.toISOString() }
      : {}),
  };
}

export async function updatePreferences(
  db: Executor,
  userId: string,
  patch: Partial<{ language: Language; defaultFiatCurrency: FiatCurrency }>,
): Promise<boolean> {
  if (!isUuid(userId)) return false;
  const rows = await db.update(users).set(patch).where(eq(users.id, userId)).returning({ id: users.id });
  return rows.length > 0;
}
