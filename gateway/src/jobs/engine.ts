import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { finishJob, rescheduleJob } from './queue.js';

/** A worker's settings, from config.ts (config.jobs.<worker>): nothing borrowed from another worker. */
export interface JobSettings {
  /** The idle poll: how long the loop sleeps when nothing was due. */
  pollMs: number;
  /**
   * How long a claim keeps other workers off a job. A worker that dies mid-job (kill -9) lets it go
   * when this runs out, so it must exceed the longest call a handler makes.
   */
  leaseMs: number;
  /** Jobs claimed at once; they run side by side. */
  batch: number;
  /** After a handler throws: min(maxMs, baseMs × 2^(attempts − 1)). */
  backoff: { baseMs: number; maxMs: number };
}

export interface ClaimedJob<P = unknown> {
  kind: string;
  key: string;
  payload: P;
  /** Claims so far, this one included. */
  attempts: number;
}

/**
 * What became of a run. Nothing (undefined) leaves the claim's `run_at` (one lease ahead) standing:
 * a periodic job whose lease is its period needs no second write, and a handler that rescheduled or
 * finished the job in its own statement (with the money it moved) returns nothing too.
 */
export type JobResult = { done: true; error?: string } | { retryInMs: number; error?: string } | undefined;

export interface JobLogger {
  error(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
  info?(obj: unknown, msg?: string): void;
}

export interface JobWorkerOptions<P> {
  db: Db;
  kind: string;
  settings: JobSettings;
  handle: (job: ClaimedJob<P>) => Promise<JobResult | void>;
  log?: JobLogger;
}

/**
 * Due jobs of one kind in one statement: locked with FOR UPDATE SKIP LOCKED (two workers never take
 * the same row, and neither waits for the other), pushed one lease ahead and counted.
 */
export async function claimJobs<P>(db: Db, kind: string, leaseMs: number, batch: number): Promise<ClaimedJob<P>[]> {
  const { rows } = (await db.execute(sql`update jobs j
      set run_at = now() + make_interval(secs => ${leaseMs / 1000}), attempts = j.attempts + 1
    from (select d.kind, d.key from jobs d
      where d.kind = ${kind} and d.finished_at is null and d.run_at <= now()
      order by d.run_at limit ${batch}
      for update skip locked) due
    where j.kind = due.kind and j.key = due.key
    returning j.key, j.payload, j.attempts`)) as unknown as {
    rows: { key: string; payload: P; attempts: number }[];
  };
  return rows.map((r) => ({ kind, key: r.key, payload: r.payload, attempts: Number(r.attempts) }));
}

export const backoffMs = (settings: JobSettings, attempts: number) =>
  Math.min(settings.backoff.maxMs, settings.backoff.baseMs * 2 ** Math.min(Math.max(attempts - 1, 0), 30));

/**
 * One worker of the job engine: a loop that claims due jobs of its kind and runs them side by side.
 * Started with the app and stopped on close. Recovery needs no special path: on start it claims
 * every unfinished job whose lease has run out. A full batch loops at once; otherwise it sleeps
 * pollMs, or less when kicked (a job was just enqueued).
 */
export function createJobWorker<P = unknown>(opts: JobWorkerOptions<P>) {
  const { db, kind, settings, log } = opts;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = true;

  async function runOne(job: ClaimedJob<P>) {
    try {
      const result = await opts.handle(job);
      if (!result) return;
      if ('done' in result) await finishJob(db, kind, job.key, result.error ?? null);
      else await rescheduleJob(db, kind, job.key, result.retryInMs, result.error ?? null);
    } catch (err) {
      const message = String((err as Error)?.message ?? err);
      log?.error(
        { err: { message }, kind, key: job.key, attempts: job.attempts },
        'job failed; retrying after a backoff',
      );
      await rescheduleJob(db, kind, job.key, backoffMs(settings, job.attempts), message).catch(() => {});
    }
  }

  /** One pass: claim and run a batch; answers how many were claimed. */
  async function tick(): Promise<number> {
    const claimed = await claimJobs<P>(db, kind, settings.leaseMs, settings.batch);
    await Promise.all(claimed.map(runOne));
    return claimed.length;
  }

  const schedule = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      timer = undefined;
      running = (async () => {
        let busy = false;
        try {
          busy = (await tick()) === settings.batch;
        } catch (err) {
          log?.error({ err: { message: (err as Error)?.message }, kind }, 'job worker: claim failed');
        }
        running = undefined;
        schedule(busy ? 0 : settings.pollMs);
      })();
    }, ms);
    timer.unref?.();
  };

  return {
    kind,
    /** One pass by hand (tests); the timer keeps running its own. */
    tick,
    start() {
      if (!stopped) return;
      stopped = false;
      schedule(0);
    },
    /** Look now instead of at the next poll, e.g. right after a job was enqueued. */
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

export type JobWorker = ReturnType<typeof createJobWorker>;
