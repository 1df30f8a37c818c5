import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ledgerTransfers, sandboxPayouts, sellOrders } from '../src/db/schema/index.js';
import { createSandboxPayouts } from '../src/sell/sandbox/provider.js';
import { resolveSell } from '../src/sell/settle.js';
import { createSellWorker } from '../src/sell/worker.js';
import { pin } from './passcode-support.js';
import {
  expectNoFullCardNumbers,
  byCard,
  bySavedCard,
  orderOf,
  SBER_VISA_CARD,
  sellCall,
  sellRate,
  setPayouts,
  settledSell,
  sellSuite,
} from './sell-support.js';
import type { TestApp } from './support/app.js';
import { fund, walletUser, type WalletUser } from './wallet-support.js';
import { balanceOf, waitFor } from './withdraw-support.js';

/** Selling to a card (spec: sell): the payout provider's failures and outages, the passcode, other accounts. */
// The outage test sells to a card saved before it (sell.test.ts saves alice's in its own tests).
const suite = sellSuite({ aliceSavedCard: true });
let t: TestApp;
let alice: WalletUser;
let bob: WalletUser;
beforeAll(() => {
  ({ t, alice, bob } = suite);
});

describe('the payout provider', () => {
  it('a payout that fails after acceptance voids the hold: funds back, history FAILED', async () => {
    const before = await balanceOf(t, alice, 'USDT_TRX');
    await setPayouts(t, { failNextPayouts: 1 });
    const { rateId } = await sellRate(t, alice);
    const res = await byCard(t, alice, { fixedRateId: rateId });
    expect(res.body.state).toBe('IN_PROGRESS');
    expect((await balanceOf(t, alice, 'USDT_TRX')).onHold).not.toBe('0');
    const done = await settledSell(t, alice, res.body.id);
    expect(done.state).toBe('FAILED');
    expect(done.transaction).toMatchObject({ transactionType: 'C2F', state: 'FAILED' });
    expect(await balanceOf(t, alice, 'USDT_TRX')).toEqual(before);
    const [row] = await t.db.select().from(sellOrders).where(eq(sellOrders.id, res.body.id));
    const resolutions = await t.db
      .select()
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.pendingId, row!.holdTransferId!));
    expect(resolutions.map((r) => r.kind)).toEqual(['void_pending']);
    expect((await setPayouts(t, {})).failNextPayouts).toBe(0);
  });

  it('resolves a sell exactly once however many times and ways it is settled', async () => {
    await setPayouts(t, { delayMs: 1500 });
    const before = await balanceOf(t, alice, 'USDT_TRX');
    const { rateId } = await sellRate(t, alice);
    const res = await byCard(t, alice, { fixedRateId: rateId });
    const outcomes = await Promise.all(
      [1, 2, 3, 4, 5].map((i) => resolveSell(t.db, res.body.id, i % 2 ? 'FAILED' : 'COMPLETED', 'test')),
    );
    expect(outcomes.filter(Boolean)).toHaveLength(1);
    const [row] = await t.db.select().from(sellOrders).where(eq(sellOrders.id, res.body.id));
    const resolutions = await t.db
      .select()
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.pendingId, row!.holdTransferId!));
    expect(resolutions).toHaveLength(1);
    // The provider's own answer arrives later and changes nothing. Not waited for: a payout the worker
    // had submitted (the order is marked attempted) is made due now in the provider's book, then a worker
    // pass runs (a second worker, as another replica would).
    const [attempt] = await t.db
      .select({ at: sellOrders.payoutAttemptedAt })
      .from(sellOrders)
      .where(eq(sellOrders.id, res.body.id));
    if (attempt!.at) {
      const booked = () => t.db.select().from(sandboxPayouts).where(eq(sandboxPayouts.reference, res.body.id));
      await waitFor("the payout in the provider's book", async () => (await booked()).length > 0);
      await t.db.update(sandboxPayouts).set({ settlesAt: sql`now()` }).where(eq(sandboxPayouts.reference, res.body.id));
    }
    await createSellWorker({ db: t.db, payouts: createSandboxPayouts(t.db), settings: t.config.jobs.sell }).tick();
    expect((await orderOf(t, alice, res.body.id)).state).toBe(row!.state);
    expect(
      await t.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.pendingId, row!.holdTransferId!)),
    ).toHaveLength(1);
    if (row!.state === 'FAILED') expect(await balanceOf(t, alice, 'USDT_TRX')).toEqual(before);
    await setPayouts(t, { delayMs: 100 });
  });

  it('"temporarily unavailable": 503 with the spec\'s message, nothing held; back on, sells go through', async () => {
    const before = await balanceOf(t, alice, 'USDT_TRX');
    await setPayouts(t, { unavailable: true });
    const { rateId } = await sellRate(t, alice);
    const res = await byCard(t, alice, {
      fixedRateId: rateId,
      saveCard: true,
      card: SBER_VISA_CARD,
      bankSystem: 'VISA',
    });
    expect(res).toMatchObject({
      status: 503,
      body: { code: 'PAYOUTS_UNAVAILABLE', message: 'Payouts are temporarily unavailable. Please try again later.' },
    });
    const [card] = (await sellCall(t, alice, 'GET', '/cards/RUB')).body;
    expect((await bySavedCard(t, alice, { cardId: card.cardId, fixedRateId: rateId })).status).toBe(503);
    expect(await balanceOf(t, alice, 'USDT_TRX')).toEqual(before);
    expect((await sellCall(t, alice, 'GET', '/cards/RUB')).body).toHaveLength(1);
    await setPayouts(t, { unavailable: false });
    const ok = await byCard(t, alice, { fixedRateId: rateId });
    expect(ok.status).toBe(200);
    expect((await settledSell(t, alice, ok.body.id)).state).toBe('COMPLETED');
  });
});

describe('passcode and other accounts', () => {
  it('enforces the passcode like a withdrawal', async () => {
    const carol = await walletUser(t, 'carol');
    await fund(t, carol, 'USDT_TRX', 100_000_000n);
    expect((await pin(t, carol, 'enable', undefined, { pinCode: '2468' })).status).toBe(200);
    const { rateId } = await sellRate(t, carol);
    expect((await byCard(t, carol, { fixedRateId: rateId })).body.code).toBe('PINCODE_REQUIRED');
    const wrong = await byCard(t, carol, { fixedRateId: rateId }, '1111');
    expect(wrong).toMatchObject({ status: 403, body: { code: 'B2C_USM0031' } });
    expect((await balanceOf(t, carol, 'USDT_TRX')).onHold).toBe('0');
    const right = await byCard(t, carol, { fixedRateId: rateId, saveCard: true }, '2468');
    expect(right.status).toBe(200);
    const [card] = (await sellCall(t, carol, 'GET', '/cards/RUB')).body;
    expect((await bySavedCard(t, carol, { cardId: card.cardId, fixedRateId: rateId })).body.code).toBe(
      'PINCODE_REQUIRED',
    );
    expect((await bySavedCard(t, carol, { cardId: card.cardId, fixedRateId: rateId }, '2468')).status).toBe(200);
    await settledSell(t, carol, right.body.id);
  });

  it("another user's account, cards, orders and rates are not found", async () => {
    const { rateId: bobRate } = await sellRate(t, bob);
    const bobSell = await byCard(t, bob, {
      fixedRateId: bobRate,
      saveCard: true,
      card: SBER_VISA_CARD,
      bankSystem: 'VISA',
    });
    expect(bobSell.status).toBe(200);
    const [bobCard] = (await sellCall(t, bob, 'GET', '/cards/RUB')).body;
    const { rateId } = await sellRate(t, alice);
    expect(await bySavedCard(t, alice, { cardId: bobCard.cardId, fixedRateId: rateId })).toMatchObject({
      status: 404,
      body: { code: 'CARD_NOT_FOUND' },
    });
    expect(await bySavedCard(t, alice, { cardId: 'not-a-uuid', fixedRateId: rateId })).toMatchObject({
      status: 404,
      body: { code: 'CARD_NOT_FOUND' },
    });
    expect(await sellCall(t, alice, 'GET', `/order/${bobSell.body.id}`)).toMatchObject({
      status: 404,
      body: { code: 'SELL_ORDER_NOT_FOUND' },
    });
    expect(await sellCall(t, alice, 'GET', '/cards/RUB', undefined, undefined, bob.account)).toMatchObject({
      status: 404,
      body: { code: 'ACCOUNT_NOT_FOUND' },
    });
    expect(
      await sellCall(t, alice, 'GET', `/order/${bobSell.body.id}`, undefined, undefined, bob.account),
    ).toMatchObject({ status: 404 });
    expect((await byCard(t, alice, { fixedRateId: bobRate })).body.code).toBe('SELL_RATE_NOT_FOUND');
    expect((await sellCall(t, alice, 'GET', '/cards/RUB')).body.map((c: { cardId: string }) => c.cardId)).not.toContain(
      bobCard.cardId,
    );
    expect((await orderOf(t, bob, bobSell.body.id)).id).toBe(bobSell.body.id);
    await settledSell(t, bob, bobSell.body.id);
  });
});

describe('card data', () => {
  it('the database and the log never hold a full card number', async () => {
    await expectNoFullCardNumbers(suite, 3);
  });
});
