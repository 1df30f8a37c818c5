import { count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkWithdrawalInvariants } from '../src/withdrawals/invariants.js';
import { withdrawals } from '../src/db/schema/index.js';
import { createTestApp, type TestApp } from './support/app.js';
import { call, walletUser, type WalletUser } from './wallet-support.js';
import {
  FAST_CHAIN,
  balanceOf,
  fundViaChain,
  newKey,
  send,
  settled,
  strangerAddress,
  withdrawalRow,
} from './withdraw-support.js';

/** Who may send: another user's account is not found on any send route; a passcode guards the money. */
let t: TestApp;
let alice: WalletUser;
let bob: WalletUser;

beforeAll(async () => {
  t = await createTestApp({ env: FAST_CHAIN });
  alice = await walletUser(t, 'alice');
  bob = await walletUser(t, 'bob');
  await fundViaChain(t, alice, 'BTC', '0.1');
});
afterAll(async () => t?.close());
afterEach(async () => expect(await checkWithdrawalInvariants(t.db)).toEqual([]));

describe('access', () => {
  it("refuses another user's account on every send route with 404 and no side effect", async () => {
    const body = {
      currency: 'BTC',
      amount: '0.001',
      depositAddress: strangerAddress('bitcoin'),
      idempotencyKey: newKey(),
    };
    const before = await balanceOf(t, alice, 'BTC');
    for (const path of ['withdrawal', 'withdrawal/check-address', 'withdrawal/preliminary/fee']) {
      const res = await call(
        t,
        'POST',
        `/b2c-wallet/${alice.account}/${path}`,
        { ...body, address: body.depositAddress },
        bob.token,
      );
      expect(res.status, path).toBe(404);
      expect(res.body.code).toBe('ACCOUNT_NOT_FOUND');
      expect((await call(t, 'POST', `/b2c-wallet/${alice.account}/${path}`, body)).status).toBe(401);
    }
    expect(await balanceOf(t, alice, 'BTC')).toEqual(before);
    const [n] = await t.db
      .select({ n: count() })
      .from(withdrawals)
      .where(eq(withdrawals.idempotencyKey, body.idempotencyKey));
    expect(Number(n!.n)).toBe(0);
  });

  it('with a passcode active, a missing, empty or wrong pincode header is refused before anything moves', async () => {
    const dave = await walletUser(t, 'dave');
    await fundViaChain(t, dave, 'TRX', '50');
    await enablePasscodeFor(dave, '2580');
    const body = () => ({
      currency: 'TRX',
      amount: '1',
      depositAddress: strangerAddress('tron'),
      idempotencyKey: newKey(),
    });
    expect((await send(t, dave, body())).body).toMatchObject({ code: 'PINCODE_REQUIRED' });
    expect((await send(t, dave, body(), '')).body).toMatchObject({ code: 'PINCODE_REQUIRED' });
    const wrong = await send(t, dave, body(), '1111');
    expect(wrong.status).toBe(403);
    expect(wrong.body.code).toBe('B2C_USM0031');
    // The money route answers with the same fields as the passcode routes.
    expect(wrong.body.attemptsLeft).toBe(4);
    expect(await balanceOf(t, dave, 'TRX')).toEqual({ available: '50', onHold: '0' });
    const ok = await send(t, dave, body(), '2580');
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    await settled(t, ok.body.id);
    expect((await withdrawalRow(t, ok.body.id)).state).toBe('COMPLETED');
  });
});

async function enablePasscodeFor(u: WalletUser, code: string) {
  const res = await call(t, 'POST', '/b2c-user-management/user/pinCode/enable', { pinCode: code }, u.token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}
