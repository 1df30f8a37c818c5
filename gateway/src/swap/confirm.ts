import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../db/client.js';
import { swapOrders, type SwapOrder } from '../db/schema/index.js';
import { outRow } from '../db/rows.js';
import { DomainError, invalid } from '../domain/errors.js';
import { shardCode } from '../ledger/accounts.js';
import { LedgerError, translateDbError } from '../ledger/errors.js';
import { isUuid } from '../users/repository.js';
import type { DeriveAddress } from '../wallet/addresses.js';
import type { Network } from '../chain/addresses.js';
import { ensureDepositAddress } from '../wallet/addresses.js';
import { findCoin } from '../wallet/catalogue.js';
import { rescheduleJob } from '../jobs/queue.js';
import { enqueueNotification } from '../notifications/outbox.js';
import type { SwapServiceDeps } from './orders.js';

/** The liquidity side of every swap, one account per currency split into shards (ledger/accounts.ts). */
export const SWAP_LIQUIDITY = 'swap-liquidity';
/** A held swap's settlement job (key: the order id), queued by swap_hold with the hold. */
export const SWAP_SETTLEMENT_JOB = 'swap-settlement';

export interface ConfirmDeps extends SwapServiceDeps {
  derive?: DeriveAddress;
  /**
   * Sandbox fault injection for the crash test (SANDBOX_SWAP_CRASH_POINT=between-legs): called after
   * the source is held and the provider has answered, before the settlement writes the legs (in a
   * confirm and in the settlement job alike). Never set in production.
   */
  betweenLegs?: () => void;
  /** An order is waiting for its provider: the settlement worker may look sooner than its next poll. */
  onHeld?: () => void;
  /**
   * The settlement job's settings (config.jobs.swapSettlement): a held order's job waits a lease
   * (a confirm settles it first) or, for a provider that settles later, a poll.
   */
  settlement?: { pollMs: number; leaseMs: number };
}

/** Runs the hold in a transaction: the passcode gate's (routes.ts), or a plain one. */
export type InTransaction = <T>(move: (tx: Db) => Promise<T>) => Promise<T>;

const notFound = () => new DomainError('not_found', 'SWAP_ORDER_NOT_FOUND', 'No such swap order');
const expired = () =>
  invalid('SWAP_ORDER_EXPIRED', 'The swap rate has expired: update the rate to get a new order', 'id');

const execution = (order: SwapOrder) => ({
  id: order.id,
  sourceCurrency: order.sourceCurrency,
  destinationCurrency: order.destinationCurrency,
  sourceAmount: order.sourceAmount,
  destinationAmount: order.destinationAmount,
});

const held = outRow(swapOrders, 'o');

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

/** swap_hold (gateway/src/db/functions/swap_hold.sql): the order judged and its source held, or why not. */
async function holdOrder(deps: ConfirmDeps, tx: Db, input: { accountId: string; orderId: string }) {
  const asynchronous = deps.provider.settlesAsynchronously();
  const jobDelayMs = asynchronous ? (deps.settlement?.pollMs ?? 500) : (deps.settlement?.leaseMs ?? 30_000);
  const rows = rowsOf(
    await tx
      .execute(sql`select ${held.select}, r.outcome from swap_hold(${input.orderId}::uuid, ${input.accountId}::uuid,
        ${shardCode(SWAP_LIQUIDITY, input.orderId)}::text, ${deps.now ? deps.now().toISOString() : null}::timestamptz,
        ${Math.round(jobDelayMs)}::int) r`)
      .catch((err) => {
        throw translateDbError(err);
      }),
  );
  const row = rows[0]!;
  const order = held.map(row);
  if (row.outcome === 'not_found' || !order) throw notFound();
  if (row.outcome === 'expired') throw expired();
  return order;
}

async function notifySwap(tx: Executor, o: SwapOrder | undefined) {
  if (!o || (o.state !== 'COMPLETED' && o.state !== 'FAILED')) return;
  const { rows } = (await tx.execute(
    sql`select id from wallet_transactions where swap_order_id = ${o.id}::uuid and direction = 'WITHDRAWAL'`,
  )) as unknown as { rows: { id: string }[] };
  const transactionId = rows[0]?.id;
  await enqueueNotification(tx, {
    accountId: o.accountId,
    event: o.state === 'COMPLETED' ? 'swap.completed' : 'swap.failed',
    ref: o.id,
    data: {
      ...(transactionId ? { transactionId, transactionType: 'EXCHANGE' } : {}),
      currency: o.sourceCurrency,
      amountMinor: String(o.sourceAmount),
      toCurrency: o.destinationCurrency,
      toAmountMinor: String(o.destinationAmount),
    },
  });
}

/**
 * A held order and its provider, outside any transaction: the provider is asked first (execute, or
 * status once it answered pending; both idempotent on the order by contract), then its answer is
 * written by swap_settle in one statement under the order's row lock. Called by the confirm after
 * its hold committed and by the settlement job; whoever comes second changes nothing.
 * Answers the order as it stands, and whether it still waits for the provider.
 */
export async function settleHeld(deps: ConfirmDeps, order: SwapOrder): Promise<{ order: SwapOrder; pending: boolean }> {
  if (order.state !== 'IN_PROGRESS') return { order, pending: false };
  const answer = order.providerRef
    ? await deps.provider.status(order.providerRef)
    : await deps.provider.execute(execution(order));
  if ('pending' in answer) {
    const ref = 'ref' in answer ? (answer.ref as string) : undefined;
    if (ref && !order.providerRef) {
      const [updated] = await deps.db
        .update(swapOrders)
        .set({ providerRef: ref })
        .where(sql`${swapOrders.id} = ${order.id} and ${swapOrders.providerRef} is null`)
        .returning();
      await rescheduleJob(deps.db, SWAP_SETTLEMENT_JOB, order.id, deps.settlement?.pollMs ?? 500);
      return { order: updated ?? order, pending: true };
    }
    return { order, pending: true };
  }
  deps.betweenLegs?.();
  const rows = await deps.db.transaction(async (tx) => {
    const settledRows = rowsOf(
      await tx
        .execute(sql`select ${held.select}, r.asset_shown from swap_settle(${order.id}::uuid,
        ${shardCode(SWAP_LIQUIDITY, order.id)}::text, ${answer.ok}::boolean, ${answer.ok ? null : answer.reason}::text) r`)
        .catch((err) => {
          throw translateDbError(err);
        }),
    );
    // Told once, in the settlement's transaction (issue 24; a second settle enqueues nothing new).
    await notifySwap(tx, held.map(settledRows[0]!));
    return settledRows;
  });
  const settled = held.map(rows[0]!) ?? order;
  // Money arriving makes the asset visible, as a deposit does; one just shown gets its deposit address.
  const network = findCoin(settled.destinationCurrency)?.network;
  if (rows[0]!.asset_shown === true && deps.derive && network && network !== 'lightning') {
    await ensureDepositAddress(deps.db, settled.accountId, network as Network, deps.derive);
  }
  return { order: settled, pending: false };
}

/**
 * POST /{account}/exchange/confirm/{id}, in two steps so that no row stays locked while the provider
 * answers (a slow provider held the order's and the accounts' locks and a pooled connection before):
 *  1. in `inTransaction` (the passcode gate's transaction, so the passcode, the reset hold and the
 *     money are one decision): the order locked and judged, its source held, its settlement job
 *     queued (swap_hold). Expired (by the server's clock) → 400 SWAP_ORDER_EXPIRED; not enough funds
 *     → 400 NOT_ENOUGH_FUNDS, the order stays open. Concurrent confirms queue on the order's lock;
 *     the later ones carry on with the order as it stands.
 *  2. after the commit: the provider asked, its answer written (settleHeld). A provider that settles
 *     later leaves the order IN_PROGRESS for the settlement job; a process that dies in between
 *     leaves it held, and the job settles it after its lease.
 */
export async function confirmSwapOrder(
  deps: ConfirmDeps,
  input: { accountId: string; orderId: string },
  inTransaction: InTransaction = (move) => deps.db.transaction((tx) => move(tx as unknown as Db)),
): Promise<SwapOrder> {
  if (!isUuid(input.orderId)) throw notFound();
  try {
    const order = await inTransaction((tx) => holdOrder(deps, tx, input));
    // Settled already, or waiting for a provider that settles later (the settlement job asks it).
    if (order.state !== 'IN_PROGRESS' || order.providerRef) return order;
    const settled = await settleHeld(deps, order);
    if (settled.pending) deps.onHeld?.();
    return settled.order;
  } catch (err) {
    if (err instanceof LedgerError && err.code === 'INSUFFICIENT_FUNDS') {
      throw invalid('NOT_ENOUGH_FUNDS', 'Not enough funds to make the swap', 'sourceAmount');
    }
    throw err;
  }
}
