import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { telegramLinks } from '../src/db/schema/index.js';
import { DEFAULT_RATE_LIMITS } from '../src/http/rateLimits.js';
import { createTestApp, type TestApp } from './support/app.js';
import { addAsset, call, walletUser, type WalletUser } from './wallet-support.js';
import { balanceOf, FAST_CHAIN, fundViaChain, newKey, send } from './withdraw-support.js';

/** Issue 25: paying a wallet user by @username or e-mail, only when they opted in, with no enumeration. */
let t: TestApp;
let alice: WalletUser;
let bob: WalletUser;
let carol: WalletUser;

beforeAll(async () => {
  t = await createTestApp({ env: FAST_CHAIN });
  [alice, bob, carol] = [
    await walletUser(t, 'pay-alice'),
    await walletUser(t, 'pay-bob'),
    await walletUser(t, 'pay-carol'),
  ];
  // Bob signed in with Telegram once (the link flow is telegram.link.test.ts): his @name finds him.
  await t.db.insert(telegramLinks).values({ telegramUserId: 777_000_123, userId: bob.id, username: 'Bob_Pays' });
});
afterAll(async () => t?.close());

const lookup = (as: WalletUser, query: string, currency = 'BTC') =>
  call(
    t,
    'GET',
    `/b2c-wallet/${as.account}/contacts/lookup?${new URLSearchParams({ query, currency })}`,
    undefined,
    as.token,
  );
const visibility = async (u: WalletUser, findable?: boolean) => {
  const res = await t.app.inject({
    method: findable === undefined ? 'GET' : 'PUT',
    url: `/b2c-wallet/${u.account}/contacts/visibility`,
    headers: { authorization: `Bearer ${u.token}` },
    ...(findable === undefined ? {} : { payload: { findable } }),
  });
  return { status: res.statusCode, body: res.json() };
};

describe('finding wallet users', () => {
  it('is off by default; a hidden user answers exactly like one who does not exist', async () => {
    expect(await visibility(bob)).toEqual({ status: 200, body: { findable: false } });
    const hidden = await lookup(alice, '@bob_pays');
    const hiddenMail = await lookup(alice, bob.email);
    const unknown = await lookup(alice, '@nobody_here');
    const unknownMail = await lookup(alice, 'nobody@example.com');
    for (const res of [hidden, hiddenMail, unknown, unknownMail])
      expect(res).toEqual({ status: 200, body: { recipient: null } });
  });

  it('finds an opted-in user by @username (any case) or e-mail, with their address on the asked network', async () => {
    expect(await visibility(bob, true)).toEqual({ status: 200, body: { findable: true } });
    expect(await visibility(bob)).toEqual({ status: 200, body: { findable: true } });
    const btc = await addAsset(t, bob, 'BTC');
    expect(await lookup(alice, '@BOB_PAYS')).toEqual({
      status: 200,
      body: { recipient: { displayName: '@Bob_Pays', address: btc.depositAddress } },
    });
    // E-mail is compared lower-cased; the asset need not be in the payee's wallet yet: its address is derived.
    const eth = await lookup(alice, bob.email.toUpperCase(), 'USDT_ETH');
    expect(eth.body.recipient).toEqual({
      displayName: '@Bob_Pays',
      address: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/),
    });
    expect((await addAsset(t, bob, 'ETH')).depositAddress).toBe(eth.body.recipient.address);
    // Turned off again: hidden at once.
    await visibility(bob, false);
    expect((await lookup(alice, '@bob_pays')).body).toEqual({ recipient: null });
    await visibility(bob, true);
  });

  it('names a user without Telegram by the name part of the e-mail; finding yourself answers null', async () => {
    await visibility(carol, true);
    expect((await lookup(alice, carol.email)).body.recipient.displayName).toBe(carol.email.split('@')[0]);
    expect((await lookup(carol, carol.email)).body).toEqual({ recipient: null });
  });

  it('refuses what is neither an @username nor an e-mail, and an unknown currency', async () => {
    for (const query of ['bob', '@ab', 'a b@example.com', '@bob-pays'])
      expect((await lookup(carol, query)).status, query).toBe(400);
    expect(await lookup(carol, '@bob_pays', 'XMR')).toMatchObject({ status: 400, body: { code: 'UNKNOWN_CURRENCY' } });
  });

  it('another account in the path is not found; no token is 401', async () => {
    expect(
      (
        await call(
          t,
          'GET',
          `/b2c-wallet/${bob.account}/contacts/lookup?query=%40bob_pays&currency=BTC`,
          undefined,
          alice.token,
        )
      ).status,
    ).toBe(404);
    expect(
      (await call(t, 'GET', `/b2c-wallet/${alice.account}/contacts/lookup?query=%40bob_pays&currency=BTC`)).status,
    ).toBe(401);
  });

  it('a payment to the found address is an internal transfer: no fee, settled at once', async () => {
    await fundViaChain(t, alice, 'BTC', '0.01');
    const { address } = (await lookup(alice, '@bob_pays')).body.recipient;
    const fee = await call(
      t,
      'POST',
      `/b2c-wallet/${alice.account}/withdrawal/preliminary/fee`,
      { currency: 'BTC', depositAddress: address },
      alice.token,
    );
    expect(fee.body).toMatchObject({ fee: '0' });
    const before = await balanceOf(t, bob, 'BTC');
    const sent = await send(t, alice, {
      currency: 'BTC',
      amount: '0.001',
      depositAddress: address,
      idempotencyKey: newKey(),
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.state).toBe('COMPLETED');
    expect(await balanceOf(t, alice, 'BTC')).toEqual({ available: '0.009', onHold: '0' });
    expect(Number((await balanceOf(t, bob, 'BTC')).available) - Number(before.available)).toBeCloseTo(0.001, 8);
  });

  it('is rate-limited per account (rule contacts): guessing names stops after a handful', async () => {
    const dave = await walletUser(t, 'pay-dave');
    const max = DEFAULT_RATE_LIMITS.contacts.account!.max;
    const answers = [];
    for (let i = 0; i <= max; i += 1) answers.push((await lookup(dave, `guess${i}@example.com`)).status);
    expect(answers.slice(0, max)).toEqual(Array(max).fill(200));
    expect(answers[max]).toBe(429);
  });
});
