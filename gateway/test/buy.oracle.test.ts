import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buyOrders } from '../src/db/schema/index.js';
import { checkLedgerInvariants } from '../src/ledger/invariants.js';
import type { TestApp } from './support/app.js';
import {
  addressOf,
  buyCall,
  buyOrder,
  createBuyTestApp,
  newKey,
  quote,
  quoteOk,
  type BuyTestApp,
} from './buy-support.js';
import { walletUser } from './wallet-support.js';

/**
 * GUIDE §8.17: the tokenless buy calls answer the same for a customer's deposit address and a
 * stranger's well-formed one, so they cannot be asked whether an address banks here. Only creating
 * an order needs the address to be ours, and its refusal is the answer a forged rate id gets.
 */
let b: BuyTestApp;
let t: TestApp;
/** A deposit address of a wallet user on each network, and a valid address of the same network that is nobody's here. */
const pairs: { currency: string; customer: string; stranger: string }[] = [];

beforeAll(async () => {
  b = await createBuyTestApp(300);
  t = b.t;
  const alice = await walletUser(t, 'oracle-alice');
  pairs.push(
    {
      currency: 'BTC',
      customer: await addressOf(t, alice, 'BTC'),
      stranger: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    },
    {
      currency: 'ETH',
      customer: await addressOf(t, alice, 'ETH'),
      stranger: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    },
    {
      currency: 'USDT_TRX',
      customer: await addressOf(t, alice, 'USDT_TRX'),
      stranger: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
    },
  );
});
afterAll(async () => t?.close());
afterEach(async () => {
  expect(await checkLedgerInvariants(t.db)).toEqual([]);
});

const q = (address: string) => encodeURIComponent(address);
/** A quote without what differs between any two quotes (its id and clock). */
const shapeOf = (body: any) =>
  Array.isArray(body) ? body.map(({ fixedRateId: _id, expiresAt: _at, validSeconds: _s, ...rest }) => rest) : body;

describe('no membership oracle on the tokenless buy calls', () => {
  it("geo and availability: the same status and body for a customer's address and a stranger's", async () => {
    for (const { customer, stranger } of pairs) {
      for (const path of ['/b2c/fiat/geo', '/b2c/fiat/availability']) {
        const ours = await buyCall(t, 'GET', `${path}?depositAddress=${q(customer)}`);
        const theirs = await buyCall(t, 'GET', `${path}?depositAddress=${q(stranger)}`);
        expect(ours.status, `${path} ${customer}`).toBe(200);
        expect([theirs.status, theirs.body], `${path} ${stranger}`).toEqual([ours.status, ours.body]);
      }
    }
  });

  it('payment methods and quotes: the same for both', async () => {
    for (const { currency, customer, stranger } of pairs) {
      const ours = await buyCall(t, 'POST', '/b2c/fiat/method', {
        depositAddress: customer,
        currency,
        fiatCurrency: 'RUB',
      });
      const theirs = await buyCall(t, 'POST', '/b2c/fiat/method', {
        depositAddress: stranger,
        currency,
        fiatCurrency: 'RUB',
      });
      expect(ours.status).toBe(200);
      expect([theirs.status, theirs.body]).toEqual([ours.status, ours.body]);
      const ourQuote = await quote(t, { externalId: customer, currency, fiatAmount: '5000' });
      const theirQuote = await quote(t, { externalId: stranger, currency, fiatAmount: '5000' });
      expect(ourQuote.status, JSON.stringify(ourQuote.body)).toBe(200);
      expect([theirQuote.status, shapeOf(theirQuote.body)]).toEqual([ourQuote.status, shapeOf(ourQuote.body)]);
    }
  });

  it('an address of another network, or no address at all, is refused alike for both (format only)', async () => {
    const { customer } = pairs[0]!; // a BTC address
    const stranger = pairs[0]!.stranger;
    for (const address of [customer, stranger]) {
      const wrong = await quote(t, { externalId: address, currency: 'ETH', fiatAmount: '5000' });
      expect([wrong.status, wrong.body.code, wrong.body.field]).toEqual([400, 'INVALID_ADDRESS', 'externalId']);
      const method = await buyCall(t, 'POST', '/b2c/fiat/method', {
        depositAddress: address,
        currency: 'ETH',
        fiatCurrency: 'RUB',
      });
      expect([method.status, method.body.code, method.body.field]).toEqual([400, 'INVALID_ADDRESS', 'depositAddress']);
    }
    for (const path of ['/b2c/fiat/geo', '/b2c/fiat/availability']) {
      const garbage = await buyCall(t, 'GET', `${path}?depositAddress=not-an-address`);
      expect([garbage.status, garbage.body.code, garbage.body.field]).toEqual([
        400,
        'INVALID_ADDRESS',
        'depositAddress',
      ]);
    }
  });

  it("an order is created only for a customer's address; a stranger's is refused as a forged rate id is, and nothing is stored", async () => {
    const { currency, customer, stranger } = pairs[0]!;
    const theirs = await quoteOk(t, { externalId: stranger, currency, fiatAmount: '5000' });
    const key = newKey();
    const refused = await buyOrder(t, {
      depositAddress: stranger,
      rateId: theirs.fixedRateId,
      amountInFiat: '5000',
      idempotencyKey: key,
    });
    const forged = await buyOrder(t, { depositAddress: customer, rateId: randomUUID(), amountInFiat: '5000' });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual(forged.body);
    expect(refused.body).toMatchObject({ code: 'RATE_NOT_FOUND', field: 'rateId' });
    expect(await t.db.select().from(buyOrders).where(eq(buyOrders.idempotencyKey, key))).toEqual([]);
    // The customer's own quote still buys.
    const ours = await quoteOk(t, { externalId: customer, currency, fiatAmount: '5000' });
    const placed = await buyOrder(t, { depositAddress: customer, rateId: ours.fixedRateId, amountInFiat: '5000' });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    // A customer's rate id used with a stranger's address is the same refusal.
    const swapped = await buyOrder(t, { depositAddress: stranger, rateId: ours.fixedRateId, amountInFiat: '5000' });
    expect(swapped.body).toEqual(forged.body);
  });
});
