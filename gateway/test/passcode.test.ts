import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withMoneyGate } from '../src/passcode/gate.js';
import { createTestApp, type TestApp } from './support/app.js';
import { json, mailedCode } from './support/flows.js';
import { call, walletUser, type WalletUser } from './wallet-support.js';
import { endWait, passcodeRow, pin } from './passcode-support.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const profile = async (u: WalletUser) => (await call(t, 'GET', '/b2c-user-management/user', undefined, u.token)).body;

async function guard(u: WalletUser, header: string | undefined) {
  try {
    await withMoneyGate(t.db, t.config.passcodePeppers, u.id, header, async () => {});
    return 'passed';
  } catch (error) {
    return (error as { code: string }).code;
  }
}

describe('passcode enable / validate / change / disable', () => {
  it('runs the whole life cycle and reports pinCodeActive', async () => {
    const u = await walletUser(t, 'pin');
    expect((await profile(u)).pinCodeActive).toBe(false);

    expect(await pin(t, u, 'enable', undefined, { pinCode: '1234' })).toEqual({
      status: 200,
      body: { pinCodeActive: true },
    });
    expect((await profile(u)).pinCodeActive).toBe(true);
    const again = await pin(t, u, 'enable', undefined, { pinCode: '5555' });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('PINCODE_ALREADY_ACTIVE');

    expect(await pin(t, u, 'validate', '1234')).toEqual({ status: 200, body: { valid: true } });
    expect(await pin(t, u, 'validate', '4321')).toEqual({
      status: 403,
      body: { code: 'B2C_USM0031', message: 'Incorrect passcode', attemptsLeft: 4 },
    });

    const wrongOld = await pin(t, u, 'change', '0000', { pinCode: '9876' });
    expect(wrongOld).toMatchObject({ status: 403, body: { code: 'B2C_USM0031' } });
    expect((await pin(t, u, 'change', '1234', { pinCode: '9876' })).status).toBe(200);
    expect((await pin(t, u, 'validate', '1234')).body.code).toBe('B2C_USM0031');
    expect((await pin(t, u, 'validate', '9876')).status).toBe(200);

    expect((await pin(t, u, 'disable', '1234')).body.code).toBe('B2C_USM0031');
    expect(await pin(t, u, 'disable', '9876')).toEqual({ status: 200, body: { pinCodeActive: false } });
    expect((await profile(u)).pinCodeActive).toBe(false);
    expect(await passcodeRow(t, u)).toBeUndefined();
    expect(await pin(t, u, 'validate', '9876')).toMatchObject({ status: 409, body: { code: 'PINCODE_NOT_ACTIVE' } });
    // Enable works again after disabling.
    expect((await pin(t, u, 'enable', undefined, { pinCode: '2468' })).status).toBe(200);
  });

  it('wants exactly 4 digits for a new code', async () => {
    const u = await walletUser(t, 'pin-format');
    for (const pinCode of ['123', '12345', '12a4', ' 1234', '', 1234]) {
      const res = await pin(t, u, 'enable', undefined, { pinCode });
      expect(res.status, String(pinCode)).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', field: 'pinCode' });
    }
    expect((await pin(t, u, 'enable', undefined, {})).status).toBe(400);
    expect((await profile(u)).pinCodeActive).toBe(false);
    await pin(t, u, 'enable', undefined, { pinCode: '1111' });
    expect((await pin(t, u, 'change', '1111', { pinCode: '22' })).status).toBe(400);
    expect((await pin(t, u, 'validate', '1111')).status).toBe(200);
  });

  it('wants the pincode header on validate, change and disable, without counting its absence', async () => {
    const u = await walletUser(t, 'pin-header');
    await pin(t, u, 'enable', undefined, { pinCode: '1357' });
    for (const header of [undefined, '', '   ']) {
      expect((await pin(t, u, 'validate', header)).body.code).toBe('PINCODE_REQUIRED');
      expect((await pin(t, u, 'disable', header)).body.code).toBe('PINCODE_REQUIRED');
      expect((await pin(t, u, 'change', header, { pinCode: '2468' })).body.code).toBe('PINCODE_REQUIRED');
    }
    expect((await passcodeRow(t, u))!.failedAttempts).toBe(0);
  });

  it('needs a bearer token', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/b2c-user-management/user/pinCode/enable',
      payload: { pinCode: '1234' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('stores only a MAC under the pepper: the same code differs per user, and a dump alone recovers no code', async () => {
    const a = await walletUser(t, 'hash-a');
    const b = await walletUser(t, 'hash-b');
    await pin(t, a, 'enable', undefined, { pinCode: '4242' });
    await pin(t, b, 'enable', undefined, { pinCode: '4242' });
    const ha = (await passcodeRow(t, a))!.hash;
    const hb = (await passcodeRow(t, b))!.hash;
    expect(ha).toMatch(/^hmac\$dev\$[A-Za-z0-9+/]{43}=$/);
    expect(ha).not.toBe(hb);
    // Someone with the dump (hash and user id) but not the pepper tries all 10,000 codes under the keys
    // a dump could suggest: none matches. With the pepper the same search finds exactly the code, so the
    // search itself works.
    const mac = ha.split('$')[2]!;
    const search = (key: Buffer) =>
      Array.from({ length: 10_000 }, (_, i) => String(i).padStart(4, '0')).filter(
        (code) => createHmac('sha256', key).update(`${a.id}:${code}`).digest('base64') === mac,
      );
    for (const guess of [Buffer.alloc(0), Buffer.from(a.id), Buffer.from(hb)]) expect(search(guess)).toEqual([]);
    expect(search(t.config.passcodePeppers.current.key)).toEqual(['4242']);
  });
});

describe('the money gate', () => {
  it('passes a user without a passcode, with or without a header', async () => {
    const u = await walletUser(t, 'guard-none');
    expect(await guard(u, undefined)).toBe('passed');
    expect(await guard(u, '1234')).toBe('passed');
    // Fail closed: no such user, no money move.
    expect(await guard({ ...u, id: 'not-a-uuid' }, undefined)).toBe('UNAUTHORIZED');
    expect(await guard({ ...u, id: '00000000-0000-4000-8000-000000000000' }, undefined)).toBe('UNAUTHORIZED');
  });

  it('refuses a missing or empty header, counts a wrong code, accepts the right one', async () => {
    const u = await walletUser(t, 'guard');
    await pin(t, u, 'enable', undefined, { pinCode: '8080' });
    expect(await guard(u, undefined)).toBe('PINCODE_REQUIRED');
    expect(await guard(u, '')).toBe('PINCODE_REQUIRED');
    expect((await passcodeRow(t, u))!.failedAttempts).toBe(0);
    expect(await guard(u, '1111')).toBe('B2C_USM0031');
    expect(await guard(u, 'abcd')).toBe('B2C_USM0031');
    expect((await passcodeRow(t, u))!.failedAttempts).toBe(2);
    expect(await guard(u, '8080')).toBe('passed');
    expect((await passcodeRow(t, u))!.failedAttempts).toBe(0);
  });

  it('shares the lockout with the passcode routes', async () => {
    const u = await walletUser(t, 'guard-lock');
    await pin(t, u, 'enable', undefined, { pinCode: '3030' });
    for (let i = 0; i < 4; i++) expect(await guard(u, '0000')).toBe('B2C_USM0031');
    expect(await guard(u, '0000')).toBe('B2C_USM0030');
    expect(await guard(u, '3030')).toBe('B2C_USM0030');
    const viaRoute = await pin(t, u, 'validate', '3030');
    expect(viaRoute.status).toBe(429);
    expect(viaRoute.body.code).toBe('B2C_USM0030');
    await endWait(t, u);
    expect(await guard(u, '3030')).toBe('passed');
  });
});

describe('password reset unblocks', () => {
  it('removes a blocked passcode, so the user can set a new one', async () => {
    const u = await walletUser(t, 'pin-reset');
    await pin(t, u, 'enable', undefined, { pinCode: '1212' });
    for (let i = 1; i <= 10; i++) {
      await endWait(t, u);
      const expected = i < 5 ? 'B2C_USM0031' : i < 10 ? 'B2C_USM0030' : 'B2C_USM0032';
      expect((await pin(t, u, 'validate', '0000')).body.code).toBe(expected);
    }
    await endWait(t, u);
    expect((await pin(t, u, 'validate', '1212')).body.code).toBe('B2C_USM0032');
    expect(await guard(u, '1212')).toBe('B2C_USM0032');

    expect((await json(t, 'POST', '/b2c-user-management/password-reset', { email: u.email })).status).toBe(200);
    const code = await mailedCode(t, u.email, '/auth/forgot/');
    expect(
      (
        await json(t, 'POST', '/b2c-user-management/password-reset/confirm', {
          password: 'brand new pass',
          confirmationCode: code,
        })
      ).status,
    ).toBe(200);

    // Every session ended with the reset: the owner signs in again.
    expect((await call(t, 'GET', '/b2c-user-management/user', undefined, u.token)).status).toBe(401);
    const again = { ...u, token: (await t.app.idp.issueSession(u.id)).access_token };
    expect((await profile(again)).pinCodeActive).toBe(false);
    // No passcode is asked for any more, but money stays in for the reset hold (PASSCODE_RESET_HOLD_HOURS).
    expect(await guard(again, undefined)).toBe('PASSCODE_RESET_HOLD');
    expect((await pin(t, again, 'enable', undefined, { pinCode: '3434' })).status).toBe(200);
    expect((await pin(t, again, 'validate', '3434')).status).toBe(200);
  });
});
