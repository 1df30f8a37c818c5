import type { CurrencyPair, SwapOrder, SwapOrderRequest, SwapQuote, SwapQuoteQuery } from '../../contracts/swap';
import type { Coin } from '../../contracts/wallet';
import { isPositiveAmount, nextAmount, toWireAmount } from './amountInput';
import type { Failure } from './failure';
import { compareDecimal, cutDecimal, divideDecimal, multiplyDecimal, spreadPercent, subtractDecimal } from './money';

/** Types and pure rules of the swap machine (machines/swap.machine.ts). */

/** The flow's five URLs: /swap/from, /swap/to, /swap/order, /swap/order/review, /swap/order/success. */
export type SwapRoute = 'from' | 'to' | 'order' | 'review' | 'success';

export type SwapInput = {
  /** Preselected source and destination (the home shortcut: BTC → USDT_TRX). */
  from?: string | null;
  to?: string | null;
};

/** A held asset and what of it can be spent. */
export type Holding = { currency: string; available: string };

/** What the flow needs before the first screen: catalogue, balances, pairs (spec §7 currency-pair). */
export type SwapSetup = {
  coins: Coin[];
  holdings: Holding[];
  pairs: CurrencyPair[];
  passcodeActive: boolean;
  /** The passcode step offers biometric unlock (faceIdEnabled). */
  biometrics?: boolean;
};

/** The created order and the seconds left until its own `expiresAt` when it arrived. */
export type PlacedOrder = { order: SwapOrder; secondsLeft: number };

export type SwapFailure = Failure;

/** Which amount the user typed last: it drives the other one (spec §4). */
export type AmountSide = 'source' | 'destination';

/** Spec §5 swap field messages. */
export type AmountProblem =
  | { kind: 'min'; amount: string; currency: string }
  | { kind: 'max'; amount: string; currency: string }
  | { kind: 'notEnough' };

export type SwapEvent =
  | { type: 'load.retried' }
  | { type: 'search.changed'; value: string }
  | { type: 'asset.picked'; currency: string }
  /** Back from a picker (two events: both lead back to the same amounts, and the model tells them apart). */
  | { type: 'sourcePicker.closed' }
  | { type: 'destinationPicker.closed' }
  | { type: 'source.requested' }
  | { type: 'destination.requested' }
  | { type: 'sides.swapped' }
  | { type: 'amount.changed'; side: AmountSide; value: string }
  | { type: 'max.requested' }
  /** A chip: this share of the available balance (Max is max.requested). */
  | { type: 'share.requested'; share: 25 | 50 }
  | { type: 'quote.retried' }
  | { type: 'form.submitted' }
  | { type: 'order.retried' }
  | { type: 'review.edited' }
  | { type: 'review.confirmed' }
  | { type: 'rate.updated' }
  | { type: 'passcode.cancelled' }
  /** The URL moved to another step (the browser's back or forward button). */
  | { type: 'route.changed'; route: SwapRoute };

export type SwapContext = {
  coins: Coin[];
  holdings: Holding[];
  pairs: CurrencyPair[];
  passcodeActive: boolean;
  from: string | null;
  to: string | null;
  search: string;
  sourceAmount: string;
  destinationAmount: string;
  driver: AmountSide;
  quote: SwapQuote | null;
  /** The idempotency key of the order being created: kept across retries, new for a fresh order. */
  key: string | null;
  order: SwapOrder | null;
  /** Seconds the order had left when it arrived (spec §9: 300): the countdown child counts them down. */
  orderSeconds: number;
  /** The last order's countdown reached zero (until the next order arrives). */
  expired: boolean;
  /** The passcode step offers biometric unlock (faceIdEnabled). */
  biometrics: boolean;
  failure: SwapFailure | null;
};

export const coinOf = (c: Pick<SwapContext, 'coins'>, currency: string | null) =>
  currency === null ? null : (c.coins.find((coin) => coin.currency === currency) ?? null);

const activeCoin = (c: Pick<SwapContext, 'coins'>, currency: string) => coinOf(c, currency)?.active === true;

export const hasPair = (c: Pick<SwapContext, 'pairs'>, from: string | null, to: string | null) =>
  from !== null && to !== null && c.pairs.some((p) => p.sourceCurrency === from && p.destinationCurrency === to);

export const availableOf = (c: Pick<SwapContext, 'holdings'>, currency: string | null) =>
  c.holdings.find((h) => h.currency === currency)?.available ?? null;

/** Sources: held, active coins the provider trades from. */
export const sourceCandidates = (c: Pick<SwapContext, 'coins' | 'holdings' | 'pairs'>) =>
  c.holdings
    .map((h) => h.currency)
    .filter((cur) => activeCoin(c, cur) && c.pairs.some((p) => p.sourceCurrency === cur));

/** Destinations of the chosen source: active coins the server pairs it with. */
export const destinationCandidates = (c: Pick<SwapContext, 'coins' | 'pairs' | 'from'>) =>
  c.pairs
    .filter((p) => p.sourceCurrency === c.from && activeCoin(c, p.destinationCurrency))
    .map((p) => p.destinationCurrency);

export const isSource = (c: Pick<SwapContext, 'coins' | 'holdings' | 'pairs'>, currency: string | null | undefined) =>
  !!currency && sourceCandidates(c).includes(currency);

/** Spec §4: the sides swap only when the reverse pair is supported (and the destination is held, to spend it). */
export const canReverse = (c: SwapContext) => isSource(c, c.to) && hasPair(c, c.to, c.from);

/** The amount that drives the quote. */
export const drivingAmount = (c: Pick<SwapContext, 'driver' | 'sourceAmount' | 'destinationAmount'>) =>
  c.driver === 'source' ? c.sourceAmount : c.destinationAmount;

export const drivingPositive = (c: SwapContext) => isPositiveAmount(drivingAmount(c));

/** Max: the whole available balance, cut to the 8 decimals an amount field takes. */
export const maxAmount = (available: string) => cutDecimal(available, 8);

/**
 * A chip's amount: `share` % of the available balance, exact, cut (never more than held) to the
 * asset's display decimals (`round`, at most the 8 an amount field takes).
 */
export const shareAmount = (available: string, share: number, round: number | null | undefined) =>
  cutDecimal(multiplyDecimal(available, divideDecimal(String(share), '100', 2) ?? '0'), Math.min(round ?? 8, 8));

export const afterAmountChange = (c: SwapContext, side: AmountSide, raw: string): Partial<SwapContext> => {
  const previous = side === 'source' ? c.sourceAmount : c.destinationAmount;
  const value = nextAmount(previous, raw);
  // The other side is recomputed from this one: until the quote answers it shows nothing.
  return side === 'source'
    ? { sourceAmount: value, destinationAmount: '', driver: 'source', quote: null, failure: null }
    : { destinationAmount: value, sourceAmount: '', driver: 'destination', quote: null, failure: null };
};

export const quoteQueryOf = (c: SwapContext): SwapQuoteQuery => ({
  sourceCurrency: c.from ?? '',
  destinationCurrency: c.to ?? '',
  ...(c.driver === 'source'
    ? { sourceAmount: toWireAmount(c.sourceAmount) }
    : { destinationAmount: toWireAmount(c.destinationAmount) }),
});

/** The quote fills the side the user did not type. */
export const afterQuote = (c: SwapContext, quote: SwapQuote): Partial<SwapContext> =>
  c.driver === 'source'
    ? { quote, destinationAmount: quote.destinationAmount }
    : { quote, sourceAmount: quote.sourceAmount };

/** Spec §5: within the quote's limits (swap_min_limit_error / swap_max_limit_error), then funds (swap_not_enough). */
export function amountProblem(c: SwapContext): AmountProblem | null {
  const { quote, from } = c;
  if (!quote || !from || !isPositiveAmount(c.sourceAmount)) return null;
  const amount = toWireAmount(c.sourceAmount);
  if (compareDecimal(amount, quote.minLimit) < 0) return { kind: 'min', amount: quote.minLimit, currency: from };
  if (compareDecimal(amount, quote.maxLimit) > 0) return { kind: 'max', amount: quote.maxLimit, currency: from };
  if (compareDecimal(amount, availableOf(c, from) ?? '0') > 0) return { kind: 'notEnough' };
  return null;
}

/** What the idempotency key of one order creation is stored under. */
export const orderSignature = (c: Pick<SwapContext, 'from' | 'to' | 'sourceAmount'>) =>
  `${c.from ?? ''}|${c.to ?? ''}|${toWireAmount(c.sourceAmount)}`;

export const orderRequestOf = (c: SwapContext): SwapOrderRequest => ({
  sourceCurrency: c.from ?? '',
  destinationCurrency: c.to ?? '',
  sourceAmount: toWireAmount(c.sourceAmount),
  idempotencyKey: c.key ?? '',
});

/** What an order costs against the mid-market rate: the fee in the destination asset and the spread in percent. */
export type OrderFee = { amount: string; percent: string | null };

/**
 * The spread of an order as a fee (issue 22), exact: what the source is worth at the mid-market rate
 * less what the order gives. The order carries only its own rate, so its mid rate is the order's rate
 * scaled by the quote's mid/rate (the same figure when the order kept the quote's rate). Null when
 * the gateway did not say the mid rate.
 */
export function orderFee(
  order: Pick<SwapOrder, 'sourceAmount' | 'destinationAmount' | 'rate'>,
  quote: SwapQuote | null,
): OrderFee | null {
  if (!quote?.midRate) return null;
  const atMid = divideDecimal(
    multiplyDecimal(multiplyDecimal(order.sourceAmount, order.rate), quote.midRate),
    quote.rate,
    18,
  );
  if (atMid === null) return null;
  const gap = subtractDecimal(atMid, order.destinationAmount);
  return { amount: gap.startsWith('-') ? '0' : gap, percent: spreadPercent(quote.rate, quote.midRate) };
}
