import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PasscodeCheck, passcodeChecks } from '../src/passcode/gate.js';
import { withdrawals } from '../src/db/schema/index.js';
import { passcodeRow, pin } from './passcode-support.js';
import { createTestApp, type TestApp } from './support/app.js';
import { confirm, order } from './swap-support.js';
import { fund, walletUser } from './wallet-support.js';
import { balanceOf, newKey, send, strangerAddress } from './withdraw-support.js';

/** Every code the gate really compared (its verdict), so the test counts checked guesses, not replies. */
const checked: PasscodeCheck[] = [];
const count = (message: unknown) => void checked.push(message as PasscodeCheck);
beforeAll(() => passcodeChecks.subscribe(count));
afterAll(() => void passcodeChecks.unsubscribe(count));

/**
 * Issue 20 item 8: the owner's correct passcode locked the owner out. 30 concurrent sends with the right
 * code gave 5 × 200, 4 × 429 and 21 × 403 B2C_USM0032 (a correct code counted as wrong inside a burst).
 * Checks of one user are now serialised under the user's lock, not refused.
 */
let t: TestApp;
// Per-account money limits would refuse part of the burst before the passcode is reached: off here.
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMITS: 'off' } });
});
afterAll(async () => t?.close());

const RIGHT = '2580';
const sendBody = () => ({
  currency: 'BTC',
  amount: '0.0001',
  depositAddress: strangerAddress('bitcoin'),
  idempotencyKey: newKey(),
});

describe('a burst of money requests from one user', () => {
  it('30 concurrent sends with the right code all succeed, and the counters stay clear', async () => {
    const u = await walletUser(t, 'burst-right');
    await fund(t, u, 'BTC', 100_000_000n); // covers all 30 with fees
    expect((await pin(t, u, 'enable', undefined, { pinCode: RIGHT })).status).toBe(200);
    const replies = await Promise.all(Array.from({ length: 30 }, () => send(t, u, sendBody(), RIGHT)));
    const tally = replies.map((r) => `${r.status} ${r.body.code ?? ''}`);
    expect(
      replies.filter((r) => r.status === 200),
      tally.join(', '),
    ).toHaveLength(30);
    expect(await passcodeRow(t, u)).toMatchObject({ failedAttempts: 0, lockouts: 0, lockedUntil: null });
    const [made] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(withdrawals)
      .where(eq(withdrawals.accountId, u.account));
    expect(made!.n).toBe(30);
  }, 90_000);

  it('10 concurrent swap confirms with the right code all succeed', async () => {
    const u = await walletUser(t, 'burst-swap');
    await fund(t, u, 'BTC', 100_000_000n);
    expect((await pin(t, u, 'enable', undefined, { pinCode: RIGHT })).status).toBe(200);
    const ids: string[] = [];
    for (let i = 0; i < 10; i += 1) {
      ids.push(
        (await order(t, u, { sourceCurrency: 'BTC', destinationCurrency: 'USDT_TRX', sourceAmount: '0.001' })).body.id,
      );
    }
    const replies = await Promise.all(ids.map((id) => confirm(t, u, id, RIGHT)));
    expect(replies.map((r) => r.status)).toEqual(Array(10).fill(200));
  }, 90_000);

  it('50 concurrent sends with wrong codes check at most 5 and move nothing', async () => {
    const u = await walletUser(t, 'burst-wrong');
    await fund(t, u, 'BTC', 100_000_000n);
    expect((await pin(t, u, 'enable', undefined, { pinCode: RIGHT })).status).toBe(200);
    const before = await balanceOf(t, u, 'BTC');
    checked.length = 0;
    const replies = await Promise.all(Array.from({ length: 50 }, (_, i) => send(t, u, sendBody(), String(3000 + i))));
    // At least one: the counting mock is live (a file sharing its worker's modules could miss it).
    expect(checked.length, `codes checked: ${checked.length}`).toBeGreaterThanOrEqual(1);
    expect(checked.length, `codes checked: ${checked.length}`).toBeLessThanOrEqual(5);
    expect(replies.every((r) => r.status === 403 || r.status === 429)).toBe(true);
    expect((await passcodeRow(t, u))!.failedAttempts).toBe(50);
    expect(await balanceOf(t, u, 'BTC')).toEqual(before);
  }, 90_000);
});
