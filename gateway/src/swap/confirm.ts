import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { swapOrders, walletTransactions, type SwapOrder } from '../db/schema/index.js';
import { outRow } from '../db/rows.js';
import { DomainError, invalid } from '../domain/errors.js';
import { ensureLedgerAccounts, shardCode, shardWanted, systemShard, userWanted } from '../ledger/accounts.js';
import { LedgerError, translateDbError } from '../ledger/errors.js';
import { hold, postHold, transfer, voidHold } from '../ledger/transfers.js';
import { isUuid } from '../users/repository.js';
import type { DeriveAddress } from '../wallet/addresses.js';
import type { Network } from '../chain/addresses.js';
import { ensureDepositAddress } from '../wallet/addresses.js';
import { ensureAsset } from '../wallet/assets.js';
import { findCoin } from '../wallet/catalogue.js';
import type { SwapServiceDeps } from './orders.js';

/** The liquidity side of every swap, one account per currency split into shards (ledger/accounts.ts). */
export const SWAP_LIQUIDITY = 'swap-liquidity';

export interface ConfirmDeps extends SwapServiceDeps {
  derive?: DeriveAddress;
  /**
   * Sandbox fault injection for the crash test (SANDBOX_CRASH_POINT=swap-between-legs): called after
   * the source leg and before the destination leg, inside their transaction. Never set in production.
   */
  betweenLegs?: () => void;
  /** An order went IN_PROGRESS: the settlement worker may look sooner than its next poll. */
  onHeld?: () => void;
}

class ProviderRefused extends Error {}

const notFound = () => new DomainError('not_found', 'SWAP_ORDER_NOT_FOUND', 'No such swap order');
const expired = () =>
  invalid('SWAP_ORDER_EXPIRED', 'The swap rate has expired: update the rate to get a new order', 'id');

type HistoryState = 'IN_PROGRESS' | 'COMPLETED' | 'FAILED';

/** Both sides of the swap in history, tied to the order by id: the source as money out, the destination as money in. */
async function writeHistory(tx: Tx, order: SwapOrder, state: HistoryState, legs: { out?: number; in?: number } = {}) {
  const common = {
    accountId: order.accountId,
    transactionType: 'EXCHANGE' as const,
    state,
    fee: 0n,
    swapOrderId: order.id,
    fromCurrency: order.sourceCurrency,
    toCurrency: order.destinationCurrency,
    fromAmount: order.sourceAmount,
    toAmount: order.destinationAmount,
    exchangeRate: order.rate,
    ...(state === 'COMPLETED' ? { completedAt: sql`now()` } : {}),
  };
  await tx.insert(walletTransactions).values([
    {
      ...common,
      currency: order.sourceCurrency,
      direction: 'WITHDRAWAL',
      amount: order.sourceAmount,
      ledgerTransferId: legs.out ?? null,
    },
    {
      ...common,
      currency: order.destinationCurrency,
      direction: 'DEPOSIT',
      amount: order.destinationAmount,
      ledgerTransferId: legs.in ?? null,
    },
  ]);
}

/** An IN_PROGRESS order's two history rows move on with it. */
async function settleHistory(
  tx: Tx,
  order: SwapOrder,
  state: 'COMPLETED' | 'FAILED',
  legs: { out?: number; in?: number } = {},
) {
  const done = { state, updatedAt: sql`now()`, ...(state === 'COMPLETED' ? { completedAt: sql`now()` } : {}) };
  await tx
    .update(walletTransactions)
    .set({ ...done, ledgerTransferId: legs.out ?? null })
    .where(and(eq(walletTransactions.swapOrderId, order.id), eq(walletTransactions.direction, 'WITHDRAWAL')));
  await tx
    .update(walletTransactions)
    .set({ ...done, ledgerTransferId: legs.in ?? null })
    .where(and(eq(walletTransactions.swapOrderId, order.id), eq(walletTransactions.direction, 'DEPOSIT')));
}

/** Liquidity → user in the destination, at the order's own amount. */
async function creditDestination(deps: ConfirmDeps, tx: Tx, order: SwapOrder) {
  const liquidityDestination = await systemShard(tx, order.destinationCurrency, SWAP_LIQUIDITY, order.id);
  // Money arriving makes the asset visible, as a deposit does.
  const userDestination = await ensureAsset(tx, order.accountId, order.destinationCurrency, deps.derive);
  return transfer(tx, {
    debitAccountId: liquidityDestination.id,
    creditAccountId: userDestination.id,
    amount: order.destinationAmount,
    currency: order.destinationCurrency,
    idempotencyKey: `swap-in:${order.id}`,
    reference: `swap ${order.id}`,
  });
}

/** The user's source account and the source liquidity shard in one read. */
async function sourceAccounts(tx: Tx, order: SwapOrder) {
  const [user, liquidity] = await ensureLedgerAccounts(tx, [
    userWanted(order.accountId, order.sourceCurrency),
    shardWanted(order.sourceCurrency, SWAP_LIQUIDITY, order.id),
  ]);
  return { user: user!, liquidity: liquidity! };
}

const execution = (order: SwapOrder) => ({
  id: order.id,
  sourceCurrency: order.sourceCurrency,
  destinationCurrency: order.destinationCurrency,
  sourceAmount: order.sourceAmount,
  destinationAmount: order.destinationAmount,
});

async function markFailed(tx: Tx, order: SwapOrder, reason: string) {
  const [failed] = await tx
    .update(swapOrders)
    .set({ state: 'FAILED', failureReason: reason, confirmedAt: sql`coalesce(${swapOrders.confirmedAt}, now())` })
    .where(eq(swapOrders.id, order.id))
    .returning();
  return failed!;
}

/**
 * Asynchronous provider: the source goes on hold first (funds checked and reserved before the
 * provider is asked), then the order is IN_PROGRESS until the settlement worker hears back.
 */
async function holdForLater(deps: ConfirmDeps, tx: Tx, order: SwapOrder): Promise<SwapOrder> {
  const { user, liquidity } = await sourceAccounts(tx, order);
  const held = await hold(tx, {
    debitAccountId: user.id,
    creditAccountId: liquidity.id,
    amount: order.sourceAmount,
    currency: order.sourceCurrency,
    idempotencyKey: `swap-hold:${order.id}`,
    reference: `swap ${order.id}`,
  });
  const result = await deps.provider.execute(execution(order));
  if ('pending' in result) {
    await writeHistory(tx, order, 'IN_PROGRESS', { out: held.id });
    const [inProgress] = await tx
      .update(swapOrders)
      .set({
        state: 'IN_PROGRESS',
        holdTransferId: held.id,
        providerRef: result.ref,
        confirmedAt: sql`now()`,
      })
      .where(eq(swapOrders.id, order.id))
      .returning();
    return inProgress!;
  }
  // It answered at once after all: settle or release right here.
  await tx.update(swapOrders).set({ holdTransferId: held.id }).where(eq(swapOrders.id, order.id));
  if (!result.ok) {
    await voidHold(tx, { pendingId: held.id });
    await writeHistory(tx, order, 'FAILED');
    return markFailed(tx, order, result.reason);
  }
  return completeHeldLegs(deps, tx, { ...order, holdTransferId: held.id }, 'insert');
}

async function completeHeldLegs(
  deps: ConfirmDeps,
  tx: Tx,
  order: SwapOrder,
  history: 'insert' | 'update',
): Promise<SwapOrder> {
  const out = await postHold(tx, { pendingId: order.holdTransferId! });
  deps.betweenLegs?.();
  const inLeg = await creditDestination(deps, tx, order);
  if (history === 'insert') await writeHistory(tx, order, 'COMPLETED', { out: out.id, in: inLeg.id });
  else await settleHistory(tx, order, 'COMPLETED', { out: out.id, in: inLeg.id });
  const [done] = await tx
    .update(swapOrders)
    .set({
      state: 'COMPLETED',
      sourceTransferId: out.id,
      destinationTransferId: inLeg.id,
      confirmedAt: sql`coalesce(${swapOrders.confirmedAt}, now())`,
    })
    .where(eq(swapOrders.id, order.id))
    .returning();
  return done!;
}

/**
 * The provider's answer for an IN_PROGRESS order (settlement worker, under the order's row lock):
 * post the hold and credit the destination in one transaction, or void the hold. Anything but
 * IN_PROGRESS is left as it is, so a second answer changes nothing.
 */
export async function resolveHeldOrder(
  deps: ConfirmDeps,
  tx: Tx,
  order: SwapOrder,
  outcome: { ok: true } | { ok: false; reason: string },
): Promise<SwapOrder> {
  if (order.state !== 'IN_PROGRESS') return order;
  if (outcome.ok) return completeHeldLegs(deps, tx, order, 'update');
  await voidHold(tx, { pendingId: order.holdTransferId! });
  await settleHistory(tx, order, 'FAILED');
  return markFailed(tx, order, outcome.reason);
}

const confirmed = outRow(swapOrders, 'o');

/**
 * Synchronous provider: the order locked and judged, both legs at its own amounts, both history rows
 * and its completion in one call of swap_confirm (migration 0014; five round trips and a savepoint
 * before), then the provider, then the commit. A refusal rolls all of it back and is recorded by
 * refuseOrder. The crash hook runs after the legs are written and before anything commits.
 */
async function confirmNow(deps: ConfirmDeps, input: { accountId: string; orderId: string }): Promise<SwapOrder> {
  return deps.db.transaction(async (tx) => {
    const { rows } = (await tx
      .execute(sql`select ${confirmed.select}, r.outcome, r.asset_shown
      from swap_confirm(${input.orderId}::uuid, ${input.accountId}::uuid, ${shardCode(SWAP_LIQUIDITY, input.orderId)}::text,
        ${deps.now ? deps.now().toISOString() : null}::timestamptz) r`)
      .catch((err) => {
        throw translateDbError(err);
      })) as unknown as { rows: Record<string, unknown>[] };
    const row = rows[0]!;
    const order = confirmed.map(row);
    if (row.outcome === 'not_found' || !order) throw notFound();
    if (row.outcome === 'expired') throw expired();
    if (row.outcome === 'settled') return order;
    // Money arriving makes the asset visible, as a deposit does; one just shown gets its deposit address.
    const network = findCoin(order.destinationCurrency)?.network;
    if (row.asset_shown === true && deps.derive && network && network !== 'lightning') {
      await ensureDepositAddress(tx, order.accountId, network as Network, deps.derive);
    }
    deps.betweenLegs?.();
    const result = await deps.provider.execute(execution(order));
    if ('pending' in result) throw new Error('The provider answered pending after saying it settles synchronously');
    if (!result.ok) throw new ProviderRefused(result.reason);
    return order;
  });
}

/**
 * The provider refused a synchronous settlement, which rolled back: FAILED, with its history rows,
 * under the order's lock, unless a concurrent confirm settled the order meanwhile.
 */
async function refuseOrder(
  deps: ConfirmDeps,
  input: { accountId: string; orderId: string },
  reason: string,
): Promise<SwapOrder> {
  return deps.db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(swapOrders)
      .where(and(eq(swapOrders.id, input.orderId), eq(swapOrders.accountId, input.accountId)))
      .for('update');
    if (!order) throw notFound();
    if (order.state !== 'NEW') return order;
    await writeHistory(tx, order, 'FAILED');
    return markFailed(tx, order, reason);
  });
}

/** Asynchronous provider: the order locked and judged here, then its source held (holdForLater). */
async function confirmLater(deps: ConfirmDeps, input: { accountId: string; orderId: string }): Promise<SwapOrder> {
  return deps.db.transaction(async (tx) => {
    // The database's clock comes back with the row: expiry is judged by the server, in the same round trip.
    const [found] = await tx
      .select({ order: swapOrders, expired: sql<boolean>`${swapOrders.expiresAt} <= now()` })
      .from(swapOrders)
      .where(and(eq(swapOrders.id, input.orderId), eq(swapOrders.accountId, input.accountId)))
      .for('update');
    if (!found) throw notFound();
    const { order } = found;
    if (order.state !== 'NEW') return order;
    if (deps.now ? order.expiresAt.getTime() <= deps.now().getTime() : found.expired) {
      throw expired();
    }
    return holdForLater(deps, tx, order);
  });
}

/**
 * POST /{account}/exchange/confirm/{id}: under the order's row lock, so concurrent confirms queue
 * and the later ones answer the first one's result. Expired (by the server's clock) → 400
 * SWAP_ORDER_EXPIRED; not enough funds → 400 NOT_ENOUGH_FUNDS, the order stays open. Whether the
 * provider settles at once is asked before the lock; it answers `pending` only when it said so.
 * A synchronous refusal is recorded after its attempt rolled back: a confirm queued behind it may ask
 * the provider again first, which the provider contract allows (execute is idempotent on the order id).
 */
export async function confirmSwapOrder(
  deps: ConfirmDeps,
  input: { accountId: string; orderId: string },
): Promise<SwapOrder> {
  if (!isUuid(input.orderId)) throw notFound();
  try {
    const order = deps.provider.settlesAsynchronously()
      ? await confirmLater(deps, input)
      : await confirmNow(deps, input).catch((err) => {
          if (err instanceof ProviderRefused) return refuseOrder(deps, input, err.message);
          throw err;
        });
    if (order.state === 'IN_PROGRESS') deps.onHeld?.();
    return order;
  } catch (err) {
    if (err instanceof LedgerError && err.code === 'INSUFFICIENT_FUNDS') {
      throw invalid('NOT_ENOUGH_FUNDS', 'Not enough funds to make the swap', 'sourceAmount');
    }
    throw err;
  }
}
