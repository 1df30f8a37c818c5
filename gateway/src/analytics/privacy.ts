import { ANALYTICS_SCREENS, SIGN_IN_METHODS, type AnalyticsBatch } from '../../../contracts/analytics.js';
import { BuyFailureReasonSchema } from '../../../contracts/buy.js';
import { SellErrorCodes } from '../../../contracts/sell.js';
import { invalid } from '../domain/errors.js';
import { COINS, FIATS } from '../wallet/catalogue.js';

/**
 * The second gate after the contract's schema (issue 20 item 7, GUIDE §8.17): every property of an
 * analytics event is an enum, and nothing anywhere in a batch carries a digit run of 12 or more (a
 * card number, a phone number, an account number). The schema alone took any upper-case word of 40
 * characters as a `reason` (free text such as IVAN_PETROV_MOSCOW) and any `[A-Z][A-Z0-9_]*` of 16 as
 * a currency (BTC4276380012345).
 */

/** Longest run of digits any value may hold: a card has 16, a phone number 10 to 15, a passcode 4. */
export const MAX_DIGIT_RUN = 11;
const LONG_DIGIT_RUN = new RegExp(`[0-9]{${MAX_DIGIT_RUN + 1},}`);

/** Coins of the catalogue, fiats, and UNKNOWN (a swap confirmed after a reload has no remembered pair). */
export const ANALYTICS_CURRENCIES: ReadonlySet<string> = new Set([
  ...COINS.map((c) => c.currency),
  ...FIATS.map((f) => f.currency),
  'UNKNOWN',
]);

/**
 * Every code the gateway answers with (the app records a refusal's `code` as the reason), a buy's
 * failure reasons, and UNKNOWN (what the app sends for anything else). A test scans gateway/src for
 * codes and fails when one is missing here: add it with the code.
 */
export const ANALYTICS_REASON_CODES: ReadonlySet<string> = new Set([
  'UNKNOWN',
  ...BuyFailureReasonSchema.anyOf.map((s) => s.const as string),
  ...Object.values(SellErrorCodes).filter((c) => /^[A-Z]/.test(c)),
  // http/errors.ts and the generic refusals
  'VALIDATION_ERROR',
  'INTERNAL_ERROR',
  'BAD_REQUEST',
  'NOT_FOUND',
  'UNAUTHORIZED',
  'RATE_LIMITED',
  'BODY_TOO_DEEP',
  'BODY_TOO_LARGE',
  // users, sign-in, passcode
  'ACCOUNT_NOT_FOUND',
  'EMAIL_TAKEN',
  'CONFIRMATION_CODE_INVALID',
  'RESET_CODE_INVALID',
  'B2C_USM0022',
  'B2C_USM0023',
  'B2C_USM0024',
  'B2C_USM0025',
  'B2C_USM0026',
  'B2C_USM0027',
  'B2C_USM0030',
  'B2C_USM0031',
  'B2C_USM0032',
  'PINCODE_ALREADY_ACTIVE',
  'PINCODE_NOT_ACTIVE',
  'PINCODE_REQUIRED',
  'PASSCODE_RESET_HOLD',
  // Telegram
  'TG_LINK_SIGN_IN_REQUIRED',
  'TG_RECOVERY_INVALID',
  'TG_RECOVERY_NOT_LINKED',
  'TG_RECOVERY_STALE',
  'TG_RELINK_CODE_EXPIRED',
  'TG_RELINK_CODE_INVALID',
  'TG_RELINK_CODE_USED',
  'TG_RELINK_MAIL_FAILED',
  'TG_RELINK_PROOF_REQUIRED',
  'TG_UNLINK_FORBIDDEN',
  'TELEGRAM_NOT_LINKED',
  // wallet, history, send, swap
  'ASSET_NOT_FOUND',
  'TRANSACTION_NOT_FOUND',
  'INVALID_CURSOR',
  'INVALID_DATE',
  'INVALID_DATE_RANGE',
  'INVALID_ADDRESS',
  'INVALID_AMOUNT',
  'ADDRESS_NOT_USED',
  'SAME_USER',
  'UNSUPPORTED_CURRENCY',
  'UNSUPPORTED_NETWORK',
  'UNKNOWN_CURRENCY',
  'NOT_ENOUGH_FUNDS',
  'IDEMPOTENCY_CONFLICT',
  'SWAP_MAX_LIMIT',
  'SWAP_MIN_LIMIT',
  'SWAP_ORDER_EXPIRED',
  'SWAP_ORDER_NOT_FOUND',
  'UNSUPPORTED_PAIR',
  // buy, address book
  'BUY_LIMIT',
  'BUY_ORDER_NOT_FOUND',
  'BUY_UNAVAILABLE',
  'BAD_CALLBACK',
  'PAYMENT_MISMATCH',
  'RATE_EXPIRED',
  'RATE_NOT_FOUND',
  'UNKNOWN_ADDRESS',
  'UNKNOWN_FIAT',
  'UNKNOWN_FIAT_SETTINGS',
  'UNKNOWN_GEO',
  'ADDRESS_BOOK_ENTRY_NOT_FOUND',
  'ADDRESS_BOOK_FULL',
]);

/** The two bounded families besides the list: the app's `HTTP_<status>` and Fastify's own codes (letters only). */
const REASON_FAMILIES = [/^HTTP_[1-5][0-9]{2}$/, /^FST_ERR_[A-Z_]{1,40}$/];

const SCREENS: ReadonlySet<string> = new Set(ANALYTICS_SCREENS);
const METHODS: ReadonlySet<string> = new Set([...SIGN_IN_METHODS, 'email']);

const isCurrency = (v: string) => ANALYTICS_CURRENCIES.has(v);
/** What each property the contract names may hold; a property not named here is refused. */
const PROPERTY_RULES: Record<string, (value: string) => boolean> = {
  screen: (v) => SCREENS.has(v),
  method: (v) => METHODS.has(v),
  currency: isCurrency,
  fiat: isCurrency,
  from: isCurrency,
  to: isCurrency,
  reason: (v) => ANALYTICS_REASON_CODES.has(v) || REASON_FAMILIES.some((family) => family.test(v)),
};

const refuse = (field: string, what: string) => invalid('VALIDATION_ERROR', `${field} ${what}`, field);

/** Throws 400 VALIDATION_ERROR naming the first property that is not an allowed value. */
export function checkAnalyticsBatch(batch: AnalyticsBatch): void {
  if (LONG_DIGIT_RUN.test(batch.sessionId))
    throw refuse('sessionId', `must not hold ${MAX_DIGIT_RUN + 1} or more digits in a row`);
  batch.events.forEach((event, i) => {
    for (const [key, value] of Object.entries(event.props as Record<string, unknown>)) {
      const field = `events.${i}.props.${key}`;
      if (typeof value !== 'string') throw refuse(field, 'must be a string');
      if (LONG_DIGIT_RUN.test(value)) throw refuse(field, `must not hold ${MAX_DIGIT_RUN + 1} or more digits in a row`);
      const rule = PROPERTY_RULES[key];
      if (!rule) throw refuse(field, 'is not an allowed property');
      if (!rule(value)) throw refuse(field, 'is not one of the allowed values');
    }
  });
}
