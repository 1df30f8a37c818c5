import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Type, type Static } from 'typebox';
import Value from 'typebox/value';
import { BUY_LIMIT_CURRENCY, BUY_MAX_FIAT, BUY_MIN_FIAT } from '../../../../contracts/buy.js';
import {
  CallbackError,
  type AcquirerMethod,
  type CardAcquirer,
  type PaymentEvent,
  type PaymentRequest,
  type PaymentStatus,
} from '../acquirer.js';
import {
  behaviourOf,
  cardProblems,
  digitsOf,
  maskCard,
  THREE_DS_CODE,
  THREE_DS_TRIES,
  type CardForm,
  type CardField,
} from './cards.js';

/** Where the hosted page lives on the gateway (sandbox only, so under /dev: production refuses it). */
export const SANDBOX_PAY_PATH = '/dev/acquirer/pay';

const toHundredths = (whole: string) => BigInt(whole) * 100n;

export const SANDBOX_METHODS: readonly AcquirerMethod[] = [
  {
    fiatSettingsItemId: 'sandbox-card-rub',
    geoId: 'RU',
    name: 'Russia',
    fiatCurrency: BUY_LIMIT_CURRENCY,
    minAmount: toHundredths(BUY_MIN_FIAT),
    maxAmount: toHundredths(BUY_MAX_FIAT),
  },
];

/** The callback the acquirer posts to the applier, signed with a secret only the two share. */
export const SandboxCallbackSchema = Type.Object(
  {
    paymentId: Type.String({ maxLength: 64 }),
    orderId: Type.String({ maxLength: 64 }),
    status: Type.Union([
      Type.Literal('PROCESSING'),
      Type.Literal('PAID'),
      Type.Literal('DECLINED'),
      Type.Literal('FAILED'),
      Type.Literal('CANCELLED'),
    ]),
    amount: Type.String({ pattern: '^\\d{1,30}$' }),
    fiatCurrency: Type.String({ maxLength: 16 }),
    maskedCard: Type.Optional(Type.String({ maxLength: 32 })),
    signature: Type.String({ maxLength: 128 }),
  },
  { additionalProperties: false },
);
export type SandboxCallback = Static<typeof SandboxCallbackSchema>;

export type SessionStatus = 'OPEN' | 'THREE_DS' | PaymentStatus;

export interface PaymentSessionState {
  paymentId: string;
  orderId: string;
  amount: bigint;
  fiatCurrency: string;
  description: string;
  returnUrl: string;
  payBefore: Date;
  status: SessionStatus;
  maskedCard?: string;
  threeDsTriesLeft: number;
}

/** What the page does next. */
export type PageOutcome =
  | { kind: 'redirect'; to: string }
  | { kind: 'form'; problems: Partial<Record<CardField, string>>; keep: Pick<CardForm, 'expiry' | 'holder'> }
  | { kind: 'three_ds'; wrongCode: boolean; triesLeft: number }
  | { kind: 'closed'; reason: 'expired' | 'done' | 'not_found' };

export interface SandboxAcquirerOptions {
  publicUrl: string;
  /** How long a card payment processes before the final callback. */
  delayMs: number;
  now?: () => Date;
}

export interface SandboxAcquirer extends CardAcquirer {
  /** Posts callbacks to the applier (wired by the routes to the gateway's own callback endpoint). */
  connect(deliver: (callback: SandboxCallback) => Promise<void>): void;
  session(paymentId: string): PaymentSessionState | undefined;
  /** What GET of the page shows: the card form, the 3-D Secure step, or why it is closed. */
  page(paymentId: string): PageOutcome | { kind: 'card' };
  pay(paymentId: string, form: CardForm): Promise<PageOutcome>;
  confirmThreeDs(paymentId: string, code: string): Promise<PageOutcome>;
  cancel(paymentId: string): Promise<PageOutcome>;
  /** Tests and /dev: deliver the callbacks still waiting for their delay now. */
  settleNow(): Promise<void>;
  /** Tests: a correctly signed callback, as the acquirer would send it. */
  sign(event: PaymentEvent): SandboxCallback;
  close(): void;
}

/**
 * A pretend card acquirer: hosted payment sessions in memory (a restart loses unpaid sessions; their
 * orders then expire), test cards choosing the outcome, and signed callbacks to the applier. A final
 * callback is delivered twice on purpose, as real acquirers do on retries: the applier must not care.
 */
export function createSandboxAcquirer(opts: SandboxAcquirerOptions): SandboxAcquirer {
  const secret = randomBytes(32);
  const now = opts.now ?? (() => new Date());
  const sessions = new Map<string, PaymentSessionState>();
  const byOrder = new Map<string, string>();
  const timers = new Map<NodeJS.Timeout, () => Promise<void>>();
  let deliver: ((callback: SandboxCallback) => Promise<void>) | undefined;

  const mac = (c: Omit<SandboxCallback, 'signature'>) =>
    createHmac('sha256', secret)
      .update([c.paymentId, c.orderId, c.status, c.amount, c.fiatCurrency, c.maskedCard ?? ''].join('\n'))
      .digest('hex');

  const sign = (event: PaymentEvent): SandboxCallback => {
    const body = {
      paymentId: event.paymentId,
      orderId: event.orderId,
      status: event.status,
      amount: event.amount.toString(),
      fiatCurrency: event.fiatCurrency,
      ...(event.maskedCard ? { maskedCard: event.maskedCard } : {}),
    };
    return { ...body, signature: mac(body) };
  };

  async function notify(s: PaymentSessionState, status: PaymentStatus, copies = 1) {
    s.status = status;
    if (!deliver) throw new Error('The sandbox acquirer is not connected to the applier');
    const callback = sign({
      paymentId: s.paymentId,
      orderId: s.orderId,
      status,
      amount: s.amount,
      fiatCurrency: s.fiatCurrency,
      maskedCard: s.maskedCard,
    });
    for (let i = 0; i < copies; i += 1) await deliver(callback);
  }

  function later(s: PaymentSessionState, status: 'PAID' | 'FAILED') {
    const run = () => notify(s, status, 2);
    const timer = setTimeout(() => {
      timers.delete(timer);
      void run().catch(() => {
        /* the applier was down: the order stays PROCESSING, as with a lost webhook */
      });
    }, opts.delayMs);
    timer.unref();
    timers.set(timer, run);
  }

  const open = (paymentId: string): PaymentSessionState | PageOutcome => {
    const s = sessions.get(paymentId);
    if (!s) return { kind: 'closed', reason: 'not_found' };
    if (s.status !== 'OPEN' && s.status !== 'THREE_DS') return { kind: 'closed', reason: 'done' };
    if (now().getTime() >= s.payBefore.getTime()) return { kind: 'closed', reason: 'expired' };
    return s;
  };
  const isOutcome = (v: PaymentSessionState | PageOutcome): v is PageOutcome => 'kind' in v;

  /** The card is good: money is on its way; the final word comes after the delay. */
  async function accept(s: PaymentSessionState, final: 'PAID' | 'FAILED'): Promise<PageOutcome> {
    await notify(s, 'PROCESSING');
    later(s, final);
    return { kind: 'redirect', to: s.returnUrl };
  }

  return {
    name: 'sandbox',
    methods: () => SANDBOX_METHODS,
    async createPayment(request: PaymentRequest) {
      const known = byOrder.get(request.orderId);
      const paymentId = known ?? `pay_${randomBytes(16).toString('hex')}`;
      if (!known) {
        byOrder.set(request.orderId, paymentId);
        sessions.set(paymentId, { ...request, paymentId, status: 'OPEN', threeDsTriesLeft: THREE_DS_TRIES });
      }
      return { paymentId, url: `${opts.publicUrl}${SANDBOX_PAY_PATH}/${paymentId}` };
    },
    verifyCallback(body: unknown): PaymentEvent {
      if (!Value.Check(SandboxCallbackSchema, body)) throw new CallbackError('Malformed callback');
      const { signature, ...rest } = body;
      const expected = Buffer.from(mac(rest), 'hex');
      const given = Buffer.from(signature, 'hex');
      if (given.length !== expected.length || !timingSafeEqual(given, expected))
        throw new CallbackError('Bad callback signature');
      return { ...rest, amount: BigInt(rest.amount) };
    },
    connect(fn) {
      deliver = fn;
    },
    session: (paymentId) => sessions.get(paymentId),
    page(paymentId) {
      const s = open(paymentId);
      if (isOutcome(s)) return s;
      return s.status === 'THREE_DS'
        ? { kind: 'three_ds', wrongCode: false, triesLeft: s.threeDsTriesLeft }
        : { kind: 'card' };
    },
    async pay(paymentId, form) {
      const s = open(paymentId);
      if (isOutcome(s)) return s;
      if (s.status !== 'OPEN') return { kind: 'three_ds', wrongCode: false, triesLeft: s.threeDsTriesLeft };
      const problems = cardProblems(form, now());
      if (Object.keys(problems).length)
        return { kind: 'form', problems, keep: { expiry: form.expiry, holder: form.holder } };
      const digits = digitsOf(form.number);
      s.maskedCard = maskCard(digits);
      switch (behaviourOf(digits)) {
        case 'three_ds':
          s.status = 'THREE_DS';
          return { kind: 'three_ds', wrongCode: false, triesLeft: s.threeDsTriesLeft };
        case 'declined':
          await notify(s, 'DECLINED', 2);
          return { kind: 'redirect', to: s.returnUrl };
        case 'fails_later':
          return accept(s, 'FAILED');
        default:
          return accept(s, 'PAID');
      }
    },
    async confirmThreeDs(paymentId, code) {
      const s = open(paymentId);
      if (isOutcome(s)) return s;
      if (s.status !== 'THREE_DS') return { kind: 'closed', reason: 'done' };
      if (code.trim() === THREE_DS_CODE) return accept(s, 'PAID');
      s.threeDsTriesLeft -= 1;
      if (s.threeDsTriesLeft > 0) return { kind: 'three_ds', wrongCode: true, triesLeft: s.threeDsTriesLeft };
      await notify(s, 'DECLINED', 2);
      return { kind: 'redirect', to: s.returnUrl };
    },
    async cancel(paymentId) {
      const s = open(paymentId);
      if (isOutcome(s))
        return s.kind === 'closed' && s.reason !== 'not_found'
          ? { kind: 'redirect', to: sessions.get(paymentId)!.returnUrl }
          : s;
      await notify(s, 'CANCELLED');
      return { kind: 'redirect', to: s.returnUrl };
    },
    async settleNow() {
      const runs = [...timers.entries()];
      for (const [timer] of runs) clearTimeout(timer);
      timers.clear();
      for (const [, run] of runs) await run();
    },
    sign,
    close() {
      for (const timer of timers.keys()) clearTimeout(timer);
      timers.clear();
    },
  };
}
