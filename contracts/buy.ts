import { Type, type Static } from 'typebox';
import { CurrencyCodeSchema, DecimalSchema } from './common.js';
import { FiatMetaSchema } from './wallet.js';

/**
 * Card buy (spec §7 "Card buy (fiat applier)"), all under the /b2c-wallet prefix and all tokenless
 * (spec §6): a quote and an order are bound to a deposit address of this wallet instead of a bearer
 * token, and the order id (unguessable) is what the return screen polls with.
 *
 * Flow: geo/availability → rate (fixedRateId, 300 s) → order (data.url) → the hosted payment page →
 * the browser comes back to BUY_RETURN_PATH with the order id → GET /b2c/order/{orderId} until final.
 */

// The paths live in a file without schemas, so the app's API module does not pull TypeBox into its chunk.
export { BUY_PATHS } from './buyPaths.js';

/** Spec §9: buy fiat limits, inclusive, in RUB (the gateway also returns them per geo item). */
export const BUY_MIN_FIAT = '3000';
export const BUY_MAX_FIAT = '75000';
export const BUY_LIMIT_CURRENCY = 'RUB';
/** Spec §9: a fixedRateId is valid this many seconds (the review countdown). */
export const BUY_QUOTE_VALIDITY_SECONDS = 300;
/**
 * Where the hosted payment page sends the browser when it is done (paid, declined or cancelled), on
 * the app's own origin: `/buy/status/{orderId}`. The app's return screen reads the id from the path.
 */
export const BUY_RETURN_PATH = '/buy/status/:orderId';
export const buyReturnPath = (orderId: string) => `/buy/status/${encodeURIComponent(orderId)}`;

/** An address the crypto is credited to: one of this wallet's deposit addresses (GET /{account}/asset). */
const DepositAddressSchema = Type.String({
  minLength: 1,
  maxLength: 128,
  description: 'A deposit address of this wallet',
});

/** Query of GET /b2c/fiat/geo and GET /b2c/fiat/availability. */
export const FiatAddressQuerySchema = Type.Object({ depositAddress: DepositAddressSchema });
export type FiatAddressQuery = Static<typeof FiatAddressQuerySchema>;

/**
 * Spec §3 geo/availability item: a region the card acquirer serves and the fiat it charges in.
 * GET /b2c/fiat/geo lists every region; GET /b2c/fiat/availability only those where the crypto of
 * `depositAddress` can be bought (empty when it cannot). The limits are the spec §9 ones, inclusive.
 */
export const FiatGeoSchema = Type.Object({
  geoId: Type.String({ description: 'Region id, passed back as geoId to POST /b2c/rate' }),
  fiatCurrency: CurrencyCodeSchema,
  name: Type.String({ description: 'Region name in English, e.g. "Russia"' }),
  minAmount: Type.String({ description: 'Smallest fiatAmount, exact decimal string, inclusive' }),
  maxAmount: Type.String({ description: 'Largest fiatAmount, exact decimal string, inclusive' }),
});
export type FiatGeo = Static<typeof FiatGeoSchema>;
export const FiatGeoListSchema = Type.Array(FiatGeoSchema);

/** GET /fiat/metadata: spec §3 fiat currency metadata (the fiats the acquirer charges in). */
export const FiatMetadataSchema = Type.Array(FiatMetaSchema);
export type FiatMetadata = Static<typeof FiatMetadataSchema>;

/** POST /b2c/fiat/method body: which payment methods serve this address in this fiat. */
export const FiatMethodQuerySchema = Type.Object({
  depositAddress: DepositAddressSchema,
  currency: CurrencyCodeSchema,
  fiatCurrency: CurrencyCodeSchema,
  geoId: Type.Optional(Type.String({ maxLength: 32 })),
});
export type FiatMethodQuery = Static<typeof FiatMethodQuerySchema>;

/** One payment method; its fiatSettingsItemId goes into the rate and the order. Today only CARD. */
export const FiatMethodSchema = Type.Object({
  fiatSettingsItemId: Type.String(),
  method: Type.Literal('CARD'),
  name: Type.String({ description: 'e.g. "Bank card"' }),
  geoId: Type.String(),
  fiatCurrency: CurrencyCodeSchema,
  minAmount: Type.String(),
  maxAmount: Type.String(),
});
export type FiatMethod = Static<typeof FiatMethodSchema>;
export const FiatMethodListSchema = Type.Array(FiatMethodSchema);

/**
 * POST /b2c/rate body (spec §7): exactly one of cryptoAmount and fiatAmount. `externalId` is the
 * deposit address the crypto will go to: the fixedRateId is bound to it, to `currency` and to the geo.
 * Amounts outside the limits are still quoted (the app shows buy_limit); the order refuses them.
 */
export const BuyRateRequestSchema = Type.Object({
  externalId: DepositAddressSchema,
  currency: CurrencyCodeSchema,
  geoId: Type.String({ minLength: 1, maxLength: 32 }),
  cryptoAmount: Type.Optional(DecimalSchema),
  fiatAmount: Type.Optional(DecimalSchema),
});
export type BuyRateRequest = Static<typeof BuyRateRequestSchema>;

/**
 * Spec §3 buy quote; the answer is a list and the app uses its first element. From a fiatAmount the
 * crypto is rounded down; from a cryptoAmount the fiat is rounded up to kopecks, so quoting that fiat
 * again gives the same crypto back.
 */
export const BuyQuoteSchema = Type.Object({
  fiatAmount: Type.String({ description: 'Exact decimal, 2 places at most' }),
  cryptoAmount: Type.String({ description: "Exact decimal, at most 8 places (the coin's minor units if fewer)" }),
  fiatCurrency: CurrencyCodeSchema,
  currency: CurrencyCodeSchema,
  fiatSettingsItemId: Type.String(),
  fixedRateId: Type.String({ description: 'Pass as rateId to POST /b2c/order within validSeconds' }),
  rate: Type.String({ description: 'Fiat per one unit of the crypto, spread included (the approximate rate shown)' }),
  midRate: Type.Optional(
    Type.String({ description: 'The market price without the spread, exact decimal (the review shows the spread)' }),
  ),
  validSeconds: Type.Integer({ description: 'Seconds the fixedRateId stays valid from now (300)' }),
  expiresAt: Type.String({ description: 'ISO 8601, server clock' }),
  minAmount: Type.String({ description: 'Fiat limit, inclusive' }),
  maxAmount: Type.String({ description: 'Fiat limit, inclusive' }),
});
export type BuyQuote = Static<typeof BuyQuoteSchema>;
export const BuyQuoteListSchema = Type.Array(BuyQuoteSchema);

/**
 * POST /b2c/order body (spec §7): exactly one of amountInCrypto and amountInFiat, priced at the
 * rate of `rateId`. One idempotencyKey per order (a random UUID made once per review): the same key
 * with the same body answers the first order, with another body 409 IDEMPOTENCY_CONFLICT.
 */
export const BuyOrderRequestSchema = Type.Object({
  depositAddress: DepositAddressSchema,
  fiatCurrency: CurrencyCodeSchema,
  idempotencyKey: Type.String({ minLength: 8, maxLength: 128, pattern: '^[\\x21-\\x7E]+$' }),
  fiatSettingsItemId: Type.String({ minLength: 1, maxLength: 64 }),
  rateId: Type.String({ minLength: 1, maxLength: 128 }),
  amountInCrypto: Type.Optional(DecimalSchema),
  amountInFiat: Type.Optional(DecimalSchema),
});
export type BuyOrderRequest = Static<typeof BuyOrderRequestSchema>;

/**
 * Order states: NEW (payment page not paid yet), PROCESSING (card accepted, crypto on its way: history
 * shows Receiving · In progress), COMPLETED (credited: Received), FAILED (nothing credited; see
 * failureReason).
 */
export const BuyOrderStateSchema = Type.Union([
  Type.Literal('NEW'),
  Type.Literal('PROCESSING'),
  Type.Literal('COMPLETED'),
  Type.Literal('FAILED'),
]);
export type BuyOrderState = Static<typeof BuyOrderStateSchema>;

export const BuyFailureReasonSchema = Type.Union([
  Type.Literal('DECLINED'),
  Type.Literal('PAYMENT_FAILED'),
  Type.Literal('CANCELLED'),
  Type.Literal('EXPIRED'),
]);
export type BuyFailureReason = Static<typeof BuyFailureReasonSchema>;

/** GET /b2c/order/{orderId} (tokenless; the id is unguessable and is all it answers to). */
export const BuyOrderStatusSchema = Type.Object({
  orderId: Type.String(),
  state: BuyOrderStateSchema,
  failureReason: Type.Union([BuyFailureReasonSchema, Type.Null()]),
  currency: CurrencyCodeSchema,
  cryptoAmount: Type.String(),
  fiatCurrency: CurrencyCodeSchema,
  fiatAmount: Type.String(),
  rate: Type.String(),
  /** The wallet transaction (history row) once the card is accepted; null before. */
  transactionId: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  /**
   * GET /b2c/order/{orderId} only: the hosted payment page while the order awaits payment (NEW), so
   * the return screen can open it again; null once paid, failed or expired.
   */
  paymentUrl: Type.Optional(Type.Union([Type.String(), Type.Null()])),
});
export type BuyOrderStatus = Static<typeof BuyOrderStatusSchema>;

/** POST /b2c/order answer: `data.url` is the hosted payment page the browser is sent to. */
export const BuyOrderAnswerSchema = Type.Object({
  data: Type.Object({
    url: Type.String({ description: 'Hosted payment page; open it in the same tab (Telegram: openLink)' }),
    orderId: Type.String(),
    order: BuyOrderStatusSchema,
  }),
});
export type BuyOrderAnswer = Static<typeof BuyOrderAnswerSchema>;

export const BuyOrderParamsSchema = Type.Object({ orderId: Type.String({ minLength: 1, maxLength: 64 }) });

/**
 * Error codes of the buy calls (body `ApiErrorSchema`). 400: UNKNOWN_ADDRESS (no wallet has
 * the address; field depositAddress/externalId), UNKNOWN_CURRENCY (inactive or unknown coin, or the
 * address is not on its network), UNKNOWN_GEO, UNKNOWN_FIAT_SETTINGS, INVALID_AMOUNT, BUY_LIMIT
 * (fiat outside the limits, inclusive), RATE_EXPIRED (fixedRateId older than 300 s: fetch a new
 * quote), RATE_NOT_FOUND (unknown rate id, or one issued for another address/currency/fiat).
 * 404 BUY_ORDER_NOT_FOUND. 409 IDEMPOTENCY_CONFLICT. Without a card acquirer (production until one is configured) the lists are empty and rate/order answer 400 BUY_UNAVAILABLE.
 */
export const BUY_ERROR_CODES = [
  'UNKNOWN_ADDRESS',
  'UNKNOWN_CURRENCY',
  'UNKNOWN_GEO',
  'UNKNOWN_FIAT_SETTINGS',
  'INVALID_AMOUNT',
  'BUY_LIMIT',
  'RATE_EXPIRED',
  'RATE_NOT_FOUND',
  'BUY_ORDER_NOT_FOUND',
  'IDEMPOTENCY_CONFLICT',
  'BUY_UNAVAILABLE',
  'VALIDATION_ERROR',
] as const;
export type BuyErrorCode = (typeof BUY_ERROR_CODES)[number];
