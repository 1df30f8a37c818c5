import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import { BroadcastRejectedError, type ChainAdapter } from '../chain/adapter.js';
import type { Db } from '../db/client.js';
import { withdrawalJobs, withdrawals, type Withdrawal } from '../db/schema/index.js';
import { completeWithdrawal, failWithdrawal, recordBroadcast, recordProgress } from './settle.js';

export interface WorkerLogger {
  error(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
  /** At LOG_LEVEL=info each offer to the network is a line: the replica test counts them per send. */
  info?(obj: unknown, msg?: string): void;
}

export interface WorkerOptions {
  db: Db;
  adapters: ReadonlyMap<string, ChainAdapter>;
  /** The idle poll, and the next look at a send whose broadcast outcome is unknown. */
  pollMs: number;
  /**
   * Time between follow-ups of a broadcast send: one block, as its confirmations change at most once
   * per block (following every half block cost twice the statements for the same news). Defaults to pollMs.
   */
  followMs?: number;
  /**
   * How long a claim keeps other workers off a job. A worker that dies mid-job (kill -9) lets it go
   * when this runs out; it must exceed the adapter's broadcast timeout.
   */
  leaseMs: number;
  batch?: number;
  log?: WorkerLogger;
  /**
   * Sandbox fault injection for the crash tests (SANDBOX_CRASH_POINT): the process SIGKILLs itself
   * right after a claim that marked a broadcast, or right after the network accepted one.
   */
  crashAt?: 'after-claim' | 'after-broadcast';
}

const die = () => process.kill(process.pid, 'SIGKILL');

type Action = 'broadcast' | 'follow';
interface Claimed {
  w: Withdrawal;
  action: Action;
}

/**
 * Claims due jobs with FOR UPDATE SKIP LOCKED and, in the same transaction, marks every withdrawal
 * that was never broadcast as attempted. The claim that made that mark broadcasts; every later claim
 * follows it up, and offers it again only if the network never saw it (the process died between the
 * mark and the send). The adapter's broadcast is idempotent by the withdrawal's id, as re-sending the
 * same signed transaction is on a real chain, so a send reaches the network once whatever crashes.
 */
async function claim(db: Db, leaseMs: number, batch: number): Promise<Claimed[]> {
  return db.transaction(async (tx) => {
    const jobs = await tx
      .select({ id: withdrawalJobs.withdrawalId })
      .from(withdrawalJobs)
      .where(and(isNull(withdrawalJobs.finishedAt), lte(withdrawalJobs.runAt, sql`now()`)))
      .orderBy(asc(withdrawalJobs.runAt))
      .limit(batch)
      .for('update', { skipLocked: true });
    if (jobs.length === 0) return [];
    const ids = jobs.map((j) => j.id);
    await tx
      .update(withdrawalJobs)
      .set({
        runAt: sql`now() + make_interval(secs => ${leaseMs / 1000})`,
        attempts: sql`${withdrawalJobs.attempts} + 1`,
      })
      .where(inArray(withdrawalJobs.withdrawalId, ids));
    const marked = await tx
      .update(withdrawals)
      .set({ broadcastAttemptedAt: sql`now()`, updatedAt: sql`now()` })
      .where(
        and(
          inArray(withdrawals.id, ids),
          isNull(withdrawals.broadcastAttemptedAt),
          eq(withdrawals.state, 'IN_PROGRESS'),
        ),
      )
      .returning({ id: withdrawals.id });
    const first = new Set(marked.map((m) => m.id));
    const rows = await tx.select().from(withdrawals).where(inArray(withdrawals.id, ids));
    return rows.map((w) => ({ w, action: first.has(w.id) ? ('broadcast' as const) : ('follow' as const) }));
  });
}

async function reschedule(db: Db, id: string, ms: number, lastError: string | null = null) {
  await db
    .update(withdrawalJobs)
    .set({ runAt: sql`now() + make_interval(secs => ${ms / 1000})`, lastError })
    .where(and(eq(withdrawalJobs.withdrawalId, id), isNull(withdrawalJobs.finishedAt)));
}

/** One claimed job. Throws only on unexpected errors (the caller reschedules). */
async function run(opts: WorkerOptions, { w, action }: Claimed): Promise<void> {
  const { db, pollMs } = opts;
  const followMs = opts.followMs ?? pollMs;
  if (w.state !== 'IN_PROGRESS') return void (await failWithdrawal(db, w, 'already resolved'));
  const adapter = opts.adapters.get(w.network);
  if (!adapter) return reschedule(db, w.id, Math.max(pollMs, 5000), `no chain adapter for ${w.network}`);

  const offer = async () => {
    let txHash: string;
    try {
      opts.log?.info?.({ withdrawal: w.id }, 'withdrawal broadcast offered');
      ({ txHash } = await adapter.broadcast({
        currency: w.currency,
        toAddress: w.toAddress,
        amountMinor: w.amount,
        reference: w.id,
      }));
      if (opts.crashAt === 'after-broadcast') die();
    } catch (err) {
      if (err instanceof BroadcastRejectedError) return void (await failWithdrawal(db, w, err.message));
      // Outcome unknown: the next claim asks the adapter what happened (and offers it again if nothing).
      opts.log?.warn({ err, withdrawal: w.id }, 'withdrawal broadcast outcome unknown; following up');
      return reschedule(db, w.id, pollMs);
    }
    // Accepted: recorded with the first follow-up, as nothing new can be learnt before the next block.
    return recordBroadcast(db, w, txHash, undefined, followMs);
  };
  if (action === 'broadcast') return offer();

  const seen = await adapter.findBroadcast(w.id);
  // Marked as attempted, yet the network never saw it: the attempt died before it was sent. The user
  // was told the send is accepted, so it goes out now; the same reference makes a late twin a no-op.
  if (!seen) {
    opts.log?.warn(
      { withdrawal: w.id },
      'withdrawal claimed but never broadcast (cut by a crash); broadcasting it now',
    );
    return offer();
  }
  if (!w.txHash) await recordBroadcast(db, w, seen.txHash, seen.requiredConfirmations);
  if (seen.status === 'COMPLETED') return void (await completeWithdrawal(db, w, seen.confirmations));
  if (seen.status === 'FAILED') return void (await failWithdrawal(db, w, 'The network dropped the transaction'));
  // The progress and the next follow-up in one statement (the history row only when it changed).
  return recordProgress(db, w, seen, followMs);
}

/**
 * The withdrawal job worker: started with the app, stopped on close. Recovery needs no special
 * path: on start it claims every unfinished job whose lease has run out, broadcasting the ones never
 * attempted and following up the rest, so each open hold ends posted or voided.
 */
export function createWithdrawalWorker(opts: WorkerOptions) {
  const batch = opts.batch ?? 50;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = true;

  async function tick(): Promise<number> {
    const claimed = await claim(opts.db, opts.leaseMs, batch);
    if (opts.crashAt === 'after-claim' && claimed.some((c) => c.action === 'broadcast')) die();
    await Promise.all(
      claimed.map(async (c) => {
        try {
          await run(opts, c);
        } catch (err) {
          opts.log?.error({ err, withdrawal: c.w.id }, 'withdrawal job failed; retrying');
          await reschedule(opts.db, c.w.id, opts.pollMs, String((err as Error)?.message ?? err)).catch(() => {});
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
          opts.log?.error({ err }, 'withdrawal worker: tick failed');
        }
        running = undefined;
        schedule(busy ? 0 : opts.pollMs);
      })();
    }, ms);
    timer.unref?.();
  };

  return {
    /** One pass by hand (tests); the timer keeps running its own. */
    tick,
    start() {
      if (!stopped) return;
      stopped = false;
      schedule(0);
    },
    /** Run soon, e.g. right after a withdrawal was created. */
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

export type WithdrawalWorker = ReturnType<typeof createWithdrawalWorker>;
