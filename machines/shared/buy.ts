/**
 * Card buy (spec §3, §5, §7, §9): the quote, the limits, the approximate rate and the order request,
 * as pure functions of decimal strings (never floats: these amounts move money).
 */
import type { BuyOrderRequest } from '../../contracts/buy';
import type { Coin } from '../../contracts/wallet';
import { isCompleteAmount, toWireAmount } from './amountInput';
import type { Failure } from './failure';
import {
  compareDecimal,
  divideDecimal,
  fromUnits,
  isDecimal,
  isZero,
  multiplyDecimal,
  subtractDecimal,
  toUnits,
} from './money';

/**
 * Spec §9: buy fiat limits (inclusive), quote validity, debounce of the rate call. The same values as
 * contracts/buy.ts (a test holds them equal), written out so the buy screens do not load the schemas.
 */
export const BUY_LIMITS: Record<string, { min: string; max: string }> = { RUB: { min: '3000', max: '75000' } };
export const QUOTE_VALIDITY_SECONDS = 300;
export const QUOTE_DEBOUNCE_MS = 300;

/** Which amount the user typed; the other side is quoted (spec §7 POST /b2c/rate). */
export type BuySide = 'fiat' | 'crypto';

/** Spec §3 buy quote: the first element of the rate list. */
export type BuyQuote = {
  fiatAmount: string;
  cryptoAmount: string;
  fiatCurrency: string;
  fiatSettingsItemId: string;
  fixedRateId: string;
  /** Fiat per one crypto as the server priced it (spread included); computed from the amounts when absent. */
  rate?: string;
  /** The market price the spread is added to (the gateway's midRate); absent from an older gateway. */
  midRate?: string;
  /** Seconds the fixedRateId stays valid from the answer (300). */
  validSeconds?: number;
  /** When the app received the quote (ms since the epoch): the review counts down from it. */
  receivedAt?: number;
};

/** What the rate call is asked: the coin, the region and one side's amount. */
export type QuoteRequest = {
  currency: string;
  geoId: string;
  fiatCurrency: string;
  depositAddress: string;
  side: BuySide;
  amount: string;
};

/** Where the order form and the review start from (the URL's choice of coin and region). */
export type BuyChoice = { currency: string; geoId: string; fiatCurrency: string };

/** What the order form hands to the review, through the flow's context (never storage). */
export type BuyDraft = BuyChoice & { depositAddress: string; side: BuySide; amount: string; quote: BuyQuote | null };

/** A draft the review can show: it carries the quote the order form had on screen. */
export type QuotedDraft = BuyDraft & { quote: BuyQuote };

/** What the user typed on the order form: back from the review, the form starts from it and quotes it again. */
export type BuyTyped = { side: BuySide; amount: string };

/** Spec §7 POST /b2c/order body. */
export type { BuyOrderRequest } from '../../contracts/buy';

/** The created order: where the payment page is, and the order to follow on return. */
export type BuyOrderCreated = { url: string; orderId: string };

/** Errors are data (machines/shared/failure.ts): a server code and message, or the limits the server refused. */
export type BuyFailure = Failure;

/** The server refused the amount for the limits (the app shows buy_limit, like its own check). */
export const isLimitFailure = (f: BuyFailure | null) => f !== null && /LIMIT/.test(f.code);

export const limitsOf = (fiatCurrency: string) => BUY_LIMITS[fiatCurrency] ?? null;

/** A fiat amount outside the inclusive limits of its currency (none known: never out). */
export function outOfLimits(fiat: string, fiatCurrency: string): boolean {
  const limits = limitsOf(fiatCurrency);
  const value = toWireAmount(fiat);
  if (!limits || !isCompleteAmount(value)) return false;
  return compareDecimal(value, limits.min) < 0 || compareDecimal(value, limits.max) > 0;
}

/** Preset amounts per fiat (issue 22): one tap fills the fiat amount; kept inside the limits where known. */
const PRESETS: Record<string, readonly string[]> = {
  RUB: ['5000', '10000', '25000', '50000'],
  USD: ['50', '100', '250', '500'],
  EUR: ['50', '100', '250', '500'],
};

/** The order form's preset chips in this fiat (none for a fiat without presets). */
export const presetsOf = (fiatCurrency: string): readonly string[] =>
  (PRESETS[fiatCurrency] ?? []).filter((amount) => !outOfLimits(amount, fiatCurrency));

/** Something worth asking a quote for: a complete, positive amount. */
export const quotable = (amount: string) => isCompleteAmount(toWireAmount(amount)) && !isZero(toWireAmount(amount));

/** The approximate rate, fiat per 1 crypto, to 2 decimals (half up), from the quote's two amounts. */
export function rateOf(quote: Pick<BuyQuote, 'fiatAmount' | 'cryptoAmount' | 'rate'> | null): string | null {
  if (quote?.rate && isCompleteAmount(quote.rate)) return fromUnits(toUnits(quote.rate, 2), 2);
  if (
    !quote ||
    !isCompleteAmount(quote.fiatAmount) ||
    !isCompleteAmount(quote.cryptoAmount) ||
    isZero(quote.cryptoAmount)
  )
    return null;
  const scale = 18;
  const fiat = toUnits(quote.fiatAmount, scale);
  const crypto = toUnits(quote.cryptoAmount, scale);
  const cents = (fiat * 100n * 2n + crypto) / (crypto * 2n);
  return fromUnits(cents, 2);
}

/** What a buy costs against the market price (issue 22): the spread as crypto not received, in fiat, and in percent. */
export type BuyFee = { crypto: string; fiat: string; percent: string };

/**
 * The spread of a quote as a fee, exact: the crypto its fiat would buy at the market price less the
 * crypto it gives, that crypto's worth in fiat at the market price, and (rate − mid) ÷ mid in percent
 * (2 decimals). Null without the market price.
 */
export function buyFee(quote: Pick<BuyQuote, 'fiatAmount' | 'cryptoAmount' | 'rate' | 'midRate'>): BuyFee | null {
  const { midRate, rate, fiatAmount, cryptoAmount } = quote;
  if (!midRate || !rate || !isDecimal(midRate) || !isDecimal(rate) || isZero(midRate)) return null;
  const atMid = divideDecimal(fiatAmount, midRate, 18);
  if (atMid === null) return null;
  const crypto = subtractDecimal(atMid, cryptoAmount);
  const fiat = subtractDecimal(fiatAmount, multiplyDecimal(cryptoAmount, midRate));
  const gap = subtractDecimal(rate, midRate);
  const percent = divideDecimal(multiplyDecimal(gap.replace(/^-/, ''), '100'), midRate, 2) ?? '0';
  const floor = (v: string) => (v.startsWith('-') ? '0' : v);
  return { crypto: floor(crypto), fiat: floor(fiat), percent };
}

/** The order request of a review (spec §7): the side the user typed travels as typed. */
export function orderOf(draft: BuyDraft, quote: BuyQuote, idempotencyKey: string): BuyOrderRequest {
  const amount = toWireAmount(draft.amount);
  return {
    depositAddress: draft.depositAddress,
    fiatCurrency: draft.fiatCurrency,
    idempotencyKey,
    fiatSettingsItemId: quote.fiatSettingsItemId,
    rateId: quote.fixedRateId,
    ...(draft.side === 'fiat' ? { amountInFiat: amount } : { amountInCrypto: amount }),
  };
}

/** One review = one quote: its key is stored under this signature (a fresh quote is a new review). */
export const reviewSignature = (draft: BuyDraft, quote: BuyQuote) =>
  `${draft.currency}|${draft.fiatCurrency}|${draft.side}|${toWireAmount(draft.amount)}|${quote.fixedRateId}`;

/** When a quote's rate id runs out (ms since the epoch): its validity counted from when the app received it. */
export const quoteDeadline = (quote: BuyQuote, now: number) =>
  (quote.receivedAt ?? now) + (quote.validSeconds ?? QUOTE_VALIDITY_SECONDS) * 1000;

/** The coin and this wallet's deposit address for it, as the order form loads them. */
export type BuyTarget = { coin: Coin; depositAddress: string };

/** A region the card buy works in (spec §3 geo/availability item), with the fiat's name (GET /fiat/metadata). */
export type BuyRegion = { geoId: string; fiatCurrency: string; name: string };

/** Where a paid (or abandoned) order stands, as the return screen tells it. */
export type BuyOrderPhase = 'pending' | 'credited' | 'declined';
/** Why a payment ended without crypto (contracts/buy.ts failureReason): the screen says which. */
export type BuyDeclineReason = 'DECLINED' | 'PAYMENT_FAILED' | 'CANCELLED' | 'EXPIRED';
export type BuyOrderStatus = {
  orderId: string;
  phase: BuyOrderPhase;
  /** Set once declined; null while pending or credited (or when the server gave none). */
  reason: BuyDeclineReason | null;
  /** The hosted payment page while the order awaits payment: the return screen offers it again. */
  paymentUrl: string | null;
  currency: string;
  cryptoAmount: string;
  fiatAmount: string;
  fiatCurrency: string;
};

/**
 * The buy flow's steps (/buy/pay, /buy/order, /buy/order/review, /buy/status/{orderId}): the URL is the
 * step; the coin, the region and the order id it also carries are the flow's own (it builds the URL).
 */
export type BuyStep = 'pay' | 'order' | 'review' | 'status';

/** A region chosen on /buy/pay. */
export type BuyRegionChoice = Pick<BuyRegion, 'geoId' | 'fiatCurrency'>;

export const sameChoice = (a: BuyChoice, b: BuyChoice) =>
  a.currency === b.currency && a.geoId === b.geoId && a.fiatCurrency === b.fiatCurrency;
