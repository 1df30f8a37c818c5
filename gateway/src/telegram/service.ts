import { and, eq, ne } from 'drizzle-orm';
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

async function linkOf(db: Executor, telegramUserId: number) {
  const [row] = await db.select().from(telegramLinks).where(eq(telegramLinks.telegramUserId, telegramUserId));
  return row;
}

async function refreshUsername(db: Executor, tg: TelegramUser, current: string | null) {
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

/** Links a Telegram user to `userId`, replacing that user's previous link; 409 if it belongs to someone else. */
export async function linkTelegram(tx: Executor, userId: string, tg: TelegramUser): Promise<void> {
  const existing = await linkOf(tx, tg.id);
  if (existing && existing.userId !== userId) throw alreadyLinked();
  if (existing) return refreshUsername(tx, tg, existing.username);
  await tx.delete(telegramLinks).where(and(eq(telegramLinks.userId, userId), ne(telegramLinks.telegramUserId, tg.id)));
  const inserted = await tx
    .insert(telegramLinks)
    .values({ telegramUserId: tg.id, userId, username: tg.username ?? null })
    .onConflictDoNothing()
    .returning({ userId: telegramLinks.userId });
  if (!inserted.length) throw alreadyLinked();
}

export async function unlinkTelegram(db: Executor, userId: string): Promise<void> {
  await db.delete(telegramLinks).where(eq(telegramLinks.userId, userId));
}

/** Consumes a Telegram link code or says precisely why not (spec §8 B2C_USM0023–0025). */
export async function consumeLinkCode(tx: Executor, code: string): Promise<string> {
  const userId = await consumeCode(tx, 'tg_link', code);
  if (userId) return userId;
  const status = await codeStatus(tx, 'tg_link', code);
  if (status === 'expired') throw invalid('B2C_USM0023', 'The link code has expired; open the web app and link the account again');
  if (status === 'used') throw invalid('B2C_USM0024', 'The link code was already used; sign in to the existing account');
  throw invalid('B2C_USM0025', 'The link code is invalid; open the web app and link the account again');
}
