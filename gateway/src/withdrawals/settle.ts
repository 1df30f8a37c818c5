import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { walletTransactions, withdrawals, type Withdrawal } from '../db/schema/index.js';
import { finishJob } from '../jobs/queue.js';
import { postHold, voidHold } from '../ledger/transfers.js';
import { enqueueNotification } from '../notifications/outbox.js';

/**
 * The worker's writes. Each is one transaction guarded by the withdrawal's state, so running one
 * twice (two workers after a lease ran out, a retry after a crash) changes nothing the second time;
 * postHold/voidHold are idempotent too and the ledger's unique pending_id is the final backstop.
 */

/**
 * The network accepted the broadcast: remember its hash (first one wins), show it in history and, when
 * `followInMs` is given, schedule the first follow-up, all in one statement (a transaction of two
 * updates and a reschedule before: four round trips on a path every external send takes once).
 */
export async function recordBroadcast(
  db: Db,
  w: Withdrawal,
  txHash: string,
  requiredConfirmations?: number,
  followInMs?: number,
): Promise<void> {
  await db.execute(sql`with sent as (
      update withdrawals set tx_hash = ${txHash}, broadcast_at = now(), updated_at = now()
      where id = ${w.id}::uuid and tx_hash is null
      returning 1),
    history as (
      update wallet_transactions set hash = ${txHash}, required_confirmations = ${requiredConfirmations ?? null}::int, updated_at = now()
      where id = ${w.walletTransactionId}::uuid and hash is null
      returning 1)
    update jobs set run_at = now() + make_interval(secs => ${(followInMs ?? 0) / 1000}), last_error = null
    where kind = 'withdrawal' and key = ${w.id} and finished_at is null and ${followInMs !== undefined}::boolean`);
}

/**
 * An in-flight send followed up: its confirmations so far into the history row and the next
 * follow-up scheduled, in one statement (one round trip where there were two, on a path every
 * external send takes once per block until it completes). The history row is rewritten only when its
 * confirmations changed, so a send waiting for its next block leaves no new row version behind.
 */
export async function recordProgress(
  db: Db,
  w: Withdrawal,
  seen: { confirmations: number; requiredConfirmations: number },
  followInMs: number,
): Promise<void> {
  await db.execute(sql`with progress as (
      update wallet_transactions set confirmations = ${seen.confirmations}::int, required_confirmations = ${seen.requiredConfirmations}::int, updated_at = now()
      where id = ${w.walletTransactionId}::uuid and state = 'IN_PROGRESS'
        and (confirmations, required_confirmations) is distinct from (${seen.confirmations}::int, ${seen.requiredConfirmations}::int)
      returning 1)
    update jobs set run_at = now() + make_interval(secs => ${followInMs / 1000}), last_error = null
    where kind = 'withdrawal' and key = ${w.id} and finished_at is null`);
}

async function resolve(
  db: Db,
  w: Pick<Withdrawal, 'id'>,
  outcome: 'COMPLETED' | 'FAILED',
  detail: { reason?: string; confirmations?: number },
) {
  return db.transaction(async (tx) => {
    const [moved] = await tx
      .update(withdrawals)
      .set({
        state: outcome,
        updatedAt: sql`now()`,
        ...(outcome === 'COMPLETED' ? { completedAt: sql`now()` } : { failureReason: detail.reason ?? 'failed' }),
      })
      .where(and(eq(withdrawals.id, w.id), eq(withdrawals.state, 'IN_PROGRESS')))
      .returning();
    if (moved) {
      for (const pendingId of [moved.holdTransferId, moved.feeHoldTransferId]) {
        if (pendingId === null) continue;
        if (outcome === 'COMPLETED') await postHold(tx, { pendingId });
        else await voidHold(tx, { pendingId });
      }
      if (moved.walletTransactionId) {
        await tx
          .update(walletTransactions)
          .set({
            state: outcome,
            updatedAt: sql`now()`,
            ...(detail.confirmations !== undefined ? { confirmations: detail.confirmations } : {}),
            ...(outcome === 'COMPLETED' ? { completedAt: sql`now()` } : {}),
          })
          .where(eq(walletTransactions.id, moved.walletTransactionId));
      }
      // Told once, with the settlement (issue 24).
      await enqueueNotification(tx, {
        accountId: moved.accountId,
        event: outcome === 'COMPLETED' ? 'send.completed' : 'send.failed',
        ref: moved.id,
        data: {
          ...(moved.walletTransactionId
            ? { transactionId: moved.walletTransactionId, transactionType: 'WITHDRAWAL' }
            : {}),
          currency: moved.currency,
          amountMinor: String(moved.amount),
        },
      });
    }
    await finishJob(tx, 'withdrawal', w.id, detail.reason ?? null);
    return moved !== undefined;
  });
}

/** Confirmed on chain: the holds are posted (the money leaves for good). */
export function completeWithdrawal(db: Db, w: Pick<Withdrawal, 'id'>, confirmations?: number): Promise<boolean> {
  return resolve(db, w, 'COMPLETED', { confirmations });
}

/** Refused or never sent: the holds are voided (the money is available again), history says FAILED. */
export function failWithdrawal(db: Db, w: Pick<Withdrawal, 'id'>, reason: string): Promise<boolean> {
  return resolve(db, w, 'FAILED', { reason });
}
