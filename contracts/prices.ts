import { Type, type Static } from 'typebox';
import { CurrencyCodeSchema, Nullable } from './common.js';

/** The ranges a price chart offers (issue 14). */
export const PriceRangeSchema = Type.Union([
  Type.Literal('24h'),
  Type.Literal('7d'),
  Type.Literal('30d'),
  Type.Literal('1y'),
]);
export type PriceRange = Static<typeof PriceRangeSchema>;
/** In the order the chart offers them. */
export const PRICE_RANGES: readonly PriceRange[] = ['24h', '7d', '30d', '1y'];

/** A price as an exact decimal string; a change may carry a leading "-". */
const PriceSchema = Type.String({
  pattern: '^-?\\d+(\\.\\d+)?$',
  description: 'Exact decimal string',
  examples: ['97012.35'],
});

/** GET /b2c-wallet/rate/history query. */
export const PriceHistoryQuerySchema = Type.Object(
  {
    currency: CurrencyCodeSchema,
    fiat: CurrencyCodeSchema,
    range: PriceRangeSchema,
  },
  { additionalProperties: false },
);
export type PriceHistoryQuery = Static<typeof PriceHistoryQuerySchema>;

export const PricePointSchema = Type.Object({
  at: Type.String({ format: 'date-time' }),
  price: PriceSchema,
});
export type PricePoint = Static<typeof PricePointSchema>;

/** Open, close, high, low and change of a series, computed from its points exactly. */
export const PriceSummarySchema = Type.Object({
  open: PriceSchema,
  close: PriceSchema,
  high: PriceSchema,
  low: PriceSchema,
  /** close − open. */
  change: PriceSchema,
  /** (close − open) / open × 100, rounded half away from zero to 2 decimals. */
  changePercent: PriceSchema,
});
export type PriceSummary = Static<typeof PriceSummarySchema>;

/**
 * The price of one unit of `currency` in `fiat` over `range`, oldest first; every price of a series
 * has the same number of decimals. No points and a null summary when the provider has no price.
 */
export const PriceHistorySchema = Type.Object(
  {
    currency: Type.String(),
    fiat: Type.String(),
    range: PriceRangeSchema,
    points: Type.Array(PricePointSchema),
    summary: Nullable(PriceSummarySchema),
  },
  { description: 'Display prices, never used to move funds' },
);
export type PriceHistory = Static<typeof PriceHistorySchema>;
