/**
 * Sandbox only: an order lifetime that overrides SWAP_ORDER_TTL_SECONDS for orders created after it
 * is set (the browser journey tests the expired review without waiting five minutes). In memory,
 * like the other /dev/swap switches; null goes back to the configured value.
 */
export interface OrderTtlOverride {
  get(): number | null;
  set(seconds: number | null): void;
}

export function createOrderTtlOverride(): OrderTtlOverride {
  let seconds: number | null = null;
  return {
    get: () => seconds,
    set(value) {
      seconds = value;
    },
  };
}
