import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { oneTimeCodes } from '../src/db/schema/index.js';
import { hashCode } from '../src/users/codes.js';
import { createTestApp, type TestApp } from './support/app.js';
import { confirmedUser, initDataFor, latestMail, nextTelegramId } from './support/flows.js';
import { P, telegramLinkTools } from './telegram-link-support.js';

/** Removing a Telegram link tells the owner; link codes (made in the app, used in the messenger) stay few. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});
const { post, linkOf, eventsOf, linkedUser } = telegramLinkTools(() => t);

describe('unlink', () => {
  it('is recorded and mailed', async () => {
    const owner = await linkedUser('unlinkmail@example.com', 'gone');
    const res = await post(`${P}/user/tg/unlink`, {}, owner.token);
    expect(res.status).toBe(200);
    expect(await linkOf(owner.id)).toEqual([]);
    expect((await eventsOf(owner.id)).at(-1)).toMatchObject({
      kind: 'telegram_unlinked',
      detail: { telegramUserId: owner.tgId, username: 'gone' },
    });
    const mail = await latestMail(t, owner.email);
    expect(mail.subject).toBe('Telegram was unlinked from your wallet');
    expect(mail.text).toContain('@gone');
  });
});

describe('link codes are capped and cleaned up', () => {
  it('a new code retires the older live ones; codes long expired are deleted', async () => {
    const user = await confirmedUser(t, 'cap@example.com');
    const codes: string[] = [];
    for (let i = 0; i < 4; i += 1) {
      const res = await post(`${P}/user/tg/code`, undefined, user.token);
      expect(res.status).toBe(200);
      codes.push(res.body.code);
    }
    const live = await t.db
      .select()
      .from(oneTimeCodes)
      .where(
        and(
          eq(oneTimeCodes.userId, user.id),
          eq(oneTimeCodes.kind, 'tg_link'),
          sql`${oneTimeCodes.expiresAt} > now()`,
          sql`${oneTimeCodes.usedAt} is null`,
        ),
      );
    expect(live.map((r) => r.codeHash)).toEqual([hashCode(codes[3]!)]);
    const retired = await post(`${P}/auth/tg/link`, {
      oneTimeCode: codes[0],
      tgCode: await initDataFor(t, { id: nextTelegramId() }),
    });
    expect(retired.status).toBe(400);
    expect(retired.body.code).toBe('B2C_USM0023');

    // Another user's code that expired a day ago is gone after the next code is made.
    const other = await confirmedUser(t, 'cap2@example.com');
    const old = await post(`${P}/user/tg/code`, undefined, other.token);
    await t.db
      .update(oneTimeCodes)
      .set({ expiresAt: sql`now() - interval '1 day'` })
      .where(eq(oneTimeCodes.codeHash, hashCode(old.body.code)));
    expect((await post(`${P}/user/tg/code`, undefined, user.token)).status).toBe(200);
    expect(
      await t.db
        .select()
        .from(oneTimeCodes)
        .where(eq(oneTimeCodes.codeHash, hashCode(old.body.code))),
    ).toEqual([]);
  });
});
