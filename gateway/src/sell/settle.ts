import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { sellOrders, walletTransactions } from '../db/schema/index.js';
import { finishJob } from '../jobs/queue.js';
import { postHold, voidHold } from '../ledger/transfers.js';
import { enqueueNotification } from '../notifications/outbox.js';

/**
 * The payout's outcome, in one transaction guarded by the order's state: the hold is posted
 * (COMPLETED) or voided (FAILED) once, whatever runs it twice; the ledger's unique pending_id is the
 * backstop. The history row follows the order.
 */
export async function resolveSell(
  db: Db,
  orderId: string,
  outcome: 'COMPLETED' | 'FAILED',
  reason?: string,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    // The job row first, as the worker's claim takes it (jobs, then orders): the other order of locks
    // deadlocked against a claim on PostgreSQL (40P01 with five concurrent settlements and the worker).
    await tx.execute(
      sql`select 1 from jobs where kind = 'sell-payout' and key = ${orderId} and finished_at is null for update`,
    );
    const [moved] = await tx
      .update(sellOrders)
      .set({
        state: outcome,
        updatedAt: sql`now()`,
        ...(outcome === 'COMPLETED' ? { completedAt: sql`now()` } : { failureReason: reason ?? 'failed' }),
      })
      .where(and(eq(sellOrders.id, orderId), eq(sellOrders.state, 'IN_PROGRESS')))
      .returning();
    if (moved) {
      if (moved.holdTransferId !== null) {
        if (outcome === 'COMPLETED') await postHold(tx, { pendingId: moved.holdTransferId });
        else await voidHold(tx, { pendingId: moved.holdTransferId });
      }
      if (moved.walletTransactionId) {
        await tx
          .update(walletTransactions)
          .set({
            state: outcome,
            updatedAt: sql`now()`,
            ...(outcome === 'COMPLETED' ? { completedAt: sql`now()` } : {}),
          })
          .where(eq(walletTransactions.id, moved.walletTransactionId));
      }
      // Told once, with the payout's outcome (issue 24).
      await enqueueNotification(tx, {
        accountId: moved.accountId,
        event: outcome === 'COMPLETED' ? 'sell.paid' : 'sell.failed',
        ref: moved.id,
        data: {
          ...(moved.walletTransactionId ? { transactionId: moved.walletTransactionId, transactionType: 'C2F' } : {}),
          currency: moved.currency,
          amountMinor: String(moved.amount),
          fiatCurrency: moved.fiatCurrency,
          fiatAmountMinor: String(moved.fiatAmount),
        },
      });
    }
    await finishJob(tx, 'sell-payout', orderId, reason ?? null);
    return moved !== undefined;
  });
}
