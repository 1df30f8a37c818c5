import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { swapOrders, walletTransactions, type SwapOrder } from '../db/schema/index.js';
import { rowMapper } from '../db/rows.js';
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

type HistoryState = 'IN_PROGRESS' | 'COMPLETED' | 'FAILED';

/** Both sides of the swap in history, tied to the order by id: the source as money out, the destination as money in. */
function historyInsert(tx: Tx, order: SwapOrder, state: HistoryState, legs: { out?: number; in?: number } = {}) {
  const common = {
    accountId: order.accountId, transactionType: 'EXCHANGE' as const, state, fee: 0n, swapOrderId: order.id,
    fromCurrency: order.sourceCurrency, toCurrency: order.destinationCurrency,
    fromAmount: order.sourceAmount, toAmount: order.destinationAmount, exchangeRate: order.rate,
    ...(state === 'COMPLETED' ? { completedAt: sql`now()` } : {}),
  };
  return tx.insert(walletTransactions).values([
    { ...common, currency: order.sourceCurrency, direction: 'WITHDRAWAL', amount: order.sourceAmount, ledgerTransferId: legs.out ?? null },
    { ...common, currency: order.destinationCurrency, direction: 'DEPOSIT', amount: order.destinationAmount, ledgerTransferId: legs.in ?? null },
  ]);
}

async function writeHistory(tx: Tx, order: SwapOrder, state: HistoryState, legs: { out?: number; in?: number } = {}) {
  await historyInsert(tx, order, state, legs);
}

const orderRow = rowMapper(swapOrders);

/** An IN_PROGRESS order's two history rows move on with it. */
async function settleHistory(tx: Tx, order: SwapOrder, state: 'COMPLETED' | 'FAILED', legs: { out?: number; in?: number } = {}) {
  const done = { state, updatedAt: sql`now()`, ...(state === 'COMPLETED' ? { completedAt: sql`now()` } : {}) };
  await tx.update(walletTransactions).set({ ...done, ledgerTransferId: legs.out ?? null })
    .where(and(eq(walletTransactions.swapOrderId, order.id), eq(walletTransactions.direction, 'WITHDRAWAL')));
  await tx.update(walletTransactions).set({ ...done, ledgerTransferId: legs.in ?? null })
    .where(and(eq(walletTransactions.swapOrderId, order.id), eq(walletTransactions.direction, 'DEPOSIT')));
}

/** Liquidity → user in the destination, at the order's own amount. */
async function creditDestination(deps: ConfirmDeps, tx: Tx, order: SwapOrder) {
  const liquidityDestination = await systemShard(tx, order.destinationCurrency, SWAP_LIQUIDITY, order.id);
  // Money arriving makes the asset visible, as a deposit does.
  const userDestination = await ensureAsset(tx, order.accountId, order.destinationCurrency, deps.derive);
  return transfer(tx, {
    debitAccountId: liquidityDestination.id, creditAccountId: userDestination.id, amount: order.destinationAmount,
    currency: order.destinationCurrency, idempotencyKey: `swap-in:${order.id}`, reference: `swap ${order.id}`,
  });
}

/** The user's source account and the source liquidity shard in one read. */
async function sourceAccounts(tx: Tx, order: SwapOrder) {
  const [user, liquidity] = await ensureLedgerAccounts(tx, [
    userWanted(order.accountId, order.sourceCurrency), shardWanted(order.sourceCurrency, SWAP_LIQUIDITY, order.id),
  ]);
  return { user: user!, liquidity: liquidity! };
}

/**
 * Both legs, the source's and the destination's accounts and the destination made visible, in one
 * call of swap_legs (migration 0013): one round trip where there were six. A destination without a
 * deposit address yet gets one derived here, as ensureAsset would.
 */
async function openLegs(deps: ConfirmDeps, tx: Tx, order: SwapOrder) {
  const network = findCoin(order.destinationCurrency)?.network;
  const onChain = network && network !== 'lightning' ? network : null;
  const { rows } = (await tx.execute(sql`select out_id, in_id, has_address from swap_legs(${order.id}::uuid, ${order.accountId}::uuid,
    ${order.sourceCurrency}::text, ${order.destinationCurrency}::text, ${order.sourceAmount.toString()}::numeric,
    ${order.destinationAmount.toString()}::numeric, ${shardCode(SWAP_LIQUIDITY, order.id)}::text,
    ${shardCode(SWAP_LIQUIDITY, order.id)}::text, ${onChain}::text)`).catch((err) => { throw translateDbError(err); })) as unknown as { rows: { out_id: string | number; in_id: string | number; has_address: boolean }[] };
  const legs = rows[0]!;
  if (!legs.has_address && deps.derive && onChain) await ensureDepositAddress(tx, order.accountId, onChain as Network, deps.derive);
  return { out: Number(legs.out_id), in: Number(legs.in_id) };
}

/**
 * Synchronous provider: two legs at the order's own amounts, then the provider, in a savepoint so a
 * refusal undoes both. The crash hook runs after the legs are written and before anything commits.
 */
async function settleNow(deps: ConfirmDeps, tx: Tx, order: SwapOrder) {
  try {
    return await tx.transaction(async (sp) => {
      const legs = await openLegs(deps, sp, order);
      deps.betweenLegs?.();
      const result = await deps.provider.execute(execution(order));
      if ('pending' in result) throw new Error('The provider answered pending after saying it settles synchronously');
      if (!result.ok) throw new ProviderRefused(result.reason);
      return legs;
    });
  } catch (err) {
    if (err instanceof ProviderRefused) return err;
    throw err;
  }
}

const execution = (order: SwapOrder) => ({
  id: order.id, sourceCurrency: order.sourceCurrency, destinationCurrency: order.destinationCurrency,
  sourceAmount: order.sourceAmount, destinationAmount: order.destinationAmount,
});

async function markFailed(tx: Tx, order: SwapOrder, reason: string) {
  const [failed] = await tx.update(swapOrders).set({ state: 'FAILED', failureReason: reason, confirmedAt: sql`coalesce(${swapOrders.confirmedAt}, now())` })
    .where(eq(swapOrders.id, order.id)).returning();
  return failed!;
}

/**
 * Asynchronous provider: the source goes on hold first (funds checked and reserved before the
 * provider is asked), then the order is IN_PROGRESS until the settlement worker hears back.
 */
async function holdForLater(deps: ConfirmDeps, tx: Tx, order: SwapOrder): Promise<SwapOrder> {
  const { user, liquidity } = await sourceAccounts(tx, order);
  const held = await hold(tx, {
    debitAccountId: user.id, creditAccountId: liquidity.id, amount: order.sourceAmount,
    currency: order.sourceCurrency, idempotencyKey: `swap-hold:${order.id}`, reference: `swap ${order.id}`,
  });
  const result = await deps.provider.execute(execution(order));
  if ('pending' in result) {
    await writeHistory(tx, order, 'IN_PROGRESS', { out: held.id });
    const [inProgress] = await tx.update(swapOrders).set({
      state: 'IN_PROGRESS', holdTransferId: held.id, providerRef: result.ref, confirmedAt: sql`now()`,
    }).where(eq(swapOrders.id, order.id)).returning();
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

async function completeHeldLegs(deps: ConfirmDeps, tx: Tx, order: SwapOrder, history: 'insert' | 'update'): Promise<SwapOrder> {
  const out = await postHold(tx, { pendingId: order.holdTransferId! });
  deps.betweenLegs?.();
  const inLeg = await creditDestination(deps, tx, order);
  if (history === 'insert') await writeHistory(tx, order, 'COMPLETED', { out: out.id, in: inLeg.id });
  else await settleHistory(tx, order, 'COMPLETED', { out: out.id, in: inLeg.id });
  const [done] = await tx.update(swapOrders).set({
    state: 'COMPLETED', sourceTransferId: out.id, destinationTransferId: inLeg.id, confirmedAt: sql`coalesce(${swapOrders.confirmedAt}, now())`,
  }).where(eq(swapOrders.id, order.id)).returning();
  return done!;
}

/**
 * The provider's answer for an IN_PROGRESS order (settlement worker, under the order's row lock):
 * post the hold and credit the destination in one transaction, or void the hold. Anything but
 * IN_PROGRESS is left as it is, so a second answer changes nothing.
 */
export async function resolveHeldOrder(deps: ConfirmDeps, tx: Tx, order: SwapOrder, outcome: { ok: true } | { ok: false; reason: string }): Promise<SwapOrder> {
  if (order.state !== 'IN_PROGRESS') return order;
  if (outcome.ok) return completeHeldLegs(deps, tx, order, 'update');
  await voidHold(tx, { pendingId: order.holdTransferId! });
  await settleHistory(tx, order, 'FAILED');
  return markFailed(tx, order, outcome.reason);
}

/**
 * POST /{account}/exchange/confirm/{id}: under the order's row lock, so concurrent confirms queue
 * and the later ones answer the first one's result. Expired (by the server's clock) → 400
 * SWAP_ORDER_EXPIRED; not enough funds → 400 NOT_ENOUGH_FUNDS, the order stays open.
 */
export async function confirmSwapOrder(deps: ConfirmDeps, input: { accountId: string; orderId: string }): Promise<SwapOrder> {
  if (!isUuid(input.orderId)) throw notFound();
  try {
    const order = await deps.db.transaction(async (tx) => {
      // The database's clock comes back with the row: expiry is judged by the server, in the same round trip.
      const [found] = await tx.select({ order: swapOrders, expired: sql<boolean>`${swapOrders.expiresAt} <= now()` }).from(swapOrders)
        .where(and(eq(swapOrders.id, input.orderId), eq(swapOrders.accountId, input.accountId))).for('update');
      if (!found) throw notFound();
      const { order } = found;
      if (order.state !== 'NEW') return order;
      if (deps.now ? order.expiresAt.getTime() <= deps.now().getTime() : found.expired) {
        throw invalid('SWAP_ORDER_EXPIRED', 'The swap rate has expired: update the rate to get a new order', 'id');
      }
      if (deps.provider.settlesAsynchronously()) return holdForLater(deps, tx, order);
      const outcome = await settleNow(deps, tx, order);
      if (outcome instanceof ProviderRefused) {
        await writeHistory(tx, order, 'FAILED');
        return markFailed(tx, order, outcome.message);
      }
      // Both history rows and the order's completion in one statement (two round trips before).
      const { rows } = (await tx.execute(sql`with history as (${historyInsert(tx, order, 'COMPLETED', outcome).getSQL()})
        ${tx.update(swapOrders).set({
          state: 'COMPLETED', sourceTransferId: outcome.out, destinationTransferId: outcome.in, confirmedAt: sql`now()`,
        }).where(eq(swapOrders.id, order.id)).returning().getSQL()}`)) as unknown as { rows: Record<string, unknown>[] };
      return orderRow(rows[0]!);
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
