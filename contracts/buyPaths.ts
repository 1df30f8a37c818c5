/** The calls, relative to the gateway host; like every wallet call they sit under the b2c-wallet prefix. */
export const BUY_PATHS = {
  method: 'b2c-wallet/b2c/fiat/method',
  geo: 'b2c-wallet/b2c/fiat/geo',
  metadata: 'b2c-wallet/fiat/metadata',
  availability: 'b2c-wallet/b2c/fiat/availability',
  rate: 'b2c-wallet/b2c/rate',
  order: 'b2c-wallet/b2c/order',
  /** GET `${order}/{orderId}`: the order's status, for the return screen. */
  orderStatus: (orderId: string) => `b2c-wallet/b2c/order/${encodeURIComponent(orderId)}`,
} as const;
