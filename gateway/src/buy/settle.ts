import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { buyOrders, type BuyOrder } from '../db/schema/index.js';
import { DomainError, invalid } from '../domain/errors.js';
import { enqueueNotification } from '../notifications/outbox.js';
import { reportDeposit } from '../wallet/deposits.js';
import type { PaymentEvent } from './acquirer.js';

/** A card buy's deposit key names its order in place of a chain hash (migration 0018 matches on it). */
export const CARD_BUY_HASH_PREFIX = 'card-buy-';

/** The ledger source of every card buy: what the acquirer owes us, shard by shard. */
export const CARD_BUY_CLEARING = 'card-buys';

const FAILURE_OF = { DECLINED: 'DECLINED', FAILED: 'PAYMENT_FAILED', CANCELLED: 'CANCELLED' } as const;

/** The deposit the purchase shows as in history (spec §3: an F2C row): one per order, no chain hash. */
const depositOf = (order: BuyOrder, status: 'IN_PROGRESS' | 'COMPLETED' | 'FAILED') => ({
  currency: order.currency,
  address: order.depositAddress,
  txHash: `${CARD_BUY_HASH_PREFIX}${order.id}`,
  outputIndex: 0,
  amountMinor: order.cryptoAmount,
  confirmations: status === 'COMPLETED' ? 1 : 0,
  requiredConfirmations: 1,
  status,
  clearing: CARD_BUY_CLEARING,
  onChain: false,
  transactionType: 'F2C' as const,
});

/**
 * Applies one acquirer callback. Exactly once however often it arrives: the order row is locked,
 * final states (COMPLETED, FAILED) never move again, and the credit itself goes through the chain's
 * deposit path under the key of this order, which posts one ledger transfer at most. PROCESSING
 * shows the purchase as Buying · In progress; PAID credits it (Bought); a refusal credits nothing.
 */
export async function applyPaymentEvent(db: Db, event: PaymentEvent): Promise<{ order: BuyOrder; changed: boolean }> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(buyOrders).where(eq(buyOrders.id, event.orderId)).for('update');
    if (!order) throw new DomainError('not_found', 'BUY_ORDER_NOT_FOUND', 'No such order', { field: 'orderId' });
    if (
      order.paymentId !== event.paymentId ||
      order.fiatAmount !== event.amount ||
      order.fiatCurrency !== event.fiatCurrency
    ) {
      throw invalid('PAYMENT_MISMATCH', 'The payment does not match the order', 'paymentId');
    }
    if (order.state === 'COMPLETED' || order.state === 'FAILED') return { order, changed: false };
    if (event.status === 'PROCESSING' && order.state === 'PROCESSING') return { order, changed: false };

    let state: BuyOrder['state'];
    let failureReason: string | null = null;
    let transactionId = order.transactionId;
    if (event.status === 'PROCESSING' || event.status === 'PAID') {
      state = event.status === 'PAID' ? 'COMPLETED' : 'PROCESSING';
      transactionId = (await reportDeposit(tx, depositOf(order, state === 'COMPLETED' ? 'COMPLETED' : 'IN_PROGRESS')))
        .transactionId;
    } else {
      state = 'FAILED';
      failureReason = FAILURE_OF[event.status];
      // Shown as In progress already: now "failed to buy", with nothing credited.
      if (transactionId) await reportDeposit(tx, depositOf(order, 'FAILED'));
      // Told once, with the refusal (issue 24); a credit is told by the deposit path.
      await enqueueNotification(tx, {
        accountId: order.accountId,
        event: 'buy.declined',
        ref: order.id,
        data: {
          ...(transactionId ? { transactionId, transactionType: 'F2C' } : {}),
          currency: order.currency,
          amountMinor: String(order.cryptoAmount),
        },
      });
    }
    const [updated] = await tx
      .update(buyOrders)
      .set({
        state,
        failureReason,
        transactionId,
        updatedAt: sql`now()`,
        ...(event.maskedCard ? { maskedCard: event.maskedCard } : {}),
      })
      .where(eq(buyOrders.id, order.id))
      .returning();
    return { order: updated!, changed: true };
  });
}
