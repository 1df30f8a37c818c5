/**
 * Where card payments are taken, as chain/adapter.ts is for chains and swap/provider.ts for swaps:
 * the fiat applier talks only to this interface; the sandbox acquirer lives under ./sandbox.
 */

/** One way to pay in one region (spec §3 geo/availability item plus its limits), amounts in minor units. */
export interface AcquirerMethod {
  fiatSettingsItemId: string;
  geoId: string;
  /** Region name in English. */
  name: string;
  fiatCurrency: string;
  /** Inclusive bounds of the charged amount, in hundredths of the fiat. */
  minAmount: bigint;
  maxAmount: bigint;
}

export interface PaymentRequest {
  /** Our order id: the acquirer's merchant reference, echoed in every callback. */
  orderId: string;
  /** Hundredths of `fiatCurrency`. */
  amount: bigint;
  fiatCurrency: string;
  /** What the payment page says is being bought, e.g. "0.00052 BTC". */
  description: string;
  /** Where the page sends the browser when it is done. */
  returnUrl: string;
  /** The page refuses to take a payment after this instant. */
  payBefore: Date;
}

export interface PaymentSession {
  paymentId: string;
  /** The hosted payment page. */
  url: string;
}

/**
 * What a callback says. PROCESSING: the card was accepted, money is on its way. PAID: captured.
 * DECLINED / FAILED / CANCELLED: nothing was taken. A callback may come any number of times, in any order.
 */
export type PaymentStatus = 'PROCESSING' | 'PAID' | 'DECLINED' | 'FAILED' | 'CANCELLED';

export interface PaymentEvent {
  paymentId: string;
  orderId: string;
  status: PaymentStatus;
  amount: bigint;
  fiatCurrency: string;
  /** Only ever the masked number, e.g. "4242 •••• •••• 4242". */
  maskedCard?: string | undefined;
}

/** A callback not signed by the acquirer, or not one at all: the route answers 401. */
export class CallbackError extends Error {}

export interface CardAcquirer {
  readonly name: string;
  methods(): readonly AcquirerMethod[];
  /** Opens a payment session; the same orderId may be asked twice (a retried order) and gets one session. */
  createPayment(request: PaymentRequest): Promise<PaymentSession>;
  /** Checks a callback's signature and reads it; throws on anything not signed by the acquirer. */
  verifyCallback(body: unknown): PaymentEvent;
}

/** Outside the sandbox until a real acquirer is configured: no methods, so nothing can be bought. */
export const noAcquirer: CardAcquirer = {
  name: 'none',
  methods: () => [],
  createPayment: async () => {
    throw new Error('No card acquirer is configured');
  },
  verifyCallback: () => {
    throw new CallbackError('No card acquirer is configured');
  },
};
