import { eq } from 'drizzle-orm';
import { swapOrders } from '../db/schema/index.js';
import { createJobWorker, type JobLogger, type JobSettings } from '../jobs/engine.js';
import { SWAP_SETTLEMENT_JOB, settleHeld, type ConfirmDeps } from './confirm.js';

export type SettlementLogger = JobLogger;

export interface SwapSettlementOptions extends ConfirmDeps {
  /** config.jobs.swapSettlement. */
  settings: JobSettings;
  log?: SettlementLogger;
}

/**
 * Finishes held swaps on the job engine, one job per order (queued by swap_hold with the hold): a
 * provider that settles later is asked every poll, and a confirm that died after its hold is
 * settled after the lease. Each order is its own job, claimed with SKIP LOCKED and run side by side
 * with the others, so orders still pending at a slow provider delay no order behind them (the old
 * pass re-read the first twenty IN_PROGRESS orders, one after another). The provider is asked
 * outside any transaction; its answer is written under the order's row lock by swap_settle, which
 * ends the job, so a second answer (a retried confirm, a second replica) changes nothing.
 */
export function createSwapSettlementWorker(opts: SwapSettlementOptions) {
  const deps: ConfirmDeps = { ...opts, settlement: opts.settings };
  return createJobWorker({
    db: opts.db,
    kind: SWAP_SETTLEMENT_JOB,
    settings: opts.settings,
    handle: async (job) => {
      const [order] = await opts.db.select().from(swapOrders).where(eq(swapOrders.id, job.key));
      if (!order || order.state !== 'IN_PROGRESS') return { done: true };
      const { pending } = await settleHeld(deps, order);
      return pending ? { retryInMs: opts.settings.pollMs } : undefined;
    },
    ...(opts.log ? { log: opts.log } : {}),
  });
}

export type SwapSettlementWorker = ReturnType<typeof createSwapSettlementWorker>;
