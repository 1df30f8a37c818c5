import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { swapOrders, walletTransactions, type SwapOrder } from '../db/schema/index.js';
import { DomainError, invalid } from '../domain/errors.js';
import { ensureUserAccount, systemShard } from '../ledger/accounts.js';
import { LedgerError } from '../ledger/errors.js';
import { transfer } from '../ledger/transfers.js';
import { isUuid } from '../users/repository.js';
import type { DeriveAddress } from '../wallet/addresses.js';
import { ensureAsset } from '../wallet/assets.js';
import type { SwapServiceDeps } from './orders.js';

/** The liquidity side of every swap, one account per currency split into shards (ledger/accounts.ts). */
export const SWAP_LIQUIDITY = 'swap-liquidity';

class ProviderRefused extends Error {}

const notFound = () => new DomainError('not_found', 'SWAP_ORDER_NOT_FOUND', 'No such swap order');

async function serverNow(tx: Tx, now?: () => Date): Promise<Date> {
  if (now) return now();
  const result = (await tx.execute(sql`select now() as now`)) as unknown as { rows: { now: Date | string }[] };
  return new Date(result.rows[0]!.now);
}

/** Both sides of the swap in history: the source as money out, the destination as money in. */
async function writeHistory(tx: Tx, order: SwapOrder, state: 'COMPLETED' | 'FAILED', legs?: { out: number; in: number }) {
  const common = {
    accountId: order.accountId, transactionType: 'EXCHANGE' as const, state, fee: 0n,
    fromCurrency: order.sourceCurrency, toCurrency: order.destinationCurrency,
    fromAmount: order.sourceAmount, toAmount: order.destinationAmount, exchangeRate: order.rate,
    ...(state === 'COMPLETED' ? { completedAt: sql`now()` } : {}),
  };
  await tx.insert(walletTransactions).values([
    { ...common, currency: order.sourceCurrency, direction: 'WITHDRAWAL', amount: order.sourceAmount, ledgerTransferId: legs?.out ?? null },
    { ...common, currency: order.destinationCurrency, direction: 'DEPOSIT', amount: order.destinationAmount, ledgerTransferId: legs?.in ?? null },
  ]);
}

/** Two legs at the order's own amounts, in a savepoint so a provider refusal undoes both. */
async function settle(deps: SwapServiceDeps & { derive?: DeriveAddress }, tx: Tx, order: SwapOrder) {
  try {
    return await tx.transaction(async (sp) => {
      const userSource = await ensureUserAccount(sp, order.accountId, order.sourceCurrency);
      const liquiditySource = await systemShard(sp, order.sourceCurrency, SWAP_LIQUIDITY, order.id);
      const out = await transfer(sp, {
        debitAccountId: userSource.id, creditAccountId: liquiditySource.id, amount: order.sourceAmount,
        currency: order.sourceCurrency, idempotencyKey: `swap-out:${order.id}`, reference: `swap ${order.id}`,
      });
      const liquidityDestination = await systemShard(sp, order.destinationCurrency, SWAP_LIQUIDITY, order.id);
      // Money arriving makes the asset visible, as a deposit does.
      const userDestination = await ensureAsset(sp, order.accountId, order.destinationCurrency, deps.derive);
      const inLeg = await transfer(sp, {
        debitAccountId: liquidityDestination.id, creditAccountId: userDestination.id, amount: order.destinationAmount,
        currency: order.destinationCurrency, idempotencyKey: `swap-in:${order.id}`, reference: `swap ${order.id}`,
      });
      const result = await deps.provider.execute({
        id: order.id, sourceCurrency: order.sourceCurrency, destinationCurrency: order.destinationCurrency,
        sourceAmount: order.sourceAmount, destinationAmount: order.destinationAmount,
      });
      if (!result.ok) throw new ProviderRefused(result.reason);
      return { out: out.id, in: inLeg.id };
    });
  } catch (err) {
    if (err instanceof ProviderRefused) return err;
    throw err;
  }
}

/**
 * POST /{account}/exchange/confirm/{id}: under the order's row lock, so concurrent confirms queue
 * and the later ones answer the first one's result. Expired (by the server's clock) → 400
 * SWAP_ORDER_EXPIRED; not enough funds → 400 NOT_ENOUGH_FUNDS, the order stays open.
 */
export async function confirmSwapOrder(
  deps: SwapServiceDeps & { derive?: DeriveAddress }, input: { accountId: string; orderId: string },
): Promise<SwapOrder> {
  if (!isUuid(input.orderId)) throw notFound();
  try {
    return await deps.db.transaction(async (tx) => {
      const [order] = await tx.select().from(swapOrders)
        .where(and(eq(swapOrders.id, input.orderId), eq(swapOrders.accountId, input.accountId))).for('update');
      if (!order) throw notFound();
      if (order.state !== 'NEW') return order;
      if (order.expiresAt.getTime() <= (await serverNow(tx, deps.now)).getTime()) {
        throw invalid('SWAP_ORDER_EXPIRED', 'The swap rate has expired: update the rate to get a new order', 'id');
      }
      const outcome = await settle(deps, tx, order);
      if (outcome instanceof ProviderRefused) {
        await writeHistory(tx, order, 'FAILED');
        const [failed] = await tx.update(swapOrders).set({ state: 'FAILED', failureReason: outcome.message, confirmedAt: sql`now()` })
          .where(eq(swapOrders.id, order.id)).returning();
        return failed!;
      }
      await writeHistory(tx, order, 'COMPLETED', outcome);
      const [done] = await tx.update(swapOrders).set({
        state: 'COMPLETED', sourceTransferId: outcome.out, destinationTransferId: outcome.in, confirmedAt: sql`now()`,
      }).where(eq(swapOrders.id, order.id)).returning();
      return done!;
    });
  } catch (err) {
    if (err instanceof LedgerError && err.code === 'INSUFFICIENT_FUNDS') {
      throw invalid('NOT_ENOUGH_FUNDS', 'Not enough funds to make the swap', 'sourceAmount');
    }
    throw err;
  }
}
