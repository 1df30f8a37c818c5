import { sign } from '@telegram-apps/init-data-node';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/index.js';
import { checkLedgerInvariants } from '../src/ledger/invariants.js';
import { BLOCK_AFTER } from '../src/passcode/service.js';
import { PIN, passcodeRow, pin, telegramBornUser } from './passcode-support.js';
import { byCard, sellRate, setPayouts } from './sell-support.js';
import { createTestApp, type TestApp } from './support/app.js';
import { initDataFor, json, mailedCode, nextTelegramId } from './support/flows.js';
import { confirm, order } from './swap-support.js';
import { call, fund, walletUser, type WalletUser } from './wallet-support.js';
import { balanceOf, newKey, send, strangerAddress } from './withdraw-support.js';

/** 0.003 h = 10.8 s: long enough to try every money route while it runs, short enough to see it end. */
const HOLD_HOURS = '0.003';
const HOLD_MS = 10_800;
const WINDOW_SECONDS = 120;
const RECOVER = `${PIN}/recover/tg`;
const P = '/b2c-user-management';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: { PASSCODE_RESET_HOLD_HOURS: HOLD_HOURS, TELEGRAM_RECOVERY_MAX_AGE_SECONDS: String(WINDOW_SECONDS) },
  });
  await setPayouts(t, { delayMs: 100, unavailable: false, failNextPayouts: 0 });
});
afterAll(async () => t?.close());
afterEach(async () => {
  expect(await checkLedgerInvariants(t.db)).toEqual([]);
});

const telegramUser = () => telegramBornUser(t);

/** Passcode 1111, then ten wrong codes (each wait ended by time travel): blocked, the state recovery is for. */
async function blockedPasscode(u: WalletUser) {
  expect((await pin(t, u, 'enable', undefined, { pinCode: '1111' })).status).toBe(200);
  for (let i = 0; i < BLOCK_AFTER; i += 1) {
    // The sandbox's own switch, as the browser journey uses it (time travel past the wait).
    expect((await json(t, 'POST', '/dev/passcode/end-wait', { userId: u.id })).body).toEqual({ ended: true });
    await pin(t, u, 'validate', '9999');
  }
  expect((await passcodeRow(t, u))!.failedAttempts).toBe(BLOCK_AFTER);
  expect((await pin(t, u, 'validate', '1111')).body.code).toBe('B2C_USM0032');
}

/**
 * A reset ends every session (issue 20 item 3): the old token is refused from now on, and the owner
 * goes on with a new sign-in, which this returns.
 */
async function signedInAgain<U extends WalletUser>(u: U): Promise<U> {
  expect((await call(t, 'GET', `${P}/user`, undefined, u.token)).status).toBe(401);
  return { ...u, token: (await t.app.idp.issueSession(u.id)).access_token };
}

const recover = (u: { token?: string }, initData: string, pinCode = '2468') =>
  json(t, 'POST', RECOVER, { initData, pinCode }, u.token);

const now = () => Math.floor(Date.now() / 1000);
const holdOf = async (u: WalletUser) =>
  (await t.db.select({ until: users.passcodeResetHoldUntil }).from(users).where(eq(users.id, u.id)))[0]!.until;
const profileHold = async (u: WalletUser) =>
  (await json(t, 'GET', `${P}/user`, undefined, u.token)).body.passcodeResetHoldUntil as string | undefined;

describe('Telegram recovery of a blocked passcode', () => {
  it('lets a Telegram-only user set a new passcode with fresh init data, ends the block and starts the hold', async () => {
    const blocked = await telegramUser();
    await blockedPasscode(blocked);
    // Signed a little inside the window (a Mini App opened a minute and a half ago) is fresh enough.
    const before = Date.now();
    const res = await recover(blocked, await initDataFor(t, blocked.tg, { auth_date: now() - (WINDOW_SECONDS - 30) }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const u = await signedInAgain(blocked);
    expect(res.body.pinCodeActive).toBe(true);
    const until = Date.parse(res.body.passcodeResetHoldUntil);
    expect(until - before).toBeGreaterThanOrEqual(HOLD_MS - 2000);
    expect(until - Date.now()).toBeLessThanOrEqual(HOLD_MS + 2000);
    expect(await profileHold(u)).toBe(res.body.passcodeResetHoldUntil);

    expect((await pin(t, u, 'validate', '1111')).body.code).toBe('B2C_USM0031');
    expect(await pin(t, u, 'validate', '2468')).toMatchObject({ status: 200, body: { valid: true } });
    const row = await passcodeRow(t, u);
    expect(row).toMatchObject({ failedAttempts: 0, lockouts: 0, lockedUntil: null });
  });

  it('refuses stale and forged init data with 403 (never 401) and changes nothing', async () => {
    const u = await telegramUser();
    await blockedPasscode(u);
    const hashBefore = (await passcodeRow(t, u))!.hash;

    const stale = await recover(u, await initDataFor(t, u.tg, { auth_date: now() - WINDOW_SECONDS - 5 }));
    expect(stale).toMatchObject({ status: 403, body: { code: 'TG_RECOVERY_STALE', field: 'initData' } });
    // Fresh enough to sign in (one hour) is not fresh enough to reset the passcode.
    const halfHour = await initDataFor(t, u.tg, { auth_date: now() - 1800 });
    expect((await json(t, 'POST', `${P}/auth/tg`, { initData: halfHour })).status).toBe(200);
    expect((await recover(u, halfHour)).body.code).toBe('TG_RECOVERY_STALE');

    const fresh = await initDataFor(t, u.tg);
    const tampered = fresh.replace(`%22id%22%3A${u.tg.id}`, `%22id%22%3A${u.tg.id + 1}`);
    expect(tampered).not.toBe(fresh);
    const otherBot = sign({ user: u.tg }, '1111:another-bot-token', new Date());
    const noHash = new URLSearchParams(fresh);
    noHash.delete('hash');
    for (const forged of [tampered, otherBot, noHash.toString(), 'user=%7B%7D']) {
      const res = await recover(u, forged);
      expect(res, forged).toMatchObject({ status: 403, body: { code: 'TG_RECOVERY_INVALID' } });
    }
    expect((await recover({}, fresh)).status).toBe(401);
    expect((await recover(u, fresh, '12a4')).body).toMatchObject({ code: 'VALIDATION_ERROR', field: 'pinCode' });

    expect((await passcodeRow(t, u))!.hash).toBe(hashBefore);
    expect((await pin(t, u, 'validate', '1111')).body.code).toBe('B2C_USM0032');
    expect(await holdOf(u)).toBeNull();
    expect(await profileHold(u)).toBeUndefined();
  });

  it("does not let an e-mail user reset someone else's passcode through the Telegram path", async () => {
    const victim = await telegramUser();
    await blockedPasscode(victim);
    const victimHash = (await passcodeRow(t, victim))!.hash;
    const attacker = await walletUser(t, 'attacker');
    expect((await pin(t, attacker, 'enable', undefined, { pinCode: '1111' })).status).toBe(200);
    const attackerHash = (await passcodeRow(t, attacker))!.hash;

    // The victim's own fresh init data (say, copied from their screen) on the attacker's session.
    const res = await recover(attacker, await initDataFor(t, victim.tg));
    expect(res).toMatchObject({ status: 403, body: { code: 'TG_RECOVERY_NOT_LINKED' } });
    // Nor does a Telegram account nobody linked help, on either side.
    const stranger = await initDataFor(t, { id: nextTelegramId(), first_name: 'Stranger' });
    expect((await recover(attacker, stranger)).body.code).toBe('TG_RECOVERY_NOT_LINKED');
    expect((await recover(victim, stranger)).body.code).toBe('TG_RECOVERY_NOT_LINKED');

    expect((await passcodeRow(t, victim))!.hash).toBe(victimHash);
    expect((await passcodeRow(t, attacker))!.hash).toBe(attackerHash);
    expect(await holdOf(victim)).toBeNull();
    expect(await holdOf(attacker)).toBeNull();
    expect((await pin(t, victim, 'validate', '2468')).body.code).toBe('B2C_USM0032');
  });

  it('answers 409 PINCODE_NOT_ACTIVE when there is no passcode to recover, and starts no hold', async () => {
    const u = await telegramUser();
    const res = await recover(u, await initDataFor(t, u.tg));
    expect(res).toMatchObject({ status: 409, body: { code: 'PINCODE_NOT_ACTIVE' } });
    expect(await holdOf(u)).toBeNull();
  });
});

describe('the hold after a passcode reset', () => {
  it('refuses send, swap and sell with PASSCODE_RESET_HOLD until it ends, moving nothing, then lets them through', async () => {
    const owner = await telegramUser();
    await fund(t, owner, 'BTC', 10_000_000n); // 0.1 BTC
    await fund(t, owner, 'USDT_TRX', 1_000_000_000n); // 1000 USDT
    const swapOrder = await order(t, owner, {
      sourceCurrency: 'BTC',
      destinationCurrency: 'USDT_TRX',
      sourceAmount: '0.001',
    });
    expect(swapOrder.status, JSON.stringify(swapOrder.body)).toBe(200);
    const { rateId } = await sellRate(t, owner);
    await blockedPasscode(owner);
    const recovered = await recover(owner, await initDataFor(t, owner.tg));
    expect(recovered.status).toBe(200);
    const u = await signedInAgain(owner);
    const holdUntil = recovered.body.passcodeResetHoldUntil as string;
    const btc = await balanceOf(t, u, 'BTC');
    const usdt = await balanceOf(t, u, 'USDT_TRX');
    const sendBody = {
      currency: 'BTC',
      amount: '0.001',
      depositAddress: strangerAddress('bitcoin'),
      idempotencyKey: newKey(),
    };
    const held = { status: 403, body: { code: 'PASSCODE_RESET_HOLD', holdUntil } };

    expect(await send(t, u, sendBody, '2468')).toMatchObject(held);
    expect(await confirm(t, u, swapOrder.body.id, '2468')).toMatchObject(held);
    expect(await byCard(t, u, { fixedRateId: rateId }, '2468')).toMatchObject(held);
    // A held request is refused before the passcode is looked at: a wrong code is not counted.
    expect(await send(t, u, sendBody, '0000')).toMatchObject(held);
    expect((await passcodeRow(t, u))!.failedAttempts).toBe(0);
    expect(Date.now()).toBeLessThan(Date.parse(holdUntil));
    expect(await balanceOf(t, u, 'BTC')).toEqual(btc);
    expect(await balanceOf(t, u, 'USDT_TRX')).toEqual(usdt);

    await new Promise((resolve) => setTimeout(resolve, Math.max(0, Date.parse(holdUntil) - Date.now()) + 200));
    expect(await profileHold(u)).toBeUndefined();
    const sent = await send(t, u, sendBody, '2468');
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const swapped = await confirm(t, u, swapOrder.body.id, '2468');
    expect(swapped.status, JSON.stringify(swapped.body)).toBe(200);
    expect(swapped.body.state).toBe('COMPLETED');
    const sold = await byCard(t, u, { fixedRateId: (await sellRate(t, u)).rateId }, '2468');
    expect(sold.status, JSON.stringify(sold.body)).toBe(200);
  });

  it('starts after every reset path: the reset mail (with or without a passcode) and Telegram, but not a change', async () => {
    const mailUser = await walletUser(t, 'mailreset');
    await blockedPasscode(mailUser);
    await json(t, 'POST', `${P}/password-reset`, { email: mailUser.email });
    const code = await mailedCode(t, mailUser.email, '/auth/forgot/');
    const before = Date.now();
    expect(
      (await json(t, 'POST', `${P}/password-reset/confirm`, { password: 'a new password', confirmationCode: code }))
        .status,
    ).toBe(200);
    const until = await holdOf(mailUser);
    expect(until!.getTime() - before).toBeGreaterThanOrEqual(HOLD_MS - 2000);
    const again = await signedInAgain(mailUser);
    expect(await profileHold(again)).toBe(until!.toISOString());
    const sendBody = {
      currency: 'BTC',
      amount: '0.001',
      depositAddress: strangerAddress('bitcoin'),
      idempotencyKey: newKey(),
    };
    expect((await send(t, again, sendBody)).body.code).toBe('PASSCODE_RESET_HOLD');

    // No passcode to reset, yet a new password is what a mailbox thief gets too: the hold applies.
    const plain = await walletUser(t, 'nopasscode');
    await json(t, 'POST', `${P}/password-reset`, { email: plain.email });
    const plainCode = await mailedCode(t, plain.email, '/auth/forgot/');
    await json(t, 'POST', `${P}/password-reset/confirm`, { password: 'a new password', confirmationCode: plainCode });
    expect(await holdOf(plain)).not.toBeNull();

    // Changing the passcode with the old one is no reset: no hold.
    const changer = await walletUser(t, 'changer');
    await pin(t, changer, 'enable', undefined, { pinCode: '1111' });
    expect((await pin(t, changer, 'change', '1111', { pinCode: '2222' })).status).toBe(200);
    expect(await holdOf(changer)).toBeNull();
    expect((await call(t, 'GET', `${P}/user`, undefined, changer.token)).body.passcodeResetHoldUntil).toBeUndefined();

    const tgUser = await telegramUser();
    await blockedPasscode(tgUser);
    expect((await recover(tgUser, await initDataFor(t, tgUser.tg))).status).toBe(200);
    expect(await holdOf(tgUser)).not.toBeNull();
  });
});
