import { and, eq } from 'drizzle-orm';
import type { Db, Executor } from '../db/client.js';
import { telegramLinks, type Language } from '../db/schema/index.js';
import { DomainError, invalid } from '../domain/errors.js';
import { codeStatus, consumeCode } from '../users/codes.js';
import { insertTelegramUser } from '../users/repository.js';
import type { TelegramUser } from './initData.js';

export const languageFor = (code?: string): Language => (code?.toLowerCase().startsWith('ru') ? 'RUS' : 'ENG');

export const alreadyLinked = () =>
  new DomainError('conflict', 'B2C_USM0026', 'This Telegram account is already linked to another account');

class LinkRace extends Error {}

/** What a link stores of a Telegram user. */
export type LinkedTelegram = Pick<TelegramUser, 'id' | 'username'>;

async function linkOf(db: Executor, telegramUserId: number) {
  const [row] = await db.select().from(telegramLinks).where(eq(telegramLinks.telegramUserId, telegramUserId));
  return row;
}

async function refreshUsername(db: Executor, tg: LinkedTelegram, current: string | null) {
  const username = tg.username ?? null;
  if (username !== current) {
    await db.update(telegramLinks).set({ username }).where(eq(telegramLinks.telegramUserId, tg.id));
  }
}

/** The wallet user a Telegram user is linked to, if any. */
export async function linkedUserOf(db: Executor, telegramUserId: number): Promise<string | undefined> {
  return (await linkOf(db, telegramUserId))?.userId;
}

/** The wallet user behind a Telegram user, created on first sign-in (user + account + link, all or nothing). */
export async function findOrCreateTelegramUser(db: Db, tg: TelegramUser): Promise<string> {
  const existing = await linkOf(db, tg.id);
  if (existing) {
    await refreshUsername(db, tg, existing.username);
    return existing.userId;
  }
  try {
    return await db.transaction(async (tx) => {
      const userId = await insertTelegramUser(tx, { language: languageFor(tg.languageCode), accountName: 'Account' });
      const inserted = await tx
        .insert(telegramLinks)
        .values({ telegramUserId: tg.id, userId, username: tg.username ?? null })
        .onConflictDoNothing()
        .returning({ userId: telegramLinks.userId });
      // A parallel first sign-in won: roll back our user and use theirs.
      if (!inserted.length) throw new LinkRace();
      return userId;
    });
  } catch (err) {
    if (!(err instanceof LinkRace)) throw err;
    const winner = await linkOf(db, tg.id);
    if (!winner) throw new Error('Telegram link vanished after a race');
    return winner.userId;
  }
}

/** The user's Telegram link, if any. */
export async function linkOfUser(db: Executor, userId: string) {
  const [row] = await db.select().from(telegramLinks).where(eq(telegramLinks.userId, userId));
  return row;
}

/** A link was asked to replace the user's current one without proof (telegram/link.ts decides what proves it). */
export class RelinkWithoutProof extends Error {}

/**
 * Links a Telegram user to `userId`. 409 if it belongs to someone else. It never replaces the user's
 * link by itself: `replacing` names the link the caller has proof to replace (its Telegram user id),
 * or 'any' (a mailed confirmation, which proves the mailbox whatever is linked now). Otherwise, or if
 * the user's link is not the one named, RelinkWithoutProof.
 */
export async function linkTelegram(
  tx: Executor,
  userId: string,
  tg: LinkedTelegram,
  replacing: number | 'any' | 'none' = 'none',
): Promise<void> {
  const existing = await linkOf(tx, tg.id);
  if (existing && existing.userId !== userId) throw alreadyLinked();
  if (existing) return refreshUsername(tx, tg, existing.username);
  if (replacing === 'any') await tx.delete(telegramLinks).where(eq(telegramLinks.userId, userId));
  else if (replacing !== 'none')
    await tx
      .delete(telegramLinks)
      .where(and(eq(telegramLinks.userId, userId), eq(telegramLinks.telegramUserId, replacing)));
  const inserted = await tx
    .insert(telegramLinks)
    .values({ telegramUserId: tg.id, userId, username: tg.username ?? null })
    .onConflictDoNothing()
    .returning({ userId: telegramLinks.userId });
  if (inserted.length) return;
  // Either key can clash: the Telegram user (taken meanwhile) or the wallet user (linked meanwhile).
  if (await linkOf(tx, tg.id)) throw alreadyLinked();
  throw new RelinkWithoutProof();
}

/** Removes the user's link; returns what it was (nothing when there was none). */
export async function unlinkTelegram(db: Executor, userId: string) {
  const [removed] = await db.delete(telegramLinks).where(eq(telegramLinks.userId, userId)).returning();
  return removed;
}

/** Consumes a Telegram link code or says precisely why not (spec §8 B2C_USM0023–0025). */
export async function consumeLinkCode(tx: Executor, code: string): Promise<string> {
  const userId = await consumeCode(tx, 'tg_link', code);
  if (userId) return userId;
  const status = await codeStatus(tx, 'tg_link', code);
  if (status === 'expired')
    throw invalid('B2C_USM0023', 'The link code has expired; open the web app and link the account again');
  if (status === 'used')
    throw invalid('B2C_USM0024', 'The link code was already used; sign in to the existing account');
  throw invalid('B2C_USM0025', 'The link code is invalid; open the web app and link the account again');
}
