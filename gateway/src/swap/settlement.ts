import { asc, eq } from 'drizzle-orm';
import { swapOrders } from '../db/schema/index.js';
import { resolveHeldOrder, type ConfirmDeps } from './confirm.js';

export interface SettlementLogger {
  error(obj: unknown, msg?: string): void;
}

export interface SwapSettlementOptions extends ConfirmDeps {
  pollMs: number;
  batch?: number;
  log?: SettlementLogger;
}

/**
 * Finishes swaps an asynchronous provider settles later. Each order is handled in its own
 * transaction under its row lock (SKIP LOCKED, so two workers or a confirm never meet on it): ask
 * the provider, then post the hold and credit the destination, or void the hold, and only then leave
 * IN_PROGRESS. A kill -9 anywhere rolls that transaction back; the state is read from the database
 * on every pass, so after a restart the next pass finishes the order exactly once.
 */
export function createSwapSettlementWorker(opts: SwapSettlementOptions) {
  const batch = opts.batch ?? 20;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let stopped = true;

  async function settleOne(id: string): Promise<boolean> {
    return opts.db.transaction(async (tx) => {
      const [order] = await tx
        .select()
        .from(swapOrders)
        .where(eq(swapOrders.id, id))
        .for('update', { skipLocked: true });
      if (!order || order.state !== 'IN_PROGRESS') return false;
      const status = await opts.provider.status(order.providerRef!);
      if ('pending' in status) return false;
      await resolveHeldOrder(opts, tx, order, status);
      return true;
    });
  }

  /** One pass over the open orders; answers how many it settled. */
  async function tick(): Promise<number> {
    const open = await opts.db
      .select({ id: swapOrders.id })
      .from(swapOrders)
      .where(eq(swapOrders.state, 'IN_PROGRESS'))
      .orderBy(asc(swapOrders.confirmedAt))
      .limit(batch);
    let settled = 0;
    for (const { id } of open) {
      try {
        if (await settleOne(id)) settled += 1;
      } catch (err) {
        opts.log?.error({ err, order: id }, 'swap settlement failed; retrying on the next pass');
      }
    }
    return settled;
  }

  const schedule = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      timer = undefined;
      running = tick().catch((err) => {
        opts.log?.error({ err }, 'swap settlement pass failed');
        return 0;
      });
      void running.then(() => {
        running = undefined;
        schedule(opts.pollMs);
      });
    }, ms);
    timer.unref?.();
  };

  return {
    tick,
    start() {
      if (!stopped) return;
      stopped = false;
      schedule(0);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}

export type SwapSettlementWorker = ReturnType<typeof createSwapSettlementWorker>;
