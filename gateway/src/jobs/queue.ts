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

/**
 * Before a call that cannot be taken back (a message out, no idempotency key): true when this claim is
 * still the job's latest (no worker claimed it since, `attempts` unchanged) and it now holds a whole lease
 * again. False: another worker took the job after this claim's lease ran out, so this one must not call.
 */
export async function renewClaim(
  ex: Executor,
  job: { kind: string; key: string; attempts: number },
  leaseMs: number,
): Promise<boolean> {
  const { rows } = (await ex.execute(sql`update jobs set run_at = now() + make_interval(secs => ${leaseMs / 1000})
    where kind = ${job.kind} and key = ${job.key} and attempts = ${job.attempts} and finished_at is null
    returning 1 as ok`)) as unknown as { rows: unknown[] };
  return rows.length > 0;
}
