import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Config } from '../config.js';
import type { Db, Executor } from '../db/client.js';
import { swapOrders, type SwapOrder } from '../db/schema/index.js';
import { DomainError } from '../domain/errors.js';
import type { LiquidityProvider } from './provider.js';
import { quote, requireWithinLimits } from './quote.js';

export interface SwapServiceDeps {
  db: Db;
  config: Pick<Config, 'production' | 'sandbox' | 'swapOrderTtlSeconds'>;
  provider: LiquidityProvider;
  /** Tests inject a clock; otherwise the database's now() decides expiry, never the client's. */
  now?: () => Date;
  /** Sandbox: the /dev/swap/behaviour orderTtlSeconds override, or null for the configured lifetime. */
  orderTtlSeconds?: () => number | null;
}

export interface OrderRequest {
  accountId: string;
  sourceCurrency: string;
  destinationCurrency: string;
  sourceAmount: string;
  idempotencyKey: string;
}

async function byKey(db: Executor, accountId: string, key: string): Promise<SwapOrder | undefined> {
  const [row] = await db
    .select()
    .from(swapOrders)
    .where(and(eq(swapOrders.accountId, accountId), eq(swapOrders.idempotencyKey, key)));
  return row;
}

function replayOf(existing: SwapOrder, requestHash: string) {
  if (existing.requestHash !== requestHash) {
    throw new DomainError(
      'conflict',
      'IDEMPOTENCY_CONFLICT',
      'This idempotencyKey was already used for a different swap order',
      { field: 'idempotencyKey' },
    );
  }
  return { order: existing, replayed: true };
}

/**
 * POST /{account}/exchange: prices the order once and keeps those amounts; confirm moves exactly
 * them. The same key with the same request answers the first order (even after its expiry).
 */
export async function createSwapOrder(
  deps: SwapServiceDeps,
  input: OrderRequest,
): Promise<{ order: SwapOrder; replayed: boolean }> {
  const q = await quote(deps.provider, deps.config, input);
  requireWithinLimits(q);
  const requestHash = createHash('sha256')
    .update(JSON.stringify([q.sourceCurrency, q.destinationCurrency, q.sourceAmount.toString()]))
    .digest('hex');
  const ttl = deps.orderTtlSeconds?.() ?? deps.config.swapOrderTtlSeconds;
  const expiresAt = deps.now
    ? new Date(deps.now().getTime() + ttl * 1000)
    : sql`now() + interval '${sql.raw(String(Math.trunc(ttl)))} seconds'`;
  const [inserted] = await deps.db
    .insert(swapOrders)
    .values({
      accountId: input.accountId,
      sourceCurrency: q.sourceCurrency,
      destinationCurrency: q.destinationCurrency,
      sourceAmount: q.sourceAmount,
      destinationAmount: q.destinationAmount,
      rate: q.rate,
      idempotencyKey: input.idempotencyKey,
      requestHash,
      expiresAt,
    })
    .onConflictDoNothing({ target: [swapOrders.accountId, swapOrders.idempotencyKey] })
    .returning();
  // A replay, or a concurrent twin that inserted first: answer from its row. No read before the
  // insert: new orders are the common case, and the unique index decides both.
  if (!inserted) return replayOf((await byKey(deps.db, input.accountId, input.idempotencyKey))!, requestHash);
  return { order: inserted, replayed: false };
}
