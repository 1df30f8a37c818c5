import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rowMapper } from '../db/rows.js';
import { sellOrders, type SellOrderRow } from '../db/schema/index.js';
import { createJobWorker, type JobLogger, type JobSettings } from '../jobs/engine.js';
import { PayoutsUnavailableError, type PayoutProvider } from './payout.js';
import { resolveSell } from './settle.js';

/** A sale's payout job (key: the order id), enqueued with the order's hold. */
export const SELL_JOB = 'sell-payout';

export type SellWorkerLogger = JobLogger;

export interface SellWorkerOptions {
  db: Db;
  payouts: PayoutProvider;
  /** config.jobs.sell: how often a submitted payout's status is asked, and the claim's lease. */
  settings: JobSettings;
  log?: SellWorkerLogger;
}

const mapOrder = rowMapper(sellOrders);

/**
 * As a send's broadcast: an order never offered to the provider is marked in one statement with the
 * read of its row; only the run that made the mark submits, so a payout is submitted at most once
 * whatever crashes. Every later run asks the provider's status.
 */
async function markAndRead(db: Db, id: string): Promise<{ o: SellOrderRow; submit: boolean } | undefined> {
  const { rows } = (await db.execute(sql`with marked as (
      update sell_orders set payout_attempted_at = now(), updated_at = now()
      where id = ${id}::uuid and payout_attempted_at is null and state = 'IN_PROGRESS'
      returning id)
    select o.*, exists (select 1 from marked) as first_attempt from sell_orders o where o.id = ${id}::uuid`)) as unknown as {
    rows: Record<string, unknown>[];
  };
  const row = rows[0];
  return row && { o: mapOrder(row), submit: row.first_attempt === true };
}

async function run(opts: SellWorkerOptions, id: string) {
  const { db, payouts, settings } = opts;
  const found = await markAndRead(db, id);
  if (!found) return { done: true as const, error: 'no such sell order' };
  const { o, submit } = found;
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
    return { retryInMs: settings.pollMs };
  }
  const status = await payouts.status(o.id);
  // Marked as attempted, yet the provider never saw it: the attempt died before it was sent.
  if (status === 'UNKNOWN')
    return void (await resolveSell(db, o.id, 'FAILED', 'The payout never reached the provider'));
  if (status === 'COMPLETED') return void (await resolveSell(db, o.id, 'COMPLETED'));
  if (status === 'FAILED')
    return void (await resolveSell(db, o.id, 'FAILED', 'The payout provider could not pay out to the card'));
  return { retryInMs: settings.pollMs };
}

/** The payout worker on the job engine: on start it picks up every unfinished job whose lease ran out. */
export function createSellWorker(opts: SellWorkerOptions) {
  return createJobWorker({
    db: opts.db,
    kind: SELL_JOB,
    settings: opts.settings,
    handle: (job) => run(opts, job.key),
    ...(opts.log ? { log: opts.log } : {}),
  });
}

export type SellWorker = ReturnType<typeof createSellWorker>;
