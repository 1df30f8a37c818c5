import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pin } from './passcode-support.js';
import { createTestApp, type TestApp } from './support/app.js';
import { json, latestMail, mailedCode } from './support/flows.js';
import { call, walletUser, type WalletUser } from './wallet-support.js';

/**
 * Issue 20 item 3: a password reset left every session alive, so a thief kept his access and token
 * refreshes after the owner reset, and could set his own passcode before the owner. A reset (and a
 * Telegram recovery, passcode.recovery.test.ts) now revokes every grant of the user at once;
 * Settings → Sign out of all devices does the same on demand.
 */
const P = '/b2c-user-management';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

/** Two sessions of one user, as two devices (or the owner and a thief) would hold them. */
async function twoSessions(u: WalletUser) {
  const other = await t.app.idp.issueSession(u.id);
  return { mine: u.token, theirs: other };
}

const tokenPath = () => `${new URL(t.app.idp.issuer).pathname}/protocol/openid-connect/token`;
async function refresh(refreshToken: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: tokenPath(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      grant_type: 'refresh_token',
      client_id: t.config.clientId,
      refresh_token: refreshToken,
    }).toString(),
  });
  return res.statusCode;
}

const profileStatus = async (token: string) => (await call(t, 'GET', `${P}/user`, undefined, token)).status;
const events = async (token: string) =>
  (await call<{ kind: string }[]>(t, 'GET', `${P}/user/security-events`, undefined, token)).body.map((e) => e.kind);

describe('a password reset', () => {
  it('ends every session: old access and refresh tokens are refused, and the thief cannot set a passcode first', async () => {
    const owner = await walletUser(t, 'reset-sessions');
    const { theirs } = await twoSessions(owner);
    expect(theirs.refresh_token).toEqual(expect.any(String));
    expect(await profileStatus(theirs.access_token)).toBe(200);

    await json(t, 'POST', `${P}/password-reset`, { email: owner.email });
    const code = await mailedCode(t, owner.email, '/auth/forgot/');
    expect(
      (await json(t, 'POST', `${P}/password-reset/confirm`, { password: 'owner is back', confirmationCode: code }))
        .status,
    ).toBe(200);

    expect(await profileStatus(owner.token)).toBe(401);
    expect(await profileStatus(theirs.access_token)).toBe(401);
    expect(await refresh(theirs.refresh_token!)).toBe(400);
    // The thief's session cannot set his own passcode; the owner, signed in again, can.
    expect((await pin(t, { token: theirs.access_token }, 'enable', undefined, { pinCode: '6666' })).status).toBe(401);
    const back = (await t.app.idp.issueSession(owner.id)).access_token;
    expect((await pin(t, { token: back }, 'enable', undefined, { pinCode: '1234' })).status).toBe(200);

    expect(await events(back)).toContain('password_reset');
    expect((await latestMail(t, owner.email)).subject).toBe('Your password was reset');
  });
});

describe('sign out of all devices', () => {
  it('revokes every grant of the user, this one too, records it and mails the owner; another user is untouched', async () => {
    const owner = await walletUser(t, 'sign-out-all');
    const bystander = await walletUser(t, 'bystander');
    const { theirs } = await twoSessions(owner);

    const res = await call<{ revoked: number }>(t, 'POST', `${P}/user/sessions/revoke`, {}, owner.token);
    expect(res.status).toBe(200);
    expect(res.body.revoked).toBeGreaterThanOrEqual(2);

    expect(await profileStatus(owner.token)).toBe(401);
    expect(await profileStatus(theirs.access_token)).toBe(401);
    expect(await refresh(theirs.refresh_token!)).toBe(400);
    expect(await profileStatus(bystander.token)).toBe(200);

    const back = (await t.app.idp.issueSession(owner.id)).access_token;
    expect(await events(back)).toEqual(['sessions_revoked']);
    expect((await latestMail(t, owner.email)).subject).toBe('You signed out of all devices');
    // A dead token cannot sign anyone out.
    expect((await call(t, 'POST', `${P}/user/sessions/revoke`, {}, owner.token)).status).toBe(401);
  });
});
