import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { sellJobs, sellOrders, type SellOrderRow } from '../db/schema/index.js';
import { PayoutsUnavailableError, type PayoutProvider } from './payout.js';
import { resolveSell } from './settle.js';

export interface SellWorkerLogger {
  error(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
}

export interface SellWorkerOptions {
  db: Db;
  payouts: PayoutProvider;
  pollMs: number;
  /** How long a claim keeps other workers off a job; a worker that died lets it go after this. */
  leaseMs: number;
  batch?: number;
  log?: SellWorkerLogger;
}

interface Claimed {
  o: SellOrderRow;
  submit: boolean;
}

/**
 * As the withdrawal worker: due jobs claimed with SKIP LOCKED, and in the same transaction every
 * order never offered to the provider is marked; only the claim that made the mark submits, so a
 * payout is submitted at most once whatever crashes. Every later claim asks the provider's status.
 */
async function claim(db: Db, leaseMs: number, batch: number): Promise<Claimed[]> {
  return db.transaction(async (tx) => {
    const jobs = await tx
      .select({ id: sellJobs.orderId })
      .from(sellJobs)
      .where(and(isNull(sellJobs.finishedAt), lte(sellJobs.runAt, sql`now()`)))
      .orderBy(asc(sellJobs.runAt))
      .limit(batch)
      .for('update', { skipLocked: true });
    if (jobs.length === 0) return [];
    const ids = jobs.map((j) => j.id);
    await tx
      .update(sellJobs)
      .set({ runAt: sql`now() + make_interval(secs => ${leaseMs / 1000})`, attempts: sql`${sellJobs.attempts} + 1` })
      .where(inArray(sellJobs.orderId, ids));
    const marked = await tx
      .update(sellOrders)
      .set({ payoutAttemptedAt: sql`now()`, updatedAt: sql`now()` })
      .where(
        and(inArray(sellOrders.id, ids), isNull(sellOrders.payoutAttemptedAt), eq(sellOrders.state, 'IN_PROGRESS')),
      )
      .returning({ id: sellOrders.id });
    const first = new Set(marked.map((m) => m.id));
    const rows = await tx.select().from(sellOrders).where(inArray(sellOrders.id, ids));
    return rows.map((o) => ({ o, submit: first.has(o.id) }));
  });
}

async function reschedule(db: Db, id: string, ms: number, lastError: string | null = null) {
  await db
    .update(sellJobs)
    .set({ runAt: sql`now() + make_interval(secs => ${ms / 1000})`, lastError })
    .where(and(eq(sellJobs.orderId, id), isNull(sellJobs.finishedAt)));
}

async function run(opts: SellWorkerOptions, { o, submit }: Claimed): Promise<void> {
  const { db, payouts, pollMs } = opts;
  if (o.state !== 'IN_PROGRESS') return void (await resolveSell(db, o.id, 'FAILED', 'already resolved'));
  if (submit) {
    try {
      await payouts.submit({
        reference: o.id,
        vaultToken: o.vaultToken,
        fiatCurrency: o.fiatCurrency,
        fiatAmount: o.fiatAmount,
      });
    } catch (err) {
      // Refused outright: nothing was accepted, so the crypto goes back now.
      if (err instanceof PayoutsUnavailableError) return void (await resolveSell(db, o.id, 'FAILED', err.message));
      opts.log?.warn(
        { err: { message: (err as Error)?.message }, sell: o.id },
        'payout submission outcome unknown; following up',
      );
    }
    return reschedule(db, o.id, pollMs);
  }
  const status = await payouts.status(o.id);
  // Marked as attempted, yet the provider never saw it: the attempt died before it was sent.
  if (status === 'UNKNOWN')
    return void (await resolveSell(db, o.id, 'FAILED', 'The payout never reached the provider'));
  if (status === 'COMPLETED') return void (await resolveSell(db, o.id, 'COMPLETED'));
  if (status === 'FAILED')
    return void (await resolveSell(db, o.id, 'FAILED', 'The payout provider could not pay out to the card'));
  return reschedule(db, o.id, pollMs);
}

/** The payout worker: started with the app; on start it picks up every unfinished job whose lease ran out. */
export function createSellWorker(opts: SellWorkerOptions) {
  const batch = opts.batch ?? 50;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = true;

  async function tick(): Promise<number> {
    const claimed = await claim(opts.db, opts.leaseMs, batch);
    await Promise.all(
      claimed.map(async (c) => {
        try {
          await run(opts, c);
        } catch (err) {
          opts.log?.error(
            { err: { message: (err as Error)?.message }, sell: c.o.id },
            'sell payout job failed; retrying',
          );
          await reschedule(opts.db, c.o.id, opts.pollMs, String((err as Error)?.message ?? err)).catch(() => {});
        }
      }),
    );
    return claimed.length;
  }

  const schedule = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      timer = undefined;
      running = (async () => {
        let busy = false;
        try {
          busy = (await tick()) === batch;
        } catch (err) {
          opts.log?.error({ err: { message: (err as Error)?.message } }, 'sell worker: tick failed');
        }
        running = undefined;
        schedule(busy ? 0 : opts.pollMs);
      })();
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
    kick() {
      if (stopped || running || !timer) return;
      clearTimeout(timer);
      schedule(0);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}

export type SellWorker = ReturnType<typeof createSellWorker>;
