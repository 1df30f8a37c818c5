import { count, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ledgerTransfers, sellRates } from '../src/db/schema/index.js';
import { lookupBin, RUSSIAN_BINS } from '../src/sell/bins.js';
import { luhnValid, maskCard } from '../src/sell/card.js';
import { cryptoFor } from '../src/sell/rate.js';
import {
  expectNoFullCardNumbers,
  byCard,
  bySavedCard,
  minor,
  newKey,
  SBER_CARD,
  SBER_VISA_CARD,
  sellCall,
  sellRate,
  setPayouts,
  settledSell,
  TBANK_CARD,
  sellSuite,
} from './sell-support.js';
import type { TestApp } from './support/app.js';
import { call, type WalletUser } from './wallet-support.js';
import { balanceOf, historyOf } from './withdraw-support.js';

/** Selling to a card (spec: sell): the BIN table, limits and rates, a sale to a new or saved card, idempotency. */
const suite = sellSuite();
let t: TestApp;
let alice: WalletUser;
beforeAll(() => {
  ({ t, alice } = suite);
});

describe('card info and the BIN table', () => {
  it('knows Sberbank as SBR and at least five other Russian banks', async () => {
    const banks = new Set(RUSSIAN_BINS.map((b) => b.code));
    expect(banks.has('SBR')).toBe(true);
    expect(banks.size).toBeGreaterThanOrEqual(6);
    const cases: [string, string, string][] = [
      ['220220', 'SBR', 'MIR'],
      ['427601', 'SBR', 'VISA'],
      ['546901', 'SBR', 'MASTERCARD'],
      ['220070', 'TCS', 'MIR'],
      ['437772', 'TCS', 'VISA'],
      ['220024', 'VTB', 'MIR'],
      ['415428', 'ALFA', 'VISA'],
      ['220001', 'GPB', 'MIR'],
      ['220030', 'RAIF', 'MIR'],
      ['220029', 'OTKR', 'MIR'],
      ['411111', 'unknown', 'VISA'],
      ['510510', 'unknown', 'MASTERCARD'],
      ['999999', 'unknown', 'unknown'],
    ];
    for (const [bin, code, system] of cases) {
      const res = await call(t, 'GET', `/b2c-wallet/c2f/bin/${bin}`, undefined, alice.token);
      expect(res, bin).toEqual({ status: 200, body: { code, system } });
      expect(lookupBin(bin)).toEqual({ code, system });
    }
  });

  it('wants exactly 6 digits and a bearer token', async () => {
    for (const bin of ['22022', '2202200', 'abcdef']) {
      const res = await call(t, 'GET', `/b2c-wallet/c2f/bin/${bin}`, undefined, alice.token);
      expect(res.status, bin).toBe(400);
    }
    expect((await call(t, 'GET', '/b2c-wallet/c2f/bin/220220')).status).toBe(401);
  });

  it('checks Luhn and masks as first 6 + last 4', () => {
    expect([SBER_CARD, SBER_VISA_CARD, TBANK_CARD].every(luhnValid)).toBe(true);
    expect(luhnValid('2202200000000009')).toBe(false);
    expect(maskCard(SBER_CARD)).toBe('220220******0008');
  });
});

describe('limits, rate and saved cards', () => {
  it('answers limits in RUB and refuses any other fiat', async () => {
    expect(await sellCall(t, alice, 'GET', '/limit/RUB')).toMatchObject({
      status: 200,
      body: { minLimit: '1000', maxLimit: '100000', limitCurrency: 'RUB' },
    });
    expect((await sellCall(t, alice, 'GET', '/limit/USD')).body.code).toBe('SELL_FIAT_UNSUPPORTED');
    expect((await sellCall(t, alice, 'GET', '/cards/EUR')).status).toBe(400);
  });

  it('fixes a rate under a rateId for 300 s by the database clock', async () => {
    const r = await sellRate(t, alice);
    expect(r.rate).toMatch(/^\d+(\.\d{1,2})?$/);
    expect(Number(r.rate)).toBeGreaterThan(80);
    const [row] = await t.db.select().from(sellRates).where(eq(sellRates.id, r.rateId));
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(300_000);
    expect((await sellCall(t, alice, 'POST', '/rate/RUB/NOPE')).body.code).toBe('UNKNOWN_CURRENCY');
    expect((await sellCall(t, alice, 'POST', '/rate/USD/BTC')).body.code).toBe('SELL_FIAT_UNSUPPORTED');
  });
});

describe('sell to a new card', () => {
  it('Luhn-checks the number before anything else, naming the field', async () => {
    const bad = await sellCall(t, alice, 'POST', '/order/byCard', { card: '2202200000000009' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'CARD_NUMBER_INVALID', field: 'card' });
    expect(JSON.stringify(bad.body)).not.toContain('2202200000000009');
    for (const card of ['220220000000008', '22022000000000080', 'not a card', 2202200000000008]) {
      const res = await byCard(t, alice, { card, fixedRateId: (await sellRate(t, alice)).rateId });
      expect(res.body, String(card)).toMatchObject({ code: 'CARD_NUMBER_INVALID', field: 'card' });
    }
  });

  it('blocks a card of any bank but Sberbank with sell_only_sber_error, whatever bankCode says', async () => {
    const { rateId } = await sellRate(t, alice);
    const tbank = await byCard(t, alice, { card: TBANK_CARD, bankCode: 'TCS', fixedRateId: rateId });
    expect(tbank).toMatchObject({ status: 400, body: { code: 'sell_only_sber_error', field: 'bankCode' } });
    const spoofed = await byCard(t, alice, { card: TBANK_CARD, bankCode: 'SBR', fixedRateId: rateId });
    expect(spoofed).toMatchObject({ status: 400, body: { code: 'sell_only_sber_error', field: 'card' } });
    expect((await balanceOf(t, alice, 'USDT_TRX')).onHold).toBe('0');
  });

  it('holds the exact crypto at the fixed rate, pays out, then takes it; history shows C2F in progress then completed', async () => {
    await setPayouts(t, { delayMs: 400 });
    const before = await balanceOf(t, alice, 'USDT_TRX');
    const r = await sellRate(t, alice);
    const res = await byCard(t, alice, {
      card: '2202 2000 0000 0008',
      fixedRateId: r.rateId,
      fiatAmount: '1234.56',
      saveCard: true,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const o = res.body;
    const expected = cryptoFor(123_456n, minor(r.rate, 2), 6);
    expect(minor(o.amount, 6)).toBe(expected);
    expect(o).toMatchObject({
      state: 'IN_PROGRESS',
      currency: 'USDT_TRX',
      fiatCurrency: 'RUB',
      fiatAmount: '1234.56',
      rate: r.rate,
      mascCard: '220220******0008',
      bankCode: 'SBR',
    });
    expect(o.cardId).toEqual(expect.any(String));
    expect(o.transaction).toMatchObject({
      transactionType: 'C2F',
      state: 'IN_PROGRESS',
      direction: 'WITHDRAWAL',
      amount: o.amount,
      fiatCurrency: 'RUB',
      toAmount: '1234.56',
    });
    const during = await balanceOf(t, alice, 'USDT_TRX');
    expect(minor(during.onHold, 6)).toBe(expected);
    expect(minor(during.available, 6)).toBe(minor(before.available, 6) - expected);
    expect((await historyOf(t, alice)).find((h) => h.id === o.transaction.id)?.state).toBe('IN_PROGRESS');

    const done = await settledSell(t, alice, o.id);
    expect(done.state).toBe('COMPLETED');
    const after = await balanceOf(t, alice, 'USDT_TRX');
    expect(after.onHold).toBe('0');
    expect(minor(after.available, 6)).toBe(minor(before.available, 6) - expected);
    expect((await historyOf(t, alice)).find((h) => h.id === o.transaction.id)).toMatchObject({
      transactionType: 'C2F',
      state: 'COMPLETED',
    });

    const cards = await sellCall(t, alice, 'GET', '/cards/RUB');
    expect(cards.body).toEqual([
      { cardId: o.cardId, mascCard: '220220******0008', bankCode: 'SBR', bankSystem: 'MIR' },
    ]);
    await setPayouts(t, { delayMs: 100 });
  });

  it('sells to the saved card; saving the same card again keeps one entry', async () => {
    const [card] = (await sellCall(t, alice, 'GET', '/cards/RUB')).body;
    const { rateId } = await sellRate(t, alice);
    const res = await bySavedCard(t, alice, { cardId: card.cardId, fixedRateId: rateId, fiatAmount: '1000' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ cardId: card.cardId, mascCard: card.mascCard });
    expect((await settledSell(t, alice, res.body.id)).state).toBe('COMPLETED');
    const again = await byCard(t, alice, { fixedRateId: rateId, saveCard: true });
    expect(again.body.cardId).toBe(card.cardId);
    await settledSell(t, alice, again.body.id);
    expect((await sellCall(t, alice, 'GET', '/cards/RUB')).body).toHaveLength(1);
    const unsaved = await byCard(t, alice, { card: SBER_VISA_CARD, bankSystem: 'VISA', fixedRateId: rateId });
    expect(unsaved.body).toMatchObject({ cardId: null, mascCard: '427600******0009' });
    await settledSell(t, alice, unsaved.body.id);
    expect((await sellCall(t, alice, 'GET', '/cards/RUB')).body).toHaveLength(1);
  });

  it('refuses amounts outside the limits, zero, too many decimals, an unknown or expired rate', async () => {
    const { rateId } = await sellRate(t, alice);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ fiatAmount: '999.99' }, 'SELL_MIN_LIMIT', 'fiatAmount'],
      [{ fiatAmount: '100000.01' }, 'SELL_MAX_LIMIT', 'fiatAmount'],
      [{ fiatAmount: '0' }, 'INVALID_AMOUNT', 'fiatAmount'],
      [{ fiatAmount: '1000.001' }, 'INVALID_AMOUNT', 'fiatAmount'],
      [{ fiatCurrency: 'USD' }, 'SELL_FIAT_UNSUPPORTED', 'fiatCurrency'],
      [{ fixedRateId: '00000000-0000-4000-8000-000000000000' }, 'SELL_RATE_NOT_FOUND', 'fixedRateId'],
      [{ currency: 'BTC' }, 'SELL_RATE_NOT_FOUND', 'fixedRateId'],
      [{ fiatAmount: '100000' }, 'NOT_ENOUGH_FUNDS', 'fiatAmount'],
    ];
    for (const [body, code, field] of cases) {
      const res = await byCard(t, alice, { fixedRateId: rateId, ...body });
      expect(res.body, JSON.stringify(body)).toMatchObject({ code, field });
      expect(res.status).toBe(400);
    }
    const stale = await sellRate(t, alice);
    await t.db
      .update(sellRates)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sellRates.id, stale.rateId));
    expect((await byCard(t, alice, { fixedRateId: stale.rateId })).body).toMatchObject({
      code: 'SELL_RATE_EXPIRED',
      field: 'fixedRateId',
    });
    expect((await balanceOf(t, alice, 'USDT_TRX')).onHold).toBe('0');
  });
});

describe('idempotency', () => {
  it('same key and body answers the first order; another body is 409; one hold either way', async () => {
    const { rateId } = await sellRate(t, alice);
    const key = newKey();
    const first = await byCard(t, alice, { fixedRateId: rateId, idempotencyKey: key });
    expect(first.status).toBe(200);
    const twins = await Promise.all(
      [1, 2, 3].map(() => byCard(t, alice, { card: '2202-2000-0000-0008', fixedRateId: rateId, idempotencyKey: key })),
    );
    for (const twin of twins) {
      expect(twin.status).toBe(200);
      expect(twin.body.id).toBe(first.body.id);
      expect(twin.headers['idempotent-replayed']).toBe('true');
    }
    const other = await byCard(t, alice, { fixedRateId: rateId, idempotencyKey: key, fiatAmount: '1001' });
    expect(other).toMatchObject({ status: 409, body: { code: 'IDEMPOTENCY_CONFLICT', field: 'idempotencyKey' } });
    const [holds] = await t.db
      .select({ n: count() })
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.idempotencyKey, `sell:${first.body.id}`));
    expect(holds!.n).toBe(1);
    await settledSell(t, alice, first.body.id);
    // After settlement and after the rate expired, the replay still answers the order.
    await t.db.update(sellRates).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(sellRates.id, rateId));
    const late = await byCard(t, alice, { fixedRateId: rateId, idempotencyKey: key });
    expect(late.body).toMatchObject({ id: first.body.id, state: 'COMPLETED' });
  });

  it('requires an idempotencyKey on both sells', async () => {
    const { rateId } = await sellRate(t, alice);
    const a = await sellCall(t, alice, 'POST', '/order/byCard', {
      card: SBER_CARD,
      currency: 'USDT_TRX',
      fiatCurrency: 'RUB',
      fiatAmount: '1000',
      bankCode: 'SBR',
      bankSystem: 'MIR',
      saveCard: false,
      fixedRateId: rateId,
    });
    expect(a.body).toMatchObject({ code: 'VALIDATION_ERROR', field: 'idempotencyKey' });
    const b = await sellCall(t, alice, 'POST', '/order/bySavedCard', {
      cardId: 'x',
      currency: 'USDT_TRX',
      fiatCurrency: 'RUB',
      fiatAmount: '1000',
      fixedRateId: rateId,
    });
    expect(b.body).toMatchObject({ code: 'VALIDATION_ERROR', field: 'idempotencyKey' });
  });
});

describe('card data', () => {
  it('the database and the log never hold a full card number', async () => {
    await expectNoFullCardNumbers(suite, 4);
  });
});
