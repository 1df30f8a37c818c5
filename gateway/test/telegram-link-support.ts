import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { securityEvents, telegramLinks } from '../src/db/schema/index.js';
import type { TestApp } from './support/app.js';
import { confirmedUser, initDataFor, nextTelegramId } from './support/flows.js';

/** Shared by the Telegram link tests: calls as the app makes them, and what the books say of a user's link. */
export const P = '/b2c-user-management';

export function telegramLinkTools(app: () => TestApp) {
  const post = async (url: string, body: unknown, token?: string, headers: Record<string, string> = {}) => {
    const res = await app().app.inject({
      method: 'POST',
      url,
      payload: body as object,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    });
    return { status: res.statusCode, body: (res.body ? res.json() : undefined) as any };
  };
  const linkOf = async (userId: string) =>
    (await app().db.select().from(telegramLinks).where(eq(telegramLinks.userId, userId))).map((r) => r.telegramUserId);
  const eventsOf = async (userId: string) =>
    (
      await app().db.select().from(securityEvents).where(eq(securityEvents.userId, userId)).orderBy(securityEvents.id)
    ).map((e) => ({ kind: e.kind, detail: e.detail }));
  /** A confirmed e-mail user with a Telegram linked (by a fresh sign-in). */
  async function linkedUser(email: string, username = 'owner') {
    const t = app();
    const user = await confirmedUser(t, email);
    const tgId = nextTelegramId();
    const res = await post(`${P}/user/tg/link`, { initData: await initDataFor(t, { id: tgId, username }) }, user.token);
    expect(res.status).toBe(200);
    expect(await linkOf(user.id)).toEqual([tgId]);
    return { ...user, tgId };
  }
  return { post, linkOf, eventsOf, linkedUser };
}
