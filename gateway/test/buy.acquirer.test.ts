import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buyOrders, ledgerTransfers, walletTransactions } from '../src/db/schema/index.js';
import { checkLedgerInvariants } from '../src/ledger/invariants.js';
import type { TestApp } from './support/app.js';
import { PUBLIC_URL } from './support/app.js';
import {
  addressOf,
  buyCall,
  CARD,
  createBuyTestApp,
  orderFor,
  pagePath,
  pay,
  status,
  submitForm,
  type BuyTestApp,
} from './buy-support.js';
import { call, walletUser, type WalletUser } from './wallet-support.js';
import { balanceOf, historyOf } from './withdraw-support.js';

let b: BuyTestApp;
let t: TestApp;
let alice: WalletUser;
let btc: string;

beforeAll(async () => {
  b = await createBuyTestApp();
  t = b.t;
  alice = await walletUser(t, 'alice');
  btc = await addressOf(t, alice, 'BTC');
});
afterAll(async () => t?.close());
afterEach(async () => {
  expect(await checkLedgerInvariants(t.db)).toEqual([]);
});

const SUCCESS = '4242 4242 4242 4242';
const THREE_DS = '4000 0000 0000 3220';
const DECLINED = '4000 0000 0000 0002';
const FAILS_LATER = '4000 0000 0000 0119';

const returnUrl = (orderId: string) => `${PUBLIC_URL}/buy/status/${orderId}`;
const rowOf = async (transactionId: string | null) => (await historyOf(t, alice)).find((r) => r.id === transactionId);
const available = async () => (await balanceOf(t, alice, 'BTC')).available;
const add = (a: string, b2: string) => {
  const m = (v: string) => BigInt(v.split('.')[0]! + (v.split('.')[1] ?? '').padEnd(8, '0'));
  const s = (m(a) + m(b2)).toString().padStart(9, '0');
  return `${s.slice(0, -8)}.${s.slice(-8)}`.replace(/\.?0+$/, '');
};

describe('the hosted payment page', () => {
  it('renders an accessible card form in English and Russian, with no script', async () => {
    const { url } = await orderFor(t, btc, 'BTC', '5000');
    const en = await t.app.inject({
      method: 'GET',
      url: pagePath(url),
      headers: { 'accept-language': 'en-GB,en;q=0.9' },
    });
    expect(en.statusCode).toBe(200);
    expect(en.headers['content-type']).toContain('text/html');
    expect(en.headers['cache-control']).toBe('no-store');
    expect(en.headers['content-security-policy']).toContain("form-action 'self'");
    for (const [id, label] of [
      ['card-number', 'Card number'],
      ['card-expiry', 'Expiry date'],
      ['card-cvc', 'Security code'],
      ['card-holder', 'Cardholder name'],
    ]) {
      expect(en.body).toContain(`<label for="${id}">${label}`);
      expect(en.body).toContain(`id="${id}"`);
    }
    expect(en.body).toContain('5\u00a0000.00 RUB');
    expect(en.body).not.toContain('<script');
    const ru = await t.app.inject({
      method: 'GET',
      url: pagePath(url),
      headers: { 'accept-language': 'ru-RU,ru;q=0.9' },
    });
    expect(ru.body).toContain('<html lang="ru"');
    expect(ru.body).toContain('Номер карты');
    expect((await t.app.inject({ method: 'GET', url: `${pagePath(url)}?lang=ru` })).body).toContain('Оплатить');
    expect((await t.app.inject({ method: 'GET', url: '/dev/acquirer/pay/pay_nope' })).statusCode).toBe(404);
  });

  it('marks bad card fields invalid and never echoes the number or the code', async () => {
    const { url, orderId } = await orderFor(t, btc, 'BTC', '5000');
    const res = await submitForm(t, pagePath(url), {
      number: '4242 4242 4242 4241',
      expiry: '01/20',
      cvc: '12',
      holder: '',
    });
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain('role="alert"');
    for (const id of ['card-number', 'card-expiry', 'card-cvc', 'card-holder']) {
      expect(res.body).toMatch(new RegExp(`id="${id}"[^>]*aria-invalid="true" aria-describedby="${id}-error"`));
    }
    expect(res.body).not.toContain('4242 4242 4242 4241');
    expect((await status(t, orderId)).state).toBe('NEW');
  });
});

describe('paying', () => {
  it('success card: an F2C row, Buying · In progress, then Bought, credited once, back to the app', async () => {
    const before = await available();
    const { url, orderId } = await orderFor(t, btc, 'BTC', '5000');
    const res = await pay(t, url, SUCCESS);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(returnUrl(orderId));
    const processing = await status(t, orderId);
    expect(processing.state).toBe('PROCESSING');
    const row = await rowOf(processing.transactionId);
    // Spec §3: a card buy is F2C, with what the user paid, the rate, the card and the order.
    expect(row).toMatchObject({
      direction: 'DEPOSIT',
      transactionType: 'F2C',
      state: 'IN_PROGRESS',
      currency: 'BTC',
      amount: processing.cryptoAmount,
      hash: null,
      explorerLink: null,
      fromCurrency: 'RUB',
      fromAmount: '5000',
      fiatCurrency: 'RUB',
      toCurrency: 'BTC',
      toAmount: processing.cryptoAmount,
      exchangeRate: processing.rate,
      maskedCard: '4242 •••• •••• 4242',
      orderId,
    });
    expect(await available()).toBe(before);
    await b.acquirer.settleNow();
    const done = await status(t, orderId);
    expect(done).toMatchObject({ state: 'COMPLETED', failureReason: null, transactionId: processing.transactionId });
    expect((await rowOf(done.transactionId))!.state).toBe('COMPLETED');
    expect(await available()).toBe(add(before, done.cryptoAmount));
    // The details call says the same, and the Bought filter (not Received) finds it.
    const details = await call(
      t,
      'GET',
      `/b2c-wallet/${alice.account}/asset/transaction/${done.transactionId}`,
      undefined,
      alice.token,
    );
    expect(details.body).toMatchObject({
      transactionType: 'F2C',
      orderId,
      maskedCard: '4242 •••• •••• 4242',
      fromAmount: '5000',
    });
    const kind = async (kinds: string[]) =>
      (
        await call(t, 'POST', `/b2c-wallet/${alice.account}/asset/transactions`, { kinds }, alice.token)
      ).body.content.map((r: { id: string }) => r.id);
    expect(await kind(['bought'])).toContain(done.transactionId);
    expect(await kind(['received'])).not.toContain(done.transactionId);
    // The page is spent: opening it again sends the user back to the app.
    const again = await t.app.inject({ method: 'GET', url: pagePath(url) });
    expect([again.statusCode, again.headers.location]).toEqual([303, returnUrl(orderId)]);
  });

  it('3-D Secure card: a code step, wrong code refused, right code pays', async () => {
    const before = await available();
    const { url, orderId } = await orderFor(t, btc, 'BTC', '7500');
    const step = await pay(t, url, THREE_DS);
    expect(step.statusCode).toBe(200);
    expect(step.body).toContain('<label for="code">Confirmation code');
    expect((await t.app.inject({ method: 'GET', url: pagePath(url) })).body).toContain('id="code"');
    const wrong = await submitForm(t, `${pagePath(url)}/3ds`, { code: '000000' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.body).toContain('Tries left: 2');
    expect((await status(t, orderId)).state).toBe('NEW');
    const right = await submitForm(t, `${pagePath(url)}/3ds`, { code: '123456' });
    expect([right.statusCode, right.headers.location]).toEqual([303, returnUrl(orderId)]);
    expect((await status(t, orderId)).state).toBe('PROCESSING');
    await b.acquirer.settleNow();
    const done = await status(t, orderId);
    expect(done.state).toBe('COMPLETED');
    expect(await available()).toBe(add(before, done.cryptoAmount));
  });

  it('declined card: the order fails at once, nothing credited, no history row', async () => {
    const before = await available();
    const rowsBefore = (await historyOf(t, alice)).length;
    const { url, orderId } = await orderFor(t, btc, 'BTC', '5000');
    const res = await pay(t, url, DECLINED);
    expect([res.statusCode, res.headers.location]).toEqual([303, returnUrl(orderId)]);
    expect(await status(t, orderId)).toMatchObject({ state: 'FAILED', failureReason: 'DECLINED', transactionId: null });
    await b.acquirer.settleNow();
    expect(await available()).toBe(before);
    expect((await historyOf(t, alice)).length).toBe(rowsBefore);
  });

  it('card that fails after a delay: In progress, then failed to buy (F2C, FAILED), nothing credited', async () => {
    const before = await available();
    const { url, orderId } = await orderFor(t, btc, 'BTC', '5000');
    await pay(t, url, FAILS_LATER);
    const processing = await status(t, orderId);
    expect(processing.state).toBe('PROCESSING');
    await b.acquirer.settleNow();
    expect(await status(t, orderId)).toMatchObject({ state: 'FAILED', failureReason: 'PAYMENT_FAILED' });
    expect(await rowOf(processing.transactionId)).toMatchObject({ transactionType: 'F2C', state: 'FAILED', orderId });
    expect(await available()).toBe(before);
  });

  it('cancelled or abandoned: nothing credited; an unpaid order expires and its page closes', async () => {
    const before = await available();
    const cancelled = await orderFor(t, btc, 'BTC', '5000');
    const res = await submitForm(t, `${pagePath(cancelled.url)}/cancel`, {});
    expect([res.statusCode, res.headers.location]).toEqual([303, returnUrl(cancelled.orderId)]);
    expect(await status(t, cancelled.orderId)).toMatchObject({ state: 'FAILED', failureReason: 'CANCELLED' });
    const abandoned = await orderFor(t, btc, 'BTC', '5000');
    b.clock.ms += t.config.buyPaymentTtlSeconds * 1000;
    expect(await status(t, abandoned.orderId)).toMatchObject({ state: 'FAILED', failureReason: 'EXPIRED' });
    const late = await pay(t, abandoned.url, SUCCESS);
    expect(late.statusCode).toBe(410);
    expect(await available()).toBe(before);
  });
});

describe("the acquirer's callback", () => {
  it('credits once however often the success callback arrives (10 at once, then again)', async () => {
    const before = await available();
    const { url, orderId } = await orderFor(t, btc, 'BTC', '5000');
    await pay(t, url, SUCCESS);
    const [order] = await t.db.select().from(buyOrders).where(eq(buyOrders.id, orderId));
    const paid = b.acquirer.sign({
      paymentId: order!.paymentId!,
      orderId,
      status: 'PAID',
      amount: order!.fiatAmount,
      fiatCurrency: 'RUB',
    });
    const deliver = () => buyCall(t, 'POST', '/b2c/fiat/callback', paid);
    const answers = await Promise.all(Array.from({ length: 10 }, deliver));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(answers.filter((a) => a.body.changed)).toHaveLength(1);
    await b.acquirer.settleNow(); // the acquirer's own (doubled) delivery on top
    expect((await deliver()).body).toEqual({ ok: true, changed: false });
    const done = await status(t, orderId);
    expect(done.state).toBe('COMPLETED');
    expect(await available()).toBe(add(before, done.cryptoAmount));
    const [tx] = await t.db.select().from(walletTransactions).where(eq(walletTransactions.id, done.transactionId!));
    const transfers = await t.db
      .select()
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.idempotencyKey, `deposit:${tx!.depositKey}`));
    expect(transfers).toHaveLength(1);
    // A late refusal cannot undo a credited order.
    const declined = b.acquirer.sign({
      paymentId: order!.paymentId!,
      orderId,
      status: 'DECLINED',
      amount: order!.fiatAmount,
      fiatCurrency: 'RUB',
    });
    expect((await buyCall(t, 'POST', '/b2c/fiat/callback', declined)).body.changed).toBe(false);
    expect((await status(t, orderId)).state).toBe('COMPLETED');
  });

  it('refuses an unsigned, tampered or mismatched callback', async () => {
    const before = await available();
    const { orderId } = await orderFor(t, btc, 'BTC', '5000');
    const [order] = await t.db.select().from(buyOrders).where(eq(buyOrders.id, orderId));
    const event = {
      paymentId: order!.paymentId!,
      orderId,
      status: 'PAID' as const,
      amount: order!.fiatAmount,
      fiatCurrency: 'RUB',
    };
    const signed = b.acquirer.sign(event);
    const tampered = await buyCall(t, 'POST', '/b2c/fiat/callback', { ...signed, amount: '100' });
    expect([tampered.status, tampered.body.code]).toEqual([401, 'BAD_CALLBACK']);
    const unsigned = await buyCall(t, 'POST', '/b2c/fiat/callback', { ...signed, signature: '00' });
    expect(unsigned.status).toBe(401);
    const wrongAmount = await buyCall(t, 'POST', '/b2c/fiat/callback', b.acquirer.sign({ ...event, amount: 100n }));
    expect([wrongAmount.status, wrongAmount.body.code]).toEqual([400, 'PAYMENT_MISMATCH']);
    expect((await status(t, orderId)).state).toBe('NEW');
    expect(await available()).toBe(before);
  });
});

it('keeps no card number or code anywhere, only the masked number', async () => {
  const { url, orderId } = await orderFor(t, btc, 'BTC', '5000');
  await pay(t, url, SUCCESS);
  const [order] = await t.db.select().from(buyOrders).where(eq(buyOrders.id, orderId));
  expect(order!.maskedCard).toBe('4242 •••• •••• 4242');
  const stored = JSON.stringify(order, (_k, v) => (typeof v === 'bigint' ? v.toString() : v));
  expect(stored).not.toContain('4242424242424242');
  expect(stored).not.toContain(`"${CARD.cvc}"`);
  expect(stored).not.toMatch(/cvc|expiry|ALICE/i);
  await b.acquirer.settleNow();
});
