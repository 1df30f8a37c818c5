import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PasscodeCheck, passcodeChecks } from '../src/passcode/gate.js';
import { createTestApp, type TestApp } from './support/app.js';
import { walletUser } from './wallet-support.js';
import { passcodeRow, pin } from './passcode-support.js';

/** Every code the gate really compared (its verdict), so the test counts checked guesses, not replies. */
const checked: PasscodeCheck[] = [];
const count = (message: unknown) => void checked.push(message as PasscodeCheck);
beforeAll(() => passcodeChecks.subscribe(count));
afterAll(() => void passcodeChecks.unsubscribe(count));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const RIGHT = '2580';

describe('a correct passcode inside a burst of wrong ones', () => {
  it.each([0, 2, 4, 10])(
    '50 parallel guesses with the right one at position %i check at most 5 wrong codes',
    async (position) => {
      const u = await walletUser(t, `burst${position}`);
      expect((await pin(t, u, 'enable', undefined, { pinCode: RIGHT })).status).toBe(200);
      checked.length = 0;
      const guesses = Array.from({ length: 50 }, (_, i) => (i === position ? RIGHT : String(3000 + i)));
      const replies = await Promise.all(guesses.map((code) => pin(t, u, 'validate', code)));
      const wrongChecked = checked.filter((c) => !c.ok);
      // Something was compared: the counting mock is live (see passcode.burst.test.ts).
      expect(checked.length).toBeGreaterThanOrEqual(1);
      expect(wrongChecked.length, `wrong codes checked: ${wrongChecked.length}`).toBeLessThanOrEqual(5);
      // Whatever its fate, the right code never answered "incorrect".
      expect(replies[position]!.body?.code).not.toBe('B2C_USM0031');
      // The failures counted beside it are still there: the burst ends in a wait or the block.
      const row = (await passcodeRow(t, u))!;
      expect(row.failedAttempts).toBeGreaterThanOrEqual(45);
      expect(replies.filter((r) => r.status === 200).length).toBeLessThanOrEqual(1);
    },
  );

  it('a correct code decided alone still clears the counters (the rule for a person who mistyped)', async () => {
    const u = await walletUser(t, 'alone');
    expect((await pin(t, u, 'enable', undefined, { pinCode: RIGHT })).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await pin(t, u, 'validate', '0000')).body.code).toBe('B2C_USM0031');
    expect((await pin(t, u, 'validate', RIGHT)).status).toBe(200);
    expect(await passcodeRow(t, u)).toMatchObject({ failedAttempts: 0, lockouts: 0, lockedUntil: null });
  });
});
