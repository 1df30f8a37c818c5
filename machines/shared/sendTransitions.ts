import { failureOf } from './failure';
import { output } from './output';
import { reviewSignature, STALE_KEY, type SendContext, type SendTarget } from './send';

/** Transition pieces the send machine (machines/send.machine.ts) uses in several places. */
export const F = '#send.editing.form';
export const SAVE_DRAFT = {
  type: 'saveDraft',
  params: ({ context }: { context: SendContext }) => ({ address: context.address, amount: context.amount }),
} as const;
export const USED_KEY = {
  type: 'forgetKey',
  params: ({ context }: { context: SendContext }) => ({ signature: reviewSignature(context) }),
} as const;
/** What loading found, with a payment request opened as a link (input `prefill`) in place of a draft. */
export const TARGET = ({ context, event }: { context: SendContext; event: { output: SendTarget } }): SendTarget =>
  context.prefill ? { ...event.output, draft: context.prefill } : event.output;
export const KEEP_TARGET = { type: 'keepTarget', params: TARGET } as const;
export const NOTIFY_FAILED = {
  type: 'notifyFailed',
  params: ({ context }: { context: SendContext }) => ({ failure: context.failure ?? failureOf(null) }),
} as const;

/** What an empty address does where it can come from (typed, pasted, scanned): where to go and what to say. */
type WhenEmpty = { target: string; actions?: 'setAddress' | 'notifyPasteFailed' };
type Extra = 'notifyPasted' | 'takeScannedAmount';

/**
 * Where a new address leads (spec §5): nowhere when empty, a wallet user's look-up for an @username or
 * e-mail (issue 25), a format error, or on to the server check.
 */
export const toAddress = (empty: WhenEmpty | null, extra: readonly Extra[] = [], users = true) => [
  ...(empty ? [{ guard: 'incomingEmpty' as const, ...empty }] : []),
  // Typed or pasted only: a QR code or a saved entry holds an address.
  ...(users
    ? [
        {
          guard: 'incomingIsUser' as const,
          target: `${F}.userTyped`,
          actions: [STALE_KEY, 'setAddress' as const, ...extra],
        },
      ]
    : []),
  {
    guard: 'incomingLooksValid' as const,
    target: `${F}.checking`,
    actions: [STALE_KEY, 'setAddress' as const, ...extra],
  },
  { target: `${F}.invalid`, actions: [STALE_KEY, 'setAddress' as const, 'markWrongAddress' as const, ...extra] },
];

/** Issue 25: an @username or e-mail typed in the address field, looked up once the typing pauses. */
export const USER_LOOKUP = {
  userTyped: {
    description: 'An @username or e-mail: looked up once the typing pauses.',
    after: { LOOKUP_DEBOUNCE: 'lookingUp' },
  },
  lookingUp: {
    tags: 'busy',
    invoke: {
      id: 'lookupRecipient',
      src: 'lookupRecipient',
      input: ({ context }: { context: SendContext }) => ({ currency: context.currency, query: context.address.trim() }),
      onDone: [
        {
          guard: { type: 'recipientFound', params: output },
          target: 'checking',
          actions: { type: 'keepRecipient', params: output },
        },
        { target: 'userUnknown' },
      ],
      onError: 'lookupFailed',
    },
  },
  userUnknown: { description: 'Nobody to pay by that name: unknown, or not findable (the same answer).' },
  lookupFailed: { on: { 'address.retried': 'lookingUp' } },
} as const;
