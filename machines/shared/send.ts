import type { AddressBookEntry } from '../../contracts/addressBook';
import type { WithdrawalRequest } from '../../contracts/send';
import type { Coin, Transaction } from '../../contracts/wallet';
import type { ScannerOutput } from '../scanner.machine';
import type { Recipient } from '../../contracts/contacts';
import { paymentAssetOf, parsePaymentUri, type PaymentUriError } from './paymentUri';
import { exceedsAvailable, maxSendable, nextAmount, toWireAmount } from './amountInput';
import type { Failure } from './failure';
import { checkRecipient, type KnownAddress } from './recipients';

/** Types and pure rules of the send machine (machines/send.machine.ts). */
export type SendInput = {
  currency: string;
  /** Telegram on a phone: scan with the messenger's popup instead of the camera overlay. */
  nativeScan?: boolean;
  /** A payment request opened as a link (`/pay?uri=`, issue 25): the form starts filled with it. */
  prefill?: SendDraft | null;
};

/** The send flow's three URLs: /send, /send/review, /send/progress. */
export type SendRoute = 'form' | 'review' | 'progress';

/** The asset being sent, its available balance and whether a passcode protects withdrawals. */
export type SendTarget = {
  coin: Coin;
  available: string;
  passcodeActive: boolean;
  /** The form as it was when its review was last opened (sessionStorage): a reload comes back to it. */
  draft?: SendDraft | null;
  /** Addresses of this network from the history and the address book (machines/shared/recipients.ts). */
  known?: KnownAddress[];
  /** The passcode step offers biometric unlock (faceIdEnabled). */
  biometrics?: boolean;
};

export type SendDraft = { address: string; amount: string };

/** Spec §5 field messages: send_error_wrong_address, send_error_address_not_used, send_error_same_user. */
export type AddressProblem = 'wrongAddress' | 'notUsed' | 'sameUser';

export type SendFailure = Failure;

/** A scanned payment request the form cannot take as it is (issue 25): said, never guessed around. */
export type RequestProblem = PaymentUriError | { kind: 'otherAsset'; currency: string };

/** A wallet user found by @username or e-mail: who the address belongs to. */
export type FoundRecipient = Recipient & { query: string };

/** A Telegram @username or an e-mail address (contracts/contacts.ts): looked up, not checked as an address. */
export const looksLikeUser = (value: string) =>
  /^@[A-Za-z0-9_]{5,32}$/.test(value.trim()) || /^[^\s@]{1,64}@[^\s@]+\.[^\s@]{2,}$/.test(value.trim());

export type SendEvent =
  | { type: 'load.retried' }
  | { type: 'address.changed'; value: string }
  | { type: 'address.pasted' }
  | { type: 'scan.requested' }
  | { type: 'book.requested' }
  | { type: 'book.retried' }
  | { type: 'entry.picked'; address: string }
  /** A recent recipient tapped on the form. */
  | { type: 'recent.picked'; address: string }
  /** The "I checked the address" box on the review of a look-alike address. */
  | { type: 'address.acknowledged'; checked: boolean }
  | { type: 'picker.closed' }
  | { type: 'address.retried' }
  | { type: 'amount.changed'; value: string }
  | { type: 'max.requested' }
  | { type: 'form.submitted' }
  | { type: 'review.edited' }
  /** The URL moved to another step (the browser's back or forward button). */
  | { type: 'route.changed'; route: SendRoute }
  | { type: 'recipient.toggled' }
  | { type: 'review.confirmed' }
  | { type: 'passcode.cancelled' };

export type SendContext = {
  currency: string;
  nativeScan: boolean;
  coin: Coin | null;
  available: string | null;
  passcodeActive: boolean;
  /** The passcode step offers biometric unlock. */
  biometrics: boolean;
  address: string;
  amount: string;
  addressProblem: AddressProblem | null;
  fee: string | null;
  /** The review's idempotency key: kept across retries, dropped when the amount or address changes. */
  key: string | null;
  recipientShown: boolean;
  failure: SendFailure | null;
  transaction: Pick<Transaction, 'id' | 'state'> | null;
  book: AddressBookEntry[];
  known: KnownAddress[];
  /** The user ticked "I checked the address" for this address (dropped when the address changes). */
  acknowledged: boolean;
  /** The address check said it belongs to another user of this wallet (accountType B2C): free and instant. */
  internal: boolean;
  prefill: SendDraft | null;
  /** The wallet user the address was found for (by @username or e-mail); null for a typed address. */
  recipient: FoundRecipient | null;
  /** What the last scan asked that the form cannot do; cleared by the next address. */
  requestProblem: RequestProblem | null;
};

/** The scanned text (a payment URI or a bare address). */
const scannedText = (output: unknown) => {
  const o = output as ScannerOutput | undefined;
  return (o?.text ?? o?.value ?? '').trim();
};

/**
 * What a scan means for the form of `currency` (issue 25): a request for this asset (its address, and the
 * amount when it names one), a bare address (null: the scanner's own reading stands), or a problem. A
 * request without an amount on the same network is only an address (the USDT form takes `ethereum:0x…`).
 */
export function readScan(
  output: unknown,
  currency: string,
): { address: string; amount: string | null } | { problem: RequestProblem } | null {
  const parsed = parsePaymentUri(scannedText(output));
  if (!parsed.ok) return parsed.error.kind === 'notUri' ? null : { problem: parsed.error };
  const { request } = parsed;
  if (request.currency === currency) return { address: request.address, amount: request.amount };
  const mine = paymentAssetOf(currency);
  const theirs = paymentAssetOf(request.currency);
  if (request.amount === null && mine && theirs && mine.scheme === theirs.scheme && !theirs.contract)
    return { address: request.address, amount: null };
  return { problem: { kind: 'otherAsset', currency: request.currency } };
}

/** A look-alike recipient may only be sent to once the user has said they checked it. */
export const addressCleared = (c: Pick<SendContext, 'address' | 'known' | 'acknowledged'>) =>
  c.acknowledged || checkRecipient(c.address, c.known).kind !== 'lookalike';

/** The review's content: what the idempotency key is stored under. */
export const reviewSignature = (c: Pick<SendContext, 'currency' | 'address' | 'amount'>) =>
  `${c.currency}|${c.address.trim()}|${toWireAmount(c.amount)}`;

export const withdrawalOf = (c: SendContext): WithdrawalRequest => ({
  currency: c.currency,
  amount: toWireAmount(c.amount),
  depositAddress: c.address.trim(),
  idempotencyKey: c.key ?? '',
});

export const amountTooHigh = (c: SendContext) => c.available !== null && exceedsAvailable(c.amount, c.available, c.fee);

/** The new address an event brings (typed, picked, pasted or scanned). */
export function incoming(event: { type: string; value?: unknown; address?: unknown; output?: unknown }): string {
  // Typed text stays as typed (the field shows it); pasted, scanned and saved addresses come trimmed.
  if (event.type === 'address.changed') return String(event.value ?? '');
  if (event.type === 'entry.picked' || event.type === 'recent.picked') return String(event.address ?? '').trim();
  if (event.type === 'xstate.done.actor.scanner') {
    const parsed = parsePaymentUri(scannedText(event.output));
    return parsed.ok ? parsed.request.address : ((event.output as ScannerOutput | undefined)?.value ?? '').trim();
  }
  if (event.type === 'xstate.done.actor.lookupRecipient')
    return ((event.output as Recipient | null | undefined)?.address ?? '').trim();
  return typeof event.output === 'string' ? event.output.trim() : '';
}

export const amountAfter = (context: SendContext, event: SendEvent | { type: string }) =>
  event.type === 'amount.changed'
    ? nextAmount(context.amount, (event as { value: string }).value)
    : maxSendable(context.available ?? '0', context.fee ?? '0');

/** Before an edit: the stored key of the review it makes stale, if the edit changes anything. */
export const STALE_KEY = {
  type: 'forgetKey',
  params: ({ context, event }: { context: SendContext; event: SendEvent | { type: string } }) => {
    const changed =
      event.type === 'amount.changed' || event.type === 'max.requested'
        ? amountAfter(context, event) !== context.amount
        : incoming(event) !== context.address;
    return { signature: changed && context.key ? reviewSignature(context) : null };
  },
} as const;
