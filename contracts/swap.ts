import { Type, type Static } from 'typebox';
import { CurrencyCodeSchema, DecimalSchema } from './common.js';

/** Spec §3 swap pairs: one direction each; the reverse is a separate entry when supported. */
export const CurrencyPairSchema = Type.Object({
  sourceCurrency: Type.String(),
  destinationCurrency: Type.String(),
});
export type CurrencyPair = Static<typeof CurrencyPairSchema>;

/** GET /b2c-wallet/{account}/limit/{source}/{destination}: bounds in the source currency. */
export const SwapLimitSchema = Type.Object({
  minLimit: Type.String({ description: 'Smallest sourceAmount, exact decimal string' }),
  maxLimit: Type.String({ description: 'Largest sourceAmount, exact decimal string' }),
  currency: Type.String({ description: 'The source currency the limits are in' }),
});
export type SwapLimit = Static<typeof SwapLimitSchema>;

/** POST /b2c-wallet/{account}/exchange/pre-calculate body: exactly one of the two amounts. */
export const SwapQuoteQuerySchema = Type.Object({
  sourceCurrency: CurrencyCodeSchema,
  destinationCurrency: CurrencyCodeSchema,
  sourceAmount: Type.Optional(DecimalSchema),
  destinationAmount: Type.Optional(DecimalSchema),
});
export type SwapQuoteQuery = Static<typeof SwapQuoteQuerySchema>;

/** Spec §3 swap quote. */
export const SwapQuoteSchema = Type.Object({
  sourceAmount: Type.String(),
  destinationAmount: Type.String({ description: "Rounded down to the destination asset's minor units" }),
  rate: Type.String({ description: 'Destination units per source unit, spread included' }),
  midRate: Type.Optional(
    Type.String({
      description:
        'The mid-market rate the spread is taken from, same units, exact decimal; rate is below it by the spread (the fee). Absent when the provider does not say',
    }),
  ),
  minLimit: Type.String(),
  maxLimit: Type.String(),
});
export type SwapQuote = Static<typeof SwapQuoteSchema>;

/** POST /b2c-wallet/{account}/exchange body. */
export const SwapOrderRequestSchema = Type.Object({
  sourceCurrency: CurrencyCodeSchema,
  destinationCurrency: CurrencyCodeSchema,
  sourceAmount: DecimalSchema,
  idempotencyKey: Type.String({
    minLength: 8,
    maxLength: 128,
    pattern: '^[\\x21-\\x7E]+$',
    description:
      'One per order creation; the same key with the same body returns the first order, with another body 409',
  }),
});
export type SwapOrderRequest = Static<typeof SwapOrderRequestSchema>;

/** IN_PROGRESS: confirmed, the provider settles later (the source on hold meanwhile). */
export const SwapOrderStateSchema = Type.Union([
  Type.Literal('NEW'),
  Type.Literal('IN_PROGRESS'),
  Type.Literal('COMPLETED'),
  Type.Literal('FAILED'),
]);
export type SwapOrderState = Static<typeof SwapOrderStateSchema>;

/** Spec §3 swap order: the amounts confirm moves, fixed until expiresAt (server clock). */
export const SwapOrderSchema = Type.Object({
  id: Type.String(),
  sourceCurrency: Type.String(),
  destinationCurrency: Type.String(),
  sourceAmount: Type.String(),
  destinationAmount: Type.String(),
  rate: Type.String(),
  expiresAt: Type.String({ description: 'ISO 8601; confirm after this instant answers 400 SWAP_ORDER_EXPIRED' }),
  state: SwapOrderStateSchema,
});
export type SwapOrder = Static<typeof SwapOrderSchema>;

export const SwapOrderParamsSchema = Type.Object({
  account: Type.String({ minLength: 1, maxLength: 64 }),
  id: Type.String({ minLength: 1, maxLength: 64 }),
});

export const SwapLimitParamsSchema = Type.Object({
  account: Type.String({ minLength: 1, maxLength: 64 }),
  source: CurrencyCodeSchema,
  destination: CurrencyCodeSchema,
});
