/**
 * Where swaps are priced and settled, as chain/adapter.ts is for chains: the gateway talks only to
 * this interface; the sandbox implementation lives under ./sandbox.
 */
export interface SwapPair {
  sourceCurrency: string;
  destinationCurrency: string;
}

export interface PairTerms {
  /** Destination units per source unit, spread included, as an exact decimal string. */
  rate: string;
  /** The mid-market rate the spread is taken from, same units (the app shows the difference as the fee); absent when the provider does not say. */
  midRate?: string;
  /** Bounds of the source amount, in the source's minor units. */
  minLimit: bigint;
  maxLimit: bigint;
}

export interface SwapExecution {
  id: string;
  sourceCurrency: string;
  destinationCurrency: string;
  sourceAmount: bigint;
  destinationAmount: bigint;
}

/** Settled (ok), refused (nothing moves), or accepted to settle later under the provider's `ref`. */
export type ExecutionResult = { ok: true } | { ok: false; reason: string } | { pending: true; ref: string };

/** Where an asynchronously settling order stands. */
export type SettlementStatus = { ok: true } | { ok: false; reason: string } | { pending: true };

export interface LiquidityProvider {
  readonly name: string;
  /** Directed pairs among the given currencies the provider trades; not symmetric. */
  pairs(currencies: readonly string[]): Promise<SwapPair[]>;
  /** Terms of one directed pair, or undefined when it is not traded. */
  terms(sourceCurrency: string, destinationCurrency: string): Promise<PairTerms | undefined>;
  /**
   * True when the next execute will answer `pending`: the gateway then holds the source first and
   * settles when status() says so. Read just before execute, under the order's lock.
   */
  settlesAsynchronously(): boolean;
  /** Settles an order at its own amounts (never re-priced). Idempotent on the order id. */
  execute(order: SwapExecution): Promise<ExecutionResult>;
  /** Asynchronous settlement only: polled by the settlement worker until it is not pending. */
  status(ref: string): Promise<SettlementStatus>;
}

/** Outside the sandbox until a real provider is configured: no pairs, so no swap can be priced. */
export const noLiquidity: LiquidityProvider = {
  name: 'none',
  pairs: async () => [],
  terms: async () => undefined,
  settlesAsynchronously: () => false,
  execute: async () => ({ ok: false, reason: 'No liquidity provider is configured' }),
  status: async () => ({ ok: false, reason: 'No liquidity provider is configured' }),
};
