import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOCK_AFTER, LOCK_AFTER, LOCK_LADDER_SECONDS, lockSeconds } from '../src/passcode/service.js';
import { createTestApp, type TestApp } from './support/app.js';
import { walletUser, type WalletUser } from './wallet-support.js';
import { endWait, passcodeRow, pin, waitLeft } from './passcode-support.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

async function userWithPin(name: string, code = '2580') {
  const u = await walletUser(t, name);
  expect((await pin(t, u, 'enable', undefined, { pinCode: code })).status).toBe(200);
  return u;
}

const wrong = (u: WalletUser) => pin(t, u, 'validate', '0000');

describe('the lockout ladder', () => {
  it('waits 1, 5, 15, 60 minutes from the 5th wrong code and blocks at the 10th, saying so at once', async () => {
    expect(LOCK_LADDER_SECONDS).toEqual([60, 300, 900, 3600]);
    expect([1, 2, 3, 4, 5, 9].map(lockSeconds)).toEqual([60, 300, 900, 3600, 3600, 3600]);
    const u = await userWithPin('ladder');

    for (let i = 1; i <= 4; i++) {
      const res = await wrong(u);
      // Wrong codes left before the first wait: 4, 3, 2, 1.
      expect(res, `attempt ${i}`).toMatchObject({
        status: 403,
        body: { code: 'B2C_USM0031', attemptsLeft: LOCK_AFTER - i },
      });
      expect(res.body.waitSeconds).toBeUndefined();
      expect(await waitLeft(t, u)).toBe(0);
    }
    // The 5th wrong code answers with the wait it has just started.
    const fifth = await wrong(u);
    expect(fifth).toMatchObject({ status: 429, body: { code: 'B2C_USM0030' } });
    expect(fifth.body.waitSeconds).toBeGreaterThanOrEqual(58);
    expect(fifth.body.waitSeconds).toBeLessThanOrEqual(60);
    expect(fifth.body.attemptsLeft).toBeUndefined();
    expect(fifth.body.message).toBeTruthy();
    // The next attempt, even with the right code, must wait the rest of that minute.
    const early = await pin(t, u, 'validate', '2580');
    expect(early.status).toBe(429);
    expect(early.body).toMatchObject({ code: 'B2C_USM0030' });
    expect(early.body.waitSeconds).toBeGreaterThanOrEqual(58);
    expect(early.body.waitSeconds).toBeLessThanOrEqual(60);
    // That early attempt counted, but did not extend the wait.
    expect((await passcodeRow(t, u))!.failedAttempts).toBe(6);

    // Each further wrong code after a wait starts a longer one, 5, 15, then 60 minutes, and says so.
    for (const expected of [300, 900, 3600]) {
      await endWait(t, u);
      const res = await wrong(u);
      expect(res).toMatchObject({ status: 429, body: { code: 'B2C_USM0030' } });
      expect(Math.abs(res.body.waitSeconds - expected)).toBeLessThanOrEqual(2);
      expect(Math.abs((await waitLeft(t, u)) - expected)).toBeLessThanOrEqual(2);
    }
    // 9 failed attempts so far (the early one counts); the 10th is checked, and it blocks at once.
    await endWait(t, u);
    expect(await wrong(u)).toMatchObject({ status: 403, body: { code: 'B2C_USM0032' } });
    expect((await passcodeRow(t, u))!.failedAttempts).toBe(BLOCK_AFTER);
    await endWait(t, u);
    for (const code of ['2580', '0000']) {
      const blocked = await pin(t, u, 'validate', code);
      expect(blocked).toMatchObject({ status: 403, body: { code: 'B2C_USM0032' } });
    }
    expect((await pin(t, u, 'disable', '2580')).body.code).toBe('B2C_USM0032');
    expect((await pin(t, u, 'change', '2580', { pinCode: '1111' })).body.code).toBe('B2C_USM0032');
  });

  it('blocks after exactly 10 wrong codes when the user always waits', async () => {
    const u = await userWithPin('patient');
    const answers: string[] = [];
    for (let i = 1; i <= BLOCK_AFTER; i++) {
      await endWait(t, u);
      answers.push((await wrong(u)).body.code);
    }
    expect(answers).toEqual([...Array(4).fill('B2C_USM0031'), ...Array(5).fill('B2C_USM0030'), 'B2C_USM0032']);
    expect((await passcodeRow(t, u))!.failedAttempts).toBe(10);
    expect((await passcodeRow(t, u))!.lockouts).toBe(5);
    await endWait(t, u);
    expect((await pin(t, u, 'validate', '2580')).body.code).toBe('B2C_USM0032');
  });

  it('a correct code resets the counter and the ladder', async () => {
    const u = await userWithPin('resets');
    for (let i = 0; i < 4; i++) await wrong(u);
    expect((await pin(t, u, 'validate', '2580')).status).toBe(200);
    expect(await passcodeRow(t, u)).toMatchObject({ failedAttempts: 0, lockouts: 0, lockedUntil: null });
    const left = [];
    for (let i = 0; i < 4; i++) {
      const res = await wrong(u);
      expect(res.body.code).toBe('B2C_USM0031');
      left.push(res.body.attemptsLeft);
    }
    expect(left).toEqual([4, 3, 2, 1]);
    // The 5th wrong after a reset starts the ladder from 1 minute again.
    expect((await wrong(u)).body).toMatchObject({ code: 'B2C_USM0030' });
    expect(Math.abs((await waitLeft(t, u)) - 60)).toBeLessThanOrEqual(2);
    await endWait(t, u);
    expect((await pin(t, u, 'validate', '2580')).status).toBe(200);
    expect(await passcodeRow(t, u)).toMatchObject({ failedAttempts: 0, lockouts: 0, lockedUntil: null });
  });

  it('changing the passcode also counts a wrong old code and resets on success', async () => {
    const u = await userWithPin('change-lock');
    for (let i = 0; i < 4; i++)
      expect((await pin(t, u, 'change', '0000', { pinCode: '1111' })).body.code).toBe('B2C_USM0031');
    expect((await pin(t, u, 'change', '0000', { pinCode: '1111' })).body.code).toBe('B2C_USM0030');
    expect((await pin(t, u, 'change', '2580', { pinCode: '1111' })).body.code).toBe('B2C_USM0030');
    await endWait(t, u);
    expect((await pin(t, u, 'change', '2580', { pinCode: '1111' })).status).toBe(200);
    expect(await passcodeRow(t, u)).toMatchObject({ failedAttempts: 0, lockouts: 0, lockedUntil: null });
  });
});

describe('parallel guesses', () => {
  it('50 wrong guesses at once count as 50, check at most 5 codes and end blocked', async () => {
    const u = await userWithPin('parallel');
    const replies = await Promise.all(Array.from({ length: 50 }, (_, i) => pin(t, u, 'validate', String(1000 + i))));
    expect(replies.every((r) => r.status === 403 || r.status === 429)).toBe(true);
    const codes = replies.map((r) => r.body.code as string);
    // The counter is taken before the slow hash check, so only the first 5 codes were ever checked:
    // four plain wrong codes, each told its own count, and the 5th told the wait it started.
    const plain = replies.filter((r) => r.body.code === 'B2C_USM0031');
    expect(plain.map((r) => r.body.attemptsLeft).sort()).toEqual([1, 2, 3, 4]);
    // Attempts 5–9 are told to wait; from the 10th counted failure on, the passcode is blocked.
    expect(codes.filter((c) => c === 'B2C_USM0030')).toHaveLength(5);
    expect(
      replies.filter((r) => r.body.code === 'B2C_USM0030').every((r) => r.status === 429 && r.body.waitSeconds > 0),
    ).toBe(true);
    expect(codes.filter((c) => c === 'B2C_USM0032')).toHaveLength(41);
    expect((await passcodeRow(t, u))!.failedAttempts).toBe(50);
    await endWait(t, u);
    expect((await pin(t, u, 'validate', '2580')).body.code).toBe('B2C_USM0032');
  });
});
