import { Type, type Static, type TSchema } from 'typebox';

/**
 * Product analytics (spec §1): the allow-list of what may leave the app. Every event is a name and a
 * fixed set of properties, each with a closed vocabulary (route templates, currency codes, error
 * codes, methods); `additionalProperties: false` everywhere, so an amount, an address, a card number,
 * a name or an e-mail has no field to travel in and no pattern it would match. The gateway refuses a
 * batch that is not exactly this (400) and adds the account id itself from the bearer token.
 */

/**
 * Every screen as its route template, never the concrete path: `/auth/signup/confirm/$code` would
 * otherwise carry a confirmation code, `/buy/status/$orderId` an order id. A unit test keeps this list
 * equal to the router's routes (tests/unit/analytics-screens.test.ts).
 */
export const ANALYTICS_SCREENS = [
  '/',
  '/$',
  '/auth/login',
  '/auth/login/email',
  '/auth/signup',
  '/auth/signup/email',
  '/auth/signup/email/success',
  '/auth/signup/confirm/$code',
  '/auth/forgot',
  '/auth/forgot-success',
  '/auth/forgot/$code',
  '/error/$code',
  '/home',
  '/home/buy-sell',
  '/select-asset/$purpose',
  '/manage-assets',
  '/exchange',
  '/notifications',
  '/pay',
  '/settings',
  '/settings/select-language',
  '/settings/select-currency',
  '/settings/wallet-protection',
  '/settings/wallet-protection/set',
  '/settings/wallet-protection/change',
  '/settings/wallet-protection/disable',
  '/settings/wallet-protection/recover',
  '/home/asset/$currency',
  '/home/asset/$currency/receive',
  '/home/asset/$currency/transaction/$id/$type',
  '/history',
  '/home/asset/$currency/send',
  '/home/asset/$currency/send/review',
  '/home/asset/$currency/send/progress',
  '/sell/get',
  '/sell/pay',
  '/sell/order',
  '/sell/order/card',
  '/sell/order/review',
  '/sell/success',
  '/swap',
  '/swap/from',
  '/swap/to',
  '/swap/order',
  '/swap/order/review',
  '/swap/order/success',
  '/settings/address-book',
  '/settings/address-book/create',
  '/settings/address-book/$id/edit',
  '/settings/address-book/$id/delete',
  '/buy/get',
  '/buy/pay',
  '/buy/order',
  '/buy/order/review',
  '/buy/status/$orderId',
] as const;
export type AnalyticsScreen = (typeof ANALYTICS_SCREENS)[number];

const literals = <T extends string>(values: readonly T[]) => Type.Union(values.map((v) => Type.Literal(v)));

/** A coin or fiat code (`BTC`, `USDT_TRX`, `RUB`): upper case, digits and `_`, nothing else. */
const Currency = Type.String({ minLength: 2, maxLength: 16, pattern: '^[A-Z][A-Z0-9_]*$' });
/**
 * Why a flow failed: the gateway's error code (`B2C_USM0031`, `NOT_ENOUGH_FUNDS`, `HTTP_500`) or a
 * buy's failure reason. Upper case, digits and `_` only: no e-mail, address or card number fits.
 */
const Reason = Type.String({ minLength: 1, maxLength: 40, pattern: '^[A-Z][A-Z0-9_]*$' });

export const SIGN_IN_METHODS = ['password', 'telegram', 'link'] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];

/** The four money flows, each with started / completed / failed. */
export const ANALYTICS_FLOWS = ['send', 'swap', 'buy', 'sell'] as const;
export type AnalyticsFlow = (typeof ANALYTICS_FLOWS)[number];
export const FLOW_OUTCOMES = ['started', 'completed', 'failed'] as const;
export type FlowOutcome = (typeof FLOW_OUTCOMES)[number];

const flowProps = {
  send: { currency: Currency },
  swap: { from: Currency, to: Currency },
  // A card order that could not be created has no coin yet (the request names a deposit address).
  buy: { currency: Type.Optional(Currency), fiat: Currency },
  sell: { currency: Currency, fiat: Currency },
} as const satisfies Record<AnalyticsFlow, Record<string, TSchema>>;

const props = (properties: Record<string, TSchema>) => Type.Object(properties, { additionalProperties: false });

/** Each allowed event name with the schema of its properties. */
export const ANALYTICS_EVENTS = {
  screen_viewed: props({ screen: literals(ANALYTICS_SCREENS) }),
  signed_in: props({ method: literals(SIGN_IN_METHODS) }),
  signed_up: props({ method: Type.Literal('email') }),
  send_started: props(flowProps.send),
  send_completed: props(flowProps.send),
  send_failed: props({ ...flowProps.send, reason: Reason }),
  swap_started: props(flowProps.swap),
  swap_completed: props(flowProps.swap),
  swap_failed: props({ ...flowProps.swap, reason: Reason }),
  buy_started: props(flowProps.buy),
  buy_completed: props(flowProps.buy),
  buy_failed: props({ ...flowProps.buy, reason: Reason }),
  sell_started: props(flowProps.sell),
  sell_completed: props(flowProps.sell),
  sell_failed: props({ ...flowProps.sell, reason: Reason }),
  passcode_set: props({}),
  passcode_changed: props({}),
  passcode_disabled: props({}),
} as const;

type Events = typeof ANALYTICS_EVENTS;
export type AnalyticsEventName = keyof Events;
/** The properties an event of this name carries. */
export type AnalyticsProps<N extends AnalyticsEventName> = Static<Events[N]>;

/** One event as the app records it: the name, its properties and when it happened (ISO 8601). */
export const AnalyticsEventSchema = Type.Union(
  (Object.keys(ANALYTICS_EVENTS) as AnalyticsEventName[]).map((name) =>
    Type.Object(
      { name: Type.Literal(name), at: Type.String({ format: 'date-time' }), props: ANALYTICS_EVENTS[name] },
      { additionalProperties: false },
    ),
  ),
);
export type AnalyticsEvent = {
  [N in AnalyticsEventName]: { name: N; at: string; props: AnalyticsProps<N> };
}[AnalyticsEventName];

export const APP_TYPES = ['tg', 'web'] as const;
export type AppType = (typeof APP_TYPES)[number];

/** The most events one request may carry; the app sends smaller batches. */
export const ANALYTICS_MAX_BATCH = 50;

/** POST /analytics/events: a batch from one app session (a page load), inside Telegram or on the web. */
export const AnalyticsBatchSchema = Type.Object(
  {
    appType: literals(APP_TYPES),
    /** Random per page load; identifies signed-out events (no account yet) and groups a visit. */
    sessionId: Type.String({ pattern: '^[A-Za-z0-9-]{8,64}$' }),
    events: Type.Array(AnalyticsEventSchema, { minItems: 1, maxItems: ANALYTICS_MAX_BATCH }),
  },
  { additionalProperties: false },
);
export type AnalyticsBatch = { appType: AppType; sessionId: string; events: AnalyticsEvent[] };
