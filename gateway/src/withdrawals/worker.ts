import { sql } from 'drizzle-orm';
import { BroadcastRejectedError, type BroadcastStatus, type ChainAdapter } from '../chain/adapter.js';
import type { Db } from '../db/client.js';
import { withdrawals, type Withdrawal } from '../db/schema/index.js';
import { rowMapper } from '../db/rows.js';
import { createJobWorker, type JobLogger, type JobSettings } from '../jobs/engine.js';
import { enqueueJob } from '../jobs/queue.js';
import { completeWithdrawal, failWithdrawal, recordBroadcast, recordProgress } from './settle.js';

/** A send's own job (key: the withdrawal id), enqueued by withdrawal_open with its holds. */
export const WITHDRAWAL_JOB = 'withdrawal';
/** One job per network (key: the network) that follows every in-flight send of it once per block. */
export const FOLLOW_JOB = 'withdrawal-follow';

export type WorkerLogger = JobLogger;

export interface WithdrawalWorkerSettings extends JobSettings {
  /**
   * One block: how often the network's in-flight sends are followed (their confirmations change at
   * most once per block), all of them in one read and at most one write.
   */
  followMs: number;
  /**
   * A broadcast send's own job comes back after this as a safety net (the network's follow-up
   * normally settles it first); it also bounds how long a send the follow-up cannot see waits.
   */
  recheckMs: number;
}

export interface WorkerOptions {
  db: Db;
  adapters: ReadonlyMap<string, ChainAdapter>;
  settings: WithdrawalWorkerSettings;
  log?: WorkerLogger;
  /**
   * Sandbox fault injection for the crash tests (SANDBOX_CRASH_POINT): the process SIGKILLs itself
   * right after a claim that marked a broadcast, or right after the network accepted one.
   */
  crashAt?: 'after-claim' | 'after-broadcast';
}

const die = () => process.kill(process.pid, 'SIGKILL');
const mapWithdrawal = rowMapper(withdrawals);

/**
 * The exactly-once mark: a send never broadcast is marked as attempted, in one statement with the
 * read of its row. Only the run that made the mark broadcasts; every later run follows it up, and
 * offers it again only if the network never saw it (the process died between the mark and the send).
 * The adapter's broadcast is idempotent by the withdrawal's id, as re-sending the same signed
 * transaction is on a real chain, so a send reaches the network once whatever crashes.
 */
async function markAndRead(db: Db, id: string): Promise<{ w: Withdrawal; first: boolean } | undefined> {
  const { rows } = (await db.execute(sql`with marked as (
      update withdrawals set broadcast_attempted_at = now(), updated_at = now()
      where id = ${id}::uuid and broadcast_attempted_at is null and state = 'IN_PROGRESS'
      returning id)
    select w.*, exists (select 1 from marked) as first_attempt from withdrawals w where w.id = ${id}::uuid`)) as unknown as {
    rows: Record<string, unknown>[];
  };
  const row = rows[0];
  return row && { w: mapWithdrawal(row), first: row.first_attempt === true };
}

/** One send's job: broadcast it, or find out what became of a broadcast whose outcome is unknown. */
async function runSend(opts: WorkerOptions, id: string) {
  const { db, settings } = opts;
  const found = await markAndRead(db, id);
  if (!found) return { done: true as const, error: 'no such withdrawal' };
  const { w, first } = found;
  if (first && opts.crashAt === 'after-claim') die();
  if (w.state !== 'IN_PROGRESS') return void (await failWithdrawal(db, w, 'already resolved'));
  const adapter = opts.adapters.get(w.network);
  if (!adapter) return { retryInMs: Math.max(settings.pollMs, 5000), error: `no chain adapter for ${w.network}` };

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
      // Outcome unknown: the next run asks the adapter what happened (and offers it again if nothing).
      opts.log?.warn({ err, withdrawal: w.id }, 'withdrawal broadcast outcome unknown; following up');
      return { retryInMs: settings.pollMs };
    }
    // Accepted: from here the network's follow-up (once per block for all its sends) takes over.
    return void (await recordBroadcast(db, w, txHash, undefined, settings.recheckMs));
  };
  if (first) return offer();

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
  if (!w.txHash) await recordBroadcast(db, w, seen.txHash, seen.requiredConfirmations, settings.recheckMs);
  if (seen.status === 'COMPLETED') return void (await completeWithdrawal(db, w, seen.confirmations));
  if (seen.status === 'FAILED') return void (await failWithdrawal(db, w, 'The network dropped the transaction'));
  return void (await recordProgress(db, w, seen, settings.recheckMs));
}

interface InFlight {
  id: string;
  wallet_transaction_id: string;
  confirmations: number | null;
  required_confirmations: number | null;
}

/**
 * Every broadcast send of one network still in flight, followed at once: one read of them, one call
 * to the adapter, and one write of the confirmations that changed (none when no block came). Its
 * cost is per block, not per send. A send that completed or was dropped is settled here (once in its
 * life), in its own transaction with its holds.
 */
async function followNetwork(opts: WorkerOptions, network: string) {
  const { db } = opts;
  const adapter = opts.adapters.get(network);
  if (!adapter) return { done: true as const, error: `no chain adapter for ${network}` };
  const { rows } = (await db.execute(sql`select w.id, w.wallet_transaction_id, t.confirmations, t.required_confirmations
    from withdrawals w join wallet_transactions t on t.id = w.wallet_transaction_id
    where w.network = ${network} and w.state = 'IN_PROGRESS' and w.kind = 'EXTERNAL' and w.tx_hash is not null`)) as unknown as {
    rows: InFlight[];
  };
  if (rows.length === 0) return undefined;
  const ids = rows.map((r) => r.id);
  const seen: Map<string, BroadcastStatus> = adapter.findBroadcasts
    ? await adapter.findBroadcasts(ids)
    : new Map(
        (await Promise.all(ids.map(async (id) => [id, await adapter.findBroadcast(id)] as const))).filter(
          (e): e is [string, BroadcastStatus] => e[1] !== undefined,
        ),
      );
  const progress: { id: string; c: number; r: number }[] = [];
  const settled: Promise<unknown>[] = [];
  for (const row of rows) {
    const s = seen.get(row.id);
    // Unseen: the send's own job looks again after its recheck.
    if (!s) continue;
    if (s.status !== 'IN_PROGRESS') {
      const w = { id: row.id };
      settled.push(
        s.status === 'COMPLETED'
          ? completeWithdrawal(db, w, s.confirmations)
          : failWithdrawal(db, w, 'The network dropped the transaction'),
      );
    } else if (s.confirmations !== row.confirmations || s.requiredConfirmations !== row.required_confirmations) {
      progress.push({ id: row.wallet_transaction_id, c: s.confirmations, r: s.requiredConfirmations });
    }
  }
  if (progress.length > 0) {
    await db.execute(sql`update wallet_transactions t
      set confirmations = v.c, required_confirmations = v.r, updated_at = now()
      from jsonb_to_recordset(${JSON.stringify(progress)}::jsonb) as v(id uuid, c int, r int)
      where t.id = v.id and t.state = 'IN_PROGRESS'`);
  }
  await Promise.all(settled);
  // The claim already put the next run one block (the lease) ahead.
  return undefined;
}

/**
 * The withdrawal workers on the job engine: one for the sends' own jobs (broadcast, recovery), one
 * that follows each network once per block. Started with the app, stopped on close. Recovery needs
 * no special path: on start they claim every unfinished job whose lease has run out, broadcasting
 * the sends never attempted and following up the rest, so each open hold ends posted or voided.
 */
export function createWithdrawalWorker(opts: WorkerOptions) {
  const { settings } = opts;
  const sends = createJobWorker({
    db: opts.db,
    kind: WITHDRAWAL_JOB,
    settings,
    handle: (job) => runSend(opts, job.key),
    ...(opts.log ? { log: opts.log } : {}),
  });
  // The follow-up's lease is one block, so its claim alone schedules the next block's run.
  const follow = createJobWorker({
    db: opts.db,
    kind: FOLLOW_JOB,
    settings: { ...settings, leaseMs: settings.followMs, pollMs: settings.followMs },
    handle: (job) => followNetwork(opts, job.key),
    ...(opts.log ? { log: opts.log } : {}),
  });
  let stopped = true;
  return {
    /** One pass of each by hand (tests); the timers keep running their own. */
    async tick() {
      return (await sends.tick()) + (await follow.tick());
    },
    start() {
      stopped = false;
      // One follow job per network this gateway can broadcast to (a no-op when it exists).
      void Promise.all(
        [...opts.adapters.keys()].map((network) => enqueueJob(opts.db, { kind: FOLLOW_JOB, key: network })),
      )
        .catch((err) =>
          opts.log?.error({ err: { message: (err as Error)?.message } }, 'withdrawal follow-up jobs not created'),
        )
        .finally(() => {
          if (!stopped) follow.start();
        });
      sends.start();
    },
    kick: () => sends.kick(),
    async stop() {
      stopped = true;
      await Promise.all([sends.stop(), follow.stop()]);
    },
  };
}

export type WithdrawalWorker = ReturnType<typeof createWithdrawalWorker>;
