import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';

/**
 * The jobs table's writes outside a worker's own loop (gateway/src/jobs/engine.ts runs the loop).
 * Each takes an Executor, so a job is enqueued, rescheduled or finished in the same transaction as
 * the money it is about: a send's job commits with its holds, a payout's with its order.
 */

/** A job, created once: enqueueing a (kind, key) that exists changes nothing (a replay, a second replica). */
export async function enqueueJob(
  ex: Executor,
  job: { kind: string; key: string; payload?: unknown; delayMs?: number },
): Promise<void> {
  await ex.execute(sql`insert into jobs (kind, key, payload, run_at)
    values (${job.kind}, ${job.key}, ${job.payload === undefined ? null : JSON.stringify(job.payload)}::jsonb,
      now() + make_interval(secs => ${(job.delayMs ?? 0) / 1000}))
    on conflict (kind, key) do nothing`);
}

/** The job runs again in `inMs` (an unfinished job only; a finished one stays finished). */
export async function rescheduleJob(
  ex: Executor,
  kind: string,
  key: string,
  inMs: number,
  lastError: string | null = null,
): Promise<void> {
  await ex.execute(sql`update jobs set run_at = now() + make_interval(secs => ${inMs / 1000}), last_error = ${lastError}
    where kind = ${kind} and key = ${key} and finished_at is null`);
}

/** The job is done (its outcome, if any, in last_error). Idempotent. */
export async function finishJob(ex: Executor, kind: string, key: string, lastError: string | null = null) {
  await ex.execute(sql`update jobs set finished_at = now(), last_error = ${lastError}
    where kind = ${kind} and key = ${key} and finished_at is null`);
}
