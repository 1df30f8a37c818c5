import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { buyOrders, type BuyOrder } from '../db/schema/index.js';
import { DomainError, invalid } from '../domain/errors.js';
import { addressKey } from '../wallet/addresses.js';
import { formatAmount } from '../wallet/amounts.js';
import { coinDecimals } from '../wallet/catalogue.js';
import { buyReturnPath, type BuyOrderRequest, type BuyOrderStatus } from '../../../contracts/buy.js';
import { FIAT_DECIMALS, parseRate } from './pricing.js';
import { clockOf, findRate, methodOf, priceAt, type BuyDeps } from './quotes.js';
import { buyerOf, coinFor } from './wallets.js';

export function orderView(o: BuyOrder): BuyOrderStatus {
  return {
    orderId: o.id,
    state: o.state,
    failureReason: (o.failureReason as BuyOrderStatus['failureReason']) ?? null,
    currency: o.currency,
    cryptoAmount: formatAmount(o.cryptoAmount, coinDecimals(o.currency)),
    fiatCurrency: o.fiatCurrency,
    fiatAmount: formatAmount(o.fiatAmount, FIAT_DECIMALS),
    rate: o.rate,
    transactionId: o.transactionId,
    createdAt: o.createdAt.toISOString(),
    updatedAt: o.updatedAt.toISOString(),
  };
}

async function byKey(db: Executor, key: string): Promise<BuyOrder | undefined> {
  const [row] = await db.select().from(buyOrders).where(eq(buyOrders.idempotencyKey, key));
  return row;
}

const hashOf = (r: BuyOrderRequest) =>
  createHash('sha256')
    .update(
      JSON.stringify([
        r.depositAddress,
        r.fiatCurrency,
        r.fiatSettingsItemId,
        r.rateId,
        r.amountInCrypto ?? null,
        r.amountInFiat ?? null,
      ]),
    )
    .digest('hex');

function replayOf(existing: BuyOrder, requestHash: string) {
  if (existing.requestHash !== requestHash) {
    throw new DomainError(
      'conflict',
      'IDEMPOTENCY_CONFLICT',
      'This idempotencyKey was already used for a different order',
      { field: 'idempotencyKey' },
    );
  }
  if (!existing.paymentUrl) throw new Error(`buy order ${existing.id} has no payment url`);
  return { order: existing, url: existing.paymentUrl, replayed: true };
}

const rateNotFound = () => invalid('RATE_NOT_FOUND', 'Unknown rate id: fetch a new quote', 'rateId');

/**
 * POST /b2c/order. The key is looked at first, so a retry answers the first order even after its
 * rate expired. A new order is inserted and its payment session opened in one transaction: a
 * concurrent twin with the same key waits on the unique index and then reads the committed row,
 * payment url included; if the acquirer fails, no order is left behind and the retry starts over.
 */
export async function createBuyOrder(
  deps: BuyDeps,
  input: BuyOrderRequest,
): Promise<{ order: BuyOrder; url: string; replayed: boolean }> {
  const requestHash = hashOf(input);
  const earlier = await byKey(deps.db, input.idempotencyKey);
  if (earlier) return replayOf(earlier, requestHash);

  const rate = await findRate(deps.db, input.rateId);
  if (!rate) throw rateNotFound();
  const coin = coinFor(deps.config, rate.currency, input.depositAddress, {
    currency: 'rateId',
    address: 'depositAddress',
  });
  // A rate issued for another address, coin, fiat or method is as good as unknown: say nothing more.
  if (
    rate.network !== coin.network ||
    rate.addressKey !== addressKey(coin.network, input.depositAddress) ||
    rate.fiatCurrency !== input.fiatCurrency ||
    rate.fiatSettingsItemId !== input.fiatSettingsItemId
  )
    throw rateNotFound();
  // Quotes are given for any well-formed address (no membership oracle before this step). Only a
  // deposit address of this wallet gets an order; anyone else's is refused with the very answer a
  // forged or mismatched rate id gets, so the refusal names no address.
  const buyer = await buyerOf(deps.db, coin, input.depositAddress);
  if (!buyer) throw rateNotFound();
  const { accountId, address } = buyer;
  const method = methodOf(deps.acquirer, rate.geoId, 'fiatSettingsItemId');
  if (method.fiatSettingsItemId !== input.fiatSettingsItemId)
    throw invalid('UNKNOWN_FIAT_SETTINGS', 'Unknown payment method', 'fiatSettingsItemId');
  const now = await clockOf(deps);
  if (now.getTime() >= rate.expiresAt.getTime())
    throw invalid('RATE_EXPIRED', 'The rate has expired: fetch a new quote', 'rateId');

  const amountField = input.amountInFiat !== undefined ? 'amountInFiat' : 'amountInCrypto';
  const { fiatAmount, cryptoAmount } = priceAt(
    parseRate(rate.rate),
    coin.decimals,
    { crypto: input.amountInCrypto, fiat: input.amountInFiat },
    { crypto: 'amountInCrypto', fiat: 'amountInFiat' },
  );
  if (fiatAmount < method.minAmount || fiatAmount > method.maxAmount) {
    const f = (v: bigint) => formatAmount(v, FIAT_DECIMALS);
    throw invalid(
      'BUY_LIMIT',
      `The amount must be from ${f(method.minAmount)} to ${f(method.maxAmount)} ${method.fiatCurrency}`,
      amountField,
    );
  }
  if (cryptoAmount <= 0n) throw invalid('INVALID_AMOUNT', 'The amount is too small to buy', amountField);

  const payBefore = new Date(now.getTime() + deps.config.buyPaymentTtlSeconds * 1000);
  const created = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(buyOrders)
      .values({
        accountId,
        currency: coin.currency,
        depositAddress: address,
        fiatCurrency: method.fiatCurrency,
        geoId: method.geoId,
        fiatSettingsItemId: method.fiatSettingsItemId,
        rateId: rate.id,
        rate: rate.rate,
        fiatAmount,
        cryptoAmount,
        idempotencyKey: input.idempotencyKey,
        requestHash,
        acquirer: deps.acquirer.name,
        payBefore,
      })
      .onConflictDoNothing({ target: buyOrders.idempotencyKey })
      .returning();
    if (!row) return undefined;
    const session = await deps.acquirer.createPayment({
      orderId: row.id,
      amount: fiatAmount,
      fiatCurrency: method.fiatCurrency,
      description: `${formatAmount(cryptoAmount, coin.decimals)} ${coin.currency}`,
      returnUrl: `${deps.config.publicUrl}${buyReturnPath(row.id)}`,
      payBefore,
    });
    const [updated] = await tx
      .update(buyOrders)
      .set({ paymentId: session.paymentId, paymentUrl: session.url })
      .where(eq(buyOrders.id, row.id))
      .returning();
    return updated!;
  });
  if (!created) return replayOf((await byKey(deps.db, input.idempotencyKey))!, requestHash);
  return { order: created, url: created.paymentUrl!, replayed: false };
}

/** GET /b2c/order/{orderId}: an unpaid order past its payment window fails as EXPIRED here. */
export async function buyOrderStatus(deps: Pick<BuyDeps, 'db' | 'now'>, orderId: string): Promise<BuyOrder> {
  const notFound = new DomainError('not_found', 'BUY_ORDER_NOT_FOUND', 'No such order', { field: 'orderId' });
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(orderId)) throw notFound;
  const [row] = await deps.db.select().from(buyOrders).where(eq(buyOrders.id, orderId));
  if (!row) throw notFound;
  if (row.state !== 'NEW' || (await clockOf(deps)).getTime() < row.payBefore.getTime()) return row;
  const [expired] = await deps.db
    .update(buyOrders)
    .set({ state: 'FAILED', failureReason: 'EXPIRED', updatedAt: new Date() })
    .where(and(eq(buyOrders.id, orderId), eq(buyOrders.state, 'NEW')))
    .returning();
  return expired ?? (await deps.db.select().from(buyOrders).where(eq(buyOrders.id, orderId)))[0]!;
}
