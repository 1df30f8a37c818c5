import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { oneTimeCodes, telegramLinks } from '../src/db/schema/index.js';
import { hashCode } from '../src/users/codes.js';
import { createTestApp, type TestApp } from './support/app.js';
import { confirmedUser, initDataFor, json, latestMail, nextTelegramId } from './support/flows.js';
import { P, telegramLinkTools } from './telegram-link-support.js';

/**
 * Issue 20 item 1 (GUIDE §8.14): who can reach an account through Telegram changes only with proof
 * beyond a session, and the owner hears of every change and every refusal.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});
const { post, linkOf, eventsOf, linkedUser } = telegramLinkTools(() => t);

const TOKEN_URL = '/realms/wallet/protocol/openid-connect/token';
const PASSCODE = '2468';

type User = Awaited<ReturnType<typeof confirmedUser>>;

const refresh = (refreshToken: string) =>
  t.app.inject({
    method: 'POST',
    url: TOKEN_URL,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      grant_type: 'refresh_token',
      client_id: t.config.clientId,
      refresh_token: refreshToken,
    }).toString(),
  });

/**
 * A session whose sign-in was ten minutes ago, as a thief holding a stolen refresh token has it: the
 * refresh token's record is dated back, then refreshed for a new access token (no waiting).
 */
async function staleSession(userId: string) {
  const session = await t.app.idp.issueSession(userId);
  const tenMinutesAgo = Math.floor(Date.now() / 1000) - 600;
  await t.db.execute(sql`update oidc_payload set payload = jsonb_set(payload, '{authTime}', to_jsonb(${tenMinutesAgo}::int))
    where model = 'RefreshToken' and payload ->> 'accountId' = ${userId}`);
  const res = await refresh(session.refresh_token);
  expect(res.statusCode).toBe(200);
  return res.json().access_token as string;
}

const profileStatus = async (token: string) => (await json(t, 'GET', `${P}/user`, undefined, token)).status;

async function enablePasscode(user: User) {
  expect((await post(`${P}/user/pinCode/enable`, { pinCode: PASSCODE }, user.token)).status).toBe(200);
}

describe('access tokens say when the user signed in', () => {
  it('carries auth_time from the sign-in, and a refresh keeps it', async () => {
    const user = await confirmedUser(t, 'authtime@example.com');
    const before = Math.floor(Date.now() / 1000);
    const session = await t.app.idp.issueSession(user.id);
    const claims = decodeJwt(session.access_token);
    expect(claims.auth_time).toBeGreaterThanOrEqual(before - 1);
    expect(claims.auth_time).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
    await t.db.execute(sql`update oidc_payload set payload = jsonb_set(payload, '{authTime}', to_jsonb(1000::int))
      where model = 'RefreshToken' and payload ->> 'accountId' = ${user.id}`);
    const refreshed = await refresh(session.refresh_token);
    expect(refreshed.statusCode).toBe(200);
    expect(decodeJwt(refreshed.json().access_token).auth_time).toBe(1000);
  });
});

describe('a stolen session cannot replace the Telegram link', () => {
  it('refuses another Telegram with 403 TG_RELINK_PROOF_REQUIRED, changes nothing, records and mails the refusal', async () => {
    const owner = await linkedUser('victim@example.com');
    // A link code is refused: a code links a first Telegram only.
    const code = await post(`${P}/user/tg/code`, undefined, owner.token);
    expect(code.status).toBe(403);
    expect(code.body.code).toBe('TG_RELINK_PROOF_REQUIRED');
    const thiefTg = nextTelegramId();
    const thiefInit = await initDataFor(t, { id: thiefTg, username: 'thief' });
    for (const path of ['/user/tg/link', '/user/tg']) {
      const res = await post(`${P}${path}`, { initData: thiefInit }, owner.token);
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('TG_RELINK_PROOF_REQUIRED');
    }
    // Init data of some third Telegram is no proof either.
    const wrongProof = await post(
      `${P}/user/tg/link`,
      { initData: thiefInit, currentInitData: await initDataFor(t, { id: nextTelegramId() }) },
      owner.token,
    );
    expect(wrongProof.status).toBe(403);
    expect(wrongProof.body.code).toBe('TG_RELINK_PROOF_REQUIRED');

    expect(await linkOf(owner.id)).toEqual([owner.tgId]);
    expect(await t.db.select().from(telegramLinks).where(eq(telegramLinks.telegramUserId, thiefTg))).toEqual([]);
    const refused = (await eventsOf(owner.id)).filter((e) => e.kind === 'telegram_link_refused');
    expect(refused).toHaveLength(4);
    expect(refused[0]!.detail).toMatchObject({ telegramUserId: null });
    expect(refused[1]!.detail).toMatchObject({ telegramUserId: thiefTg, username: 'thief' });
    const mail = await latestMail(t, owner.email);
    expect(mail.subject).toBe('A Telegram link to your wallet was refused');
    expect(mail.text).toContain('@thief');
    // The owner's session is untouched.
    expect(await profileStatus(owner.token)).toBe(200);
  });

  it("re-links with the linked Telegram's fresh init data and the passcode, ending every old session", async () => {
    const owner = await linkedUser('relink@example.com', 'old_tg');
    await enablePasscode(owner);
    const other = await t.app.idp.issueSession(owner.id);
    const newTg = nextTelegramId();
    const body = {
      initData: await initDataFor(t, { id: newTg, username: 'new_tg' }),
      currentInitData: await initDataFor(t, { id: owner.tgId }),
    };

    const noPin = await post(`${P}/user/tg/link`, body, owner.token);
    expect(noPin.status).toBe(403);
    expect(noPin.body.code).toBe('PINCODE_REQUIRED');
    const wrongPin = await post(`${P}/user/tg/link`, body, owner.token, { pincode: '0000' });
    expect(wrongPin.status).toBe(403);
    expect(wrongPin.body.code).toBe('B2C_USM0031');
    expect(await linkOf(owner.id)).toEqual([owner.tgId]);
    expect((await latestMail(t, owner.email)).subject).toBe('A Telegram link to your wallet was refused');

    // Stale proof: init data signed an hour ago is not a fresh open of the linked Telegram.
    const stale = await post(
      `${P}/user/tg/link`,
      {
        ...body,
        currentInitData: await initDataFor(t, { id: owner.tgId }, { auth_date: Math.floor(Date.now() / 1000) - 3500 }),
      },
      owner.token,
      { pincode: PASSCODE },
    );
    expect(stale.status).toBe(403);
    expect(stale.body.code).toBe('TG_RELINK_PROOF_REQUIRED');
    expect(await linkOf(owner.id)).toEqual([owner.tgId]);

    const res = await post(`${P}/user/tg/link`, body, owner.token, { pincode: PASSCODE });
    expect(res.status).toBe(200);
    expect(res.body.telegram).toEqual({ id: newTg, username: 'new_tg' });
    expect(await linkOf(owner.id)).toEqual([newTg]);
    // Every grant of the user is gone: this session, the other one and its refresh token.
    expect(await profileStatus(owner.token)).toBe(401);
    expect(await profileStatus(other.access_token)).toBe(401);
    expect((await refresh(other.refresh_token)).statusCode).toBe(400);
    const events = await eventsOf(owner.id);
    expect(events.at(-1)).toMatchObject({
      kind: 'telegram_relinked',
      detail: { telegramUserId: newTg, previousTelegramUserId: owner.tgId, proof: 'telegram' },
    });
    const mail = await latestMail(t, owner.email);
    expect(mail.subject).toBe('Another Telegram account was linked to your wallet');
    expect(mail.text).toContain('@new_tg');
    // The old Telegram no longer opens this wallet.
    const oldSignIn = await post(`${P}/auth/tg`, { initData: await initDataFor(t, { id: owner.tgId }) });
    const oldProfile = await json(t, 'GET', `${P}/user`, undefined, oldSignIn.body.access_token);
    expect(oldProfile.body.id).not.toBe(owner.id);
  });

  it('re-links through the mailed confirmation link, which works once', async () => {
    const owner = await linkedUser('mailed@example.com');
    const newTg = nextTelegramId();
    const asked = await post(
      `${P}/user/tg/link`,
      { initData: await initDataFor(t, { id: newTg, username: 'by_mail' }), confirmBy: 'email' },
      owner.token,
    );
    expect(asked.status).toBe(202);
    expect(asked.body).toMatchObject({ confirmation: 'email', expiresAt: expect.any(String) });
    const ttl = Date.parse(asked.body.expiresAt) - Date.now();
    expect(ttl).toBeGreaterThan(9 * 60_000);
    expect(ttl).toBeLessThanOrEqual(10 * 60_000);
    expect(await linkOf(owner.id)).toEqual([owner.tgId]);
    expect((await eventsOf(owner.id)).at(-1)!.kind).toBe('telegram_relink_requested');

    const mail = await latestMail(t, owner.email);
    expect(mail.subject).toBe('Confirm the new Telegram account');
    const link = mail.links[0]!;
    expect(link).toMatch(new RegExp(`^${t.config.publicUrl}${P}/tg/relink/[A-Za-z0-9_-]{43}$`));
    const path = new URL(link).pathname;

    // Opening the link (a mail scanner does too) only shows what it would do.
    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('@by_mail');
    expect(page.body).toContain(`action="${path}"`);
    expect(await linkOf(owner.id)).toEqual([owner.tgId]);

    // The page's button posts its form.
    const confirmed = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.headers['content-type']).toMatch(/text\/html/);
    expect(await linkOf(owner.id)).toEqual([newTg]);
    expect(await profileStatus(owner.token)).toBe(401);
    expect((await eventsOf(owner.id)).at(-1)).toMatchObject({
      kind: 'telegram_relinked',
      detail: { telegramUserId: newTg, proof: 'email' },
    });
    expect((await latestMail(t, owner.email)).subject).toBe('Another Telegram account was linked to your wallet');

    const again = await post(path, {});
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('TG_RELINK_CODE_USED');
  });

  it('refuses an expired or unknown confirmation link', async () => {
    const owner = await linkedUser('mailexp@example.com');
    await post(
      `${P}/user/tg/link`,
      { initData: await initDataFor(t, { id: nextTelegramId() }), confirmBy: 'email' },
      owner.token,
    );
    const path = new URL((await latestMail(t, owner.email)).links[0]!).pathname;
    const code = path.slice(path.lastIndexOf('/') + 1);
    await t.db
      .update(oneTimeCodes)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(oneTimeCodes.codeHash, hashCode(code)));
    const expired = await post(path, {});
    expect(expired.status).toBe(400);
    expect(expired.body.code).toBe('TG_RELINK_CODE_EXPIRED');
    const unknown = await post(`${P}/tg/relink/${'x'.repeat(43)}`, {});
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe('TG_RELINK_CODE_INVALID');
    expect(await linkOf(owner.id)).toEqual([owner.tgId]);
  });
});

describe('a first Telegram needs a recent sign-in or the passcode', () => {
  it('refuses a stale sign-in without a passcode: no link, no code, the refusal recorded and mailed', async () => {
    const user = await confirmedUser(t, 'stale@example.com');
    const stale = await staleSession(user.id);
    const tgId = nextTelegramId();
    const res = await post(
      `${P}/user/tg/link`,
      { initData: await initDataFor(t, { id: tgId, username: 'late' }) },
      stale,
    );
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('TG_LINK_SIGN_IN_REQUIRED');
    const code = await post(`${P}/user/tg/code`, undefined, stale);
    expect(code.status).toBe(403);
    expect(code.body.code).toBe('TG_LINK_SIGN_IN_REQUIRED');
    expect(await linkOf(user.id)).toEqual([]);
    expect(
      await t.db
        .select()
        .from(oneTimeCodes)
        .where(and(eq(oneTimeCodes.userId, user.id), eq(oneTimeCodes.kind, 'tg_link'))),
    ).toEqual([]);
    expect((await eventsOf(user.id)).map((e) => e.kind)).toEqual(['telegram_link_refused', 'telegram_link_refused']);
    expect((await latestMail(t, user.email)).subject).toBe('A Telegram link to your wallet was refused');
  });

  it('with a stale sign-in, the passcode links', async () => {
    const user = await confirmedUser(t, 'stalepin@example.com');
    await enablePasscode(user);
    const stale = await staleSession(user.id);
    const tgId = nextTelegramId();
    const initData = await initDataFor(t, { id: tgId });
    const noPin = await post(`${P}/user/tg/link`, { initData }, stale);
    expect(noPin.status).toBe(403);
    expect(noPin.body.code).toBe('PINCODE_REQUIRED');
    expect(await linkOf(user.id)).toEqual([]);
    const res = await post(`${P}/user/tg/link`, { initData }, stale, { pincode: PASSCODE });
    expect(res.status).toBe(200);
    expect(await linkOf(user.id)).toEqual([tgId]);
    // A link code likewise, with the passcode in the header.
    const other = await confirmedUser(t, 'stalepin2@example.com');
    await enablePasscode(other);
    const otherStale = await staleSession(other.id);
    expect((await post(`${P}/user/tg/code`, undefined, otherStale)).body.code).toBe('PINCODE_REQUIRED');
    expect((await post(`${P}/user/tg/code`, undefined, otherStale, { pincode: PASSCODE })).status).toBe(200);
  });

  it('with a fresh sign-in links and mails the owner; so does a link code used in the messenger', async () => {
    const user = await confirmedUser(t, 'fresh@example.com');
    const tgId = nextTelegramId();
    const res = await post(
      `${P}/user/tg/link`,
      { initData: await initDataFor(t, { id: tgId, username: 'fresh_tg' }) },
      user.token,
    );
    expect(res.status).toBe(200);
    expect((await eventsOf(user.id)).at(-1)).toMatchObject({
      kind: 'telegram_linked',
      detail: { telegramUserId: tgId, username: 'fresh_tg' },
    });
    const mail = await latestMail(t, user.email);
    expect(mail.subject).toBe('Telegram was linked to your wallet');
    expect(mail.text).toContain('@fresh_tg');

    const byCode = await confirmedUser(t, 'freshcode@example.com');
    const code = await post(`${P}/user/tg/code`, undefined, byCode.token);
    expect(code.status).toBe(200);
    const codeTg = nextTelegramId();
    const linked = await post(`${P}/auth/tg/link`, {
      oneTimeCode: code.body.code,
      tgCode: await initDataFor(t, { id: codeTg, username: 'code_tg' }),
    });
    expect(linked.status).toBe(200);
    expect(await linkOf(byCode.id)).toEqual([codeTg]);
    expect((await eventsOf(byCode.id)).at(-1)).toMatchObject({
      kind: 'telegram_linked',
      detail: { telegramUserId: codeTg },
    });
    expect((await latestMail(t, byCode.email)).subject).toBe('Telegram was linked to your wallet');
  });

  it('a link code made before a link was added cannot replace it', async () => {
    const user = await confirmedUser(t, 'racecode@example.com');
    const code = await post(`${P}/user/tg/code`, undefined, user.token);
    expect(code.status).toBe(200);
    const first = nextTelegramId();
    expect(
      (await post(`${P}/user/tg/link`, { initData: await initDataFor(t, { id: first }) }, user.token)).status,
    ).toBe(200);
    const res = await post(`${P}/auth/tg/link`, {
      oneTimeCode: code.body.code,
      tgCode: await initDataFor(t, { id: nextTelegramId() }),
    });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('TG_RELINK_PROOF_REQUIRED');
    expect(await linkOf(user.id)).toEqual([first]);
    expect((await eventsOf(user.id)).at(-1)!.kind).toBe('telegram_link_refused');
  });
});
