import { Type, type Static } from 'typebox';
import { CurrencyCodeSchema, Nullable } from './common.js';
import { TransactionSchema } from './wallet.js';

/*
 * Spec §7 Sell (card-to-fiat). Every path is under the b2c-wallet prefix like the rest of the API:
 *   GET  /b2c-wallet/c2f/bin/{bin}                              card info (CardInfo)
 *   GET  /b2c-wallet/c2f/{account}/cards/RUB                    saved cards (SavedCard[])
 *   GET  /b2c-wallet/c2f/{account}/limit/RUB                    sell limits in fiat (SellLimit)
 *   POST /b2c-wallet/c2f/{account}/rate/RUB/{currency}          sell rate fixed for 300 s (SellRate), no body
 *   POST /b2c-wallet/c2f/{account}/order/byCard                 sell to a new card (SellByCardRequest → SellOrder)
 *   POST /b2c-wallet/c2f/{account}/order/bySavedCard            sell to a saved card (SellBySavedCardRequest → SellOrder)
 *   GET  /b2c-wallet/c2f/{account}/order/{id}                   one sell order (SellOrder), to follow its state
 * The spec shows no path for the rate and the two sells; these are the older c2f paths it lists.
 * Both sells take the header `pincode` while a passcode is active, like a withdrawal.
 */

/** Spec §9: the only fiat a sell pays out in. */
export const SELL_FIAT = 'RUB';
/** Spec §9: the only bank code payouts go to. */
export const SELL_BANK_CODE = 'SBR';
/** Spec §9: card numbers have 16 digits; the lookup runs on the first 6. */
export const CARD_NUMBER_LENGTH = 16;
export const CARD_BIN_LENGTH = 6;

/** Error codes of the sell calls (the `code` of an ApiErrorBody). */
export const SellErrorCodes = {
  /** 400, field `card`: not 16 digits or fails the Luhn check (checked before anything else). */
  cardInvalid: 'CARD_NUMBER_INVALID',
  /** 400, field `bankCode` (or `card`/`cardId`): the card's bank is not SBR. Spec §5 key. */
  onlySber: 'sell_only_sber_error',
  /** 400, field `fiatCurrency`: anything but RUB. */
  fiatUnsupported: 'SELL_FIAT_UNSUPPORTED',
  /** 400, field `currency`: unknown or not sellable. */
  unknownCurrency: 'UNKNOWN_CURRENCY',
  /** 400, field `fiatAmount`: not a positive amount with at most 2 decimals. */
  invalidAmount: 'INVALID_AMOUNT',
  /** 400, field `fiatAmount`: below minLimit / above maxLimit of GET limit. */
  minLimit: 'SELL_MIN_LIMIT',
  maxLimit: 'SELL_MAX_LIMIT',
  /** 400, field `fixedRateId`: unknown rateId, another account's, or for another currency. */
  rateNotFound: 'SELL_RATE_NOT_FOUND',
  /** 400, field `fixedRateId`: the rate is older than 300 s; ask for a new one. */
  rateExpired: 'SELL_RATE_EXPIRED',
  /** 400, field `fiatAmount`: the crypto it takes is above the available balance. */
  notEnoughFunds: 'NOT_ENOUGH_FUNDS',
  /** 404, field `cardId`: no such saved card on this account. */
  cardNotFound: 'CARD_NOT_FOUND',
  /** 404: no such sell order on this account. */
  orderNotFound: 'SELL_ORDER_NOT_FOUND',
  /** 409, field `idempotencyKey`: the key was used with another body. */
  idempotencyConflict: 'IDEMPOTENCY_CONFLICT',
  /** 503: the payout provider does not accept payouts now (spec §8: "Payouts are temporarily unavailable. Please try again later."). Nothing was held. */
  payoutsUnavailable: 'PAYOUTS_UNAVAILABLE',
} as const;
export type SellErrorCode = (typeof SellErrorCodes)[keyof typeof SellErrorCodes];

export const BinParamsSchema = Type.Object({
  bin: Type.String({ pattern: '^[0-9]{6}$', description: 'The first 6 digits of the card number' }),
});

/** Spec §3 card info lookup. */
export const CardInfoSchema = Type.Object(
  {
    code: Type.String({ description: 'Bank code, e.g. "SBR" for Sberbank, or "unknown"' }),
    system: Type.String({ description: 'Payment system: "MIR", "VISA", "MASTERCARD", or "unknown"' }),
  },
  { description: 'Spec §3 card info lookup' },
);
export type CardInfo = Static<typeof CardInfoSchema>;

/** Spec §3 saved bank card; the full number never leaves the payout provider's vault. */
export const SavedCardSchema = Type.Object(
  {
    cardId: Type.String(),
    mascCard: Type.String({ description: 'Masked number: first 6 and last 4 digits, e.g. "220220******1234"' }),
    bankCode: Type.String(),
    bankSystem: Type.String({ description: 'Payment system, as in the card info lookup' }),
  },
  { description: 'Spec §3 saved bank card' },
);
export type SavedCard = Static<typeof SavedCardSchema>;

export const SellAccountParamsSchema = Type.Object({
  account: Type.String({ minLength: 1, maxLength: 64 }),
  fiatCurrency: CurrencyCodeSchema,
});

/** Spec §3 sell limits: bounds of fiatAmount, in limitCurrency (RUB). */
export const SellLimitSchema = Type.Object(
  {
    minLimit: Type.String({ description: 'Exact decimal string' }),
    maxLimit: Type.String({ description: 'Exact decimal string' }),
    limitCurrency: Type.String(),
  },
  { description: 'Spec §3 sell limits' },
);
export type SellLimit = Static<typeof SellLimitSchema>;

export const SellRateParamsSchema = Type.Object({
  account: Type.String({ minLength: 1, maxLength: 64 }),
  fiatCurrency: CurrencyCodeSchema,
  currency: CurrencyCodeSchema,
});

/** Spec §3 sell rate: fiat per one unit of the crypto, fixed under rateId until expiresAt. */
export const SellRateSchema = Type.Object(
  {
    rate: Type.String({ description: 'Fiat units per one crypto unit, exact decimal string' }),
    rateId: Type.String({ description: 'Pass as fixedRateId to a sell within 300 s' }),
    midRate: Type.Optional(
      Type.String({ description: 'The market price without the spread, exact decimal (the review shows the spread)' }),
    ),
    currency: Type.String(),
    fiatCurrency: Type.String(),
    expiresAt: Type.String({ description: 'ISO 8601 (server clock); after it a sell answers 400 SELL_RATE_EXPIRED' }),
  },
  { description: 'Spec §3 sell rate' },
);
export type SellRate = Static<typeof SellRateSchema>;

const IdempotencyKeySchema = Type.String({
  minLength: 8,
  maxLength: 128,
  pattern: '^[\\x21-\\x7E]+$',
  description: 'One per review; the same key with the same body answers the first order, with another body 409',
});

const FiatAmountSchema = Type.String({
  minLength: 1,
  maxLength: 64,
  description: 'Fiat the card receives, exact decimal string, at most 2 decimals',
  examples: ['5000'],
});

/** Spec §7 sell with a new card (account is in the path). */
export const SellByCardRequestSchema = Type.Object({
  card: Type.String({
    minLength: 1,
    maxLength: 32,
    description: '16 digits, Luhn-valid; never stored or logged by the gateway',
  }),
  currency: CurrencyCodeSchema,
  fiatCurrency: CurrencyCodeSchema,
  fixedRateId: Type.String({ minLength: 1, maxLength: 64 }),
  fiatAmount: FiatAmountSchema,
  bankCode: Type.String({
    minLength: 1,
    maxLength: 32,
    description: 'From the card info lookup; must be SBR (the gateway checks it again)',
  }),
  bankSystem: Type.String({ minLength: 1, maxLength: 32 }),
  saveCard: Type.Boolean({ description: 'Keep the card (as a vault token and its masked number) for later sells' }),
  idempotencyKey: IdempotencyKeySchema,
});
export type SellByCardRequest = Static<typeof SellByCardRequestSchema>;

/** Spec §7 sell with a saved card (account is in the path). */
export const SellBySavedCardRequestSchema = Type.Object({
  cardId: Type.String({ minLength: 1, maxLength: 64 }),
  currency: CurrencyCodeSchema,
  fiatCurrency: CurrencyCodeSchema,
  fixedRateId: Type.String({ minLength: 1, maxLength: 64 }),
  fiatAmount: FiatAmountSchema,
  idempotencyKey: IdempotencyKeySchema,
});
export type SellBySavedCardRequest = Static<typeof SellBySavedCardRequestSchema>;

export const SellOrderStateSchema = Type.Union([
  Type.Literal('IN_PROGRESS'),
  Type.Literal('COMPLETED'),
  Type.Literal('FAILED'),
]);
export type SellOrderState = Static<typeof SellOrderStateSchema>;

export const SellOrderParamsSchema = Type.Object({
  account: Type.String({ minLength: 1, maxLength: 64 }),
  id: Type.String({ minLength: 1, maxLength: 64 }),
});

/** A sell: the crypto is held at the fixed rate while the payout runs, then taken (COMPLETED) or released (FAILED). */
export const SellOrderSchema = Type.Object(
  {
    id: Type.String(),
    state: SellOrderStateSchema,
    currency: Type.String(),
    amount: Type.String({ description: 'Crypto sold (held, then taken), exact decimal string' }),
    fiatCurrency: Type.String(),
    fiatAmount: Type.String({ description: 'Fiat paid to the card, exact decimal string' }),
    rate: Type.String(),
    cardId: Nullable(Type.String(), {
      description: 'The saved card used or saved by this sell; null when the card was not saved',
    }),
    mascCard: Type.String(),
    bankCode: Type.String(),
    createdDate: Type.String(),
    transaction: Nullable(TransactionSchema, { description: 'The C2F history row (spec §3 transaction)' }),
  },
  { description: 'A sell order; a replay with the same idempotencyKey answers the same order, in its current state' },
);
export type SellOrder = Static<typeof SellOrderSchema>;
