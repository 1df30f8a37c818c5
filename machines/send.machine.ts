import { and, assign, fromPromise, setup } from 'xstate';
import type { AddressBookEntry } from '../contracts/addressBook';
import type { Recipient } from '../contracts/contacts';
import type { AddressCheck, WithdrawalRequest } from '../contracts/send';
import type { Transaction } from '../contracts/wallet';
import { passcodeConfirmFor } from './passcodeConfirm.machine';
import { scannerMachine } from './scanner.machine';
import { matchesChain } from './shared/addressPatterns';
import { isPositiveAmount, nextAmount } from './shared/amountInput';
import { failedWith, failureOfEvent } from './shared/failure';
import {
  addressCleared,
  amountAfter,
  amountTooHigh,
  incoming,
  looksLikeUser,
  readScan,
  reviewSignature,
  STALE_KEY,
  withdrawalOf,
  type AddressProblem,
  type SendContext,
  type SendEvent,
  type SendFailure,
  type SendInput,
  type SendTarget,
} from './shared/send';
import { output } from './shared/output';
import {
  F,
  KEEP_TARGET,
  TARGET,
  USER_LOOKUP,
  NOTIFY_FAILED,
  SAVE_DRAFT,
  USED_KEY,
  toAddress,
} from './shared/sendTransitions';

export * from './shared/send';

/**
 * Send (spec §1, §2, §4, §5): the form (address typed, pasted, scanned or picked from the address
 * book; amount; Max; fee), the review (one idempotency key per review), the passcode step when a
 * passcode is active, and the progress screen. One actor spans the three screens.
 */
export const sendMachine = setup({
  types: { context: {} as SendContext, events: {} as SendEvent, input: {} as SendInput, tags: {} as 'busy' },
  actors: {
    loadSend: fromPromise<SendTarget, { currency: string }>(async () => {
      throw new Error('loadSend not provided');
    }),
    checkAddress: fromPromise<AddressCheck, { currency: string; address: string }>(async () => {
      throw new Error('checkAddress not provided');
    }),
    loadFee: fromPromise<string, { currency: string; address: string }>(async () => {
      throw new Error('loadFee not provided');
    }),
    readClipboard: fromPromise<string>(async () => {
      throw new Error('readClipboard not provided');
    }),
    loadAddressBook: fromPromise<AddressBookEntry[]>(async () => {
      throw new Error('loadAddressBook not provided');
    }),
    /** The key stored for this review's content (sessionStorage), or a new one (crypto.randomUUID). */
    reviewKey: fromPromise<string, { signature: string }>(async () => {
      throw new Error('reviewKey not provided');
    }),
    withdraw: fromPromise<Transaction, WithdrawalRequest>(async () => {
      throw new Error('withdraw not provided');
    }),
    /** The passcode step; its live `authorise` makes the withdrawal with the code in the pincode header. */
    passcode: passcodeConfirmFor<WithdrawalRequest, Transaction>(),
    scanner: scannerMachine,
    /** A wallet user who opted in, by @username or e-mail, with their address for the currency; null for nobody. */
    lookupRecipient: fromPromise<Recipient | null, { currency: string; query: string }>(async () => {
      throw new Error('lookupRecipient not provided');
    }),
  },
  delays: {
    /** A look-up waits for the typing to pause: one request per name, not one per letter. */
    LOOKUP_DEBOUNCE: 400,
  },
  guards: {
    incomingEmpty: ({ event }) => incoming(event).trim() === '',
    incomingIsUser: ({ event }) => looksLikeUser(incoming(event)),
    /** A scanned payment request for another asset, too precise, or otherwise not payable here. */
    scanProblem: ({ context, event }) => {
      const reading = readScan((event as { output?: unknown }).output, context.currency);
      return reading !== null && 'problem' in reading;
    },
    recipientFound: (_, found: Recipient | null) => found !== null,
    incomingLooksValid: ({ context, event }) => matchesChain(context.coin?.blockchain ?? 'ALL', incoming(event)),
    draftEmpty: (_, target: SendTarget) => !target.draft?.address.trim(),
    draftLooksValid: (_, { coin, draft }: SendTarget) => matchesChain(coin.blockchain, draft?.address ?? ''),
    sameUser: (_, check: AddressCheck) => check.belongsToSameUser,
    notUsed: (_, check: AddressCheck) => check.checkResult !== 'OK',
    invalidAddress: ({ event }) => failedWith(event) === 'INVALID_ADDRESS',
    pincodeRequired: ({ event }) => failedWith(event) === 'PINCODE_REQUIRED',
    canContinue: ({ context }) =>
      isPositiveAmount(context.amount) && !amountTooHigh(context) && context.addressProblem === null,
    hasKey: ({ context }) => context.key !== null,
    passcodeActive: ({ context }) => context.passcodeActive,
    backToForm: ({ event }) => event.type === 'route.changed' && event.route === 'form',
    /** Not a look-alike of a known address, or the user ticked "I checked the address". */
    addressCleared: ({ context }) => addressCleared(context),
  },
  actions: {
    /** A changed address or amount is a new review: its key is dropped (STALE_KEY removes the stored one). */
    setAddress: assign(({ context, event }) => {
      const address = incoming(event);
      const same = address === context.address;
      return {
        address,
        addressProblem: null,
        fee: null,
        failure: null,
        key: same ? context.key : null,
        acknowledged: same && context.acknowledged,
        internal: same && context.internal,
        recipient: same ? context.recipient : null,
        requestProblem: null,
      };
    }),
    /** A scanned request's amount fills the amount field (a new review: its key goes). */
    takeScannedAmount: assign(({ context, event }) => {
      const reading = readScan((event as { output?: unknown }).output, context.currency);
      const amount = reading && 'amount' in reading && reading.amount ? nextAmount('', reading.amount) : null;
      return amount === null || amount === context.amount ? {} : { amount, key: null };
    }),
    keepScanProblem: assign(({ context, event }) => {
      const reading = readScan((event as { output?: unknown }).output, context.currency);
      return { requestProblem: reading && 'problem' in reading ? reading.problem : null };
    }),
    /** The wallet user found for what was typed: their address is checked as any other (B2C: free, instant). */
    keepRecipient: assign(({ context }, found: Recipient | null) => ({
      recipient: found ? { ...found, query: context.address.trim() } : null,
      address: found?.address ?? context.address,
    })),
    setAmount: assign(({ context, event }) => {
      const amount = amountAfter(context, event);
      return { amount, failure: null, key: amount === context.amount ? context.key : null };
    }),
    keepTarget: assign((_, { coin, available, passcodeActive, draft, known, biometrics }: SendTarget) => {
      return {
        coin,
        available,
        passcodeActive,
        biometrics: biometrics ?? false,
        known: known ?? [],
        failure: null,
        address: draft?.address ?? '',
        amount: nextAmount('', draft?.amount ?? ''),
        internal: false,
        recipient: null,
      };
    }),
    markWrongAddress: assign({ addressProblem: 'wrongAddress' as AddressProblem }),
    clearFailure: assign({ failure: null }),
    keepFailure: assign({ failure: ({ event }) => failureOfEvent(event) }),
    keepTransaction: assign((_, t: Transaction | undefined) => ({
      transaction: { id: t?.id ?? '', state: t?.state ?? 'IN_PROGRESS' },
    })),
    /** Removes the stored key of a review whose content changed, or that was sent; null: nothing to forget. */
    forgetKey: (_, _params: { signature: string | null }) => {},
    /** The form as it was when its review opened (sessionStorage): a reload comes back to it. */
    saveDraft: (_, _params: { address: string; amount: string }) => {},
    /** The transfer left: no draft to come back to. */
    clearDraft: () => {},
    notifyPasted: () => {},
    notifyPasteFailed: () => {},
    notifyFailed: (_, _params: { failure: SendFailure }) => {},
  },
}).createMachine({
  id: 'send',
  context: ({ input }) => ({
    currency: input.currency,
    nativeScan: input.nativeScan ?? false,
    coin: null,
    available: null,
    passcodeActive: false,
    biometrics: false,
    address: '',
    amount: '',
    addressProblem: null,
    fee: null,
    key: null,
    recipientShown: false,
    failure: null,
    transaction: null,
    book: [],
    known: [],
    acknowledged: false,
    internal: false,
    prefill: input.prefill ?? null,
    recipient: null,
    requestProblem: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadSend',
        src: 'loadSend',
        input: ({ context }) => ({ currency: context.currency }),
        // Opened on the review or progress URL, the flow starts over on the form (and the URL follows it).
        onDone: [
          { guard: { type: 'draftEmpty', params: TARGET }, target: `${F}.empty`, actions: KEEP_TARGET },
          { guard: { type: 'draftLooksValid', params: TARGET }, target: `${F}.checking`, actions: KEEP_TARGET },
          { target: `${F}.invalid`, actions: [KEEP_TARGET, 'markWrongAddress'] },
        ],
        onError: { target: 'loadFailed', actions: 'keepFailure' },
      },
    },
    loadFailed: { on: { 'load.retried': 'loading' } },
    editing: {
      initial: 'form',
      states: {
        form: {
          initial: 'empty',
          on: {
            'address.changed': toAddress({ target: `${F}.empty`, actions: 'setAddress' }),
            'amount.changed': { actions: [STALE_KEY, 'setAmount'] },
            'address.pasted': '#send.editing.pasting',
            'scan.requested': '#send.editing.scanning',
            'book.requested': '#send.editing.picking',
            // Recent recipients are offered only when they pass the network's pattern (send.selectors.ts).
            'recent.picked': { target: `${F}.checking`, actions: [STALE_KEY, 'setAddress'] },
          },
          states: {
            hist: { type: 'history' },
            empty: {},
            invalid: {},
            checking: {
              tags: 'busy',
              invoke: {
                id: 'checkAddress',
                src: 'checkAddress',
                input: ({ context }) => ({ currency: context.currency, address: context.address.trim() }),
                onDone: [
                  {
                    guard: { type: 'sameUser', params: output },
                    target: 'rejected',
                    actions: assign({ addressProblem: 'sameUser' as AddressProblem }),
                  },
                  {
                    guard: { type: 'notUsed', params: output },
                    target: 'rejected',
                    actions: assign({ addressProblem: 'notUsed' as AddressProblem }),
                  },
                  // Another user of this wallet: the form says "free, instant" at once (issue 22).
                  {
                    target: 'loadingFee',
                    actions: assign({ internal: ({ event }) => event.output.accountType === 'B2C' }),
                  },
                ],
                onError: [
                  { guard: 'invalidAddress', target: 'invalid', actions: 'markWrongAddress' },
                  { target: 'checkFailed' },
                ],
              },
            },
            rejected: {},
            checkFailed: { on: { 'address.retried': 'checking' } },
            ...USER_LOOKUP,
            loadingFee: {
              tags: 'busy',
              invoke: {
                id: 'loadFee',
                src: 'loadFee',
                input: ({ context }) => ({ currency: context.currency, address: context.address.trim() }),
                onDone: { target: 'ready', actions: assign({ fee: ({ event }) => event.output }) },
                onError: 'feeFailed',
              },
            },
            feeFailed: { on: { 'address.retried': 'loadingFee' } },
            ready: {
              description: 'Address checked and fee known: Max works, and Continue once the amount is right.',
              on: {
                'max.requested': { actions: [STALE_KEY, 'setAmount'] },
                'form.submitted': [
                  {
                    guard: and(['canContinue', 'hasKey']),
                    target: '#send.review.idle',
                    actions: ['clearFailure', SAVE_DRAFT],
                  },
                  { guard: 'canContinue', target: '#send.review.keying', actions: ['clearFailure', SAVE_DRAFT] },
                ],
              },
            },
          },
        },
        pasting: {
          tags: 'busy',
          invoke: {
            id: 'readClipboard',
            src: 'readClipboard',
            onDone: toAddress({ target: `${F}.hist`, actions: 'notifyPasteFailed' }, ['notifyPasted']),
            onError: { target: `${F}.hist`, actions: 'notifyPasteFailed' },
          },
        },
        scanning: {
          description: 'The QR scanner overlay; closing it (or a failed scan) leaves the form as it was.',
          invoke: {
            id: 'scanner',
            src: 'scanner',
            input: ({ context }) => ({ native: context.nativeScan }),
            // A payment request fills the amount too; one the form cannot take is said, the form kept.
            onDone: [
              { guard: 'scanProblem', target: `${F}.hist`, actions: 'keepScanProblem' },
              ...toAddress({ target: `${F}.hist` }, ['takeScannedAmount'], false),
            ],
            onError: `${F}.hist`,
          },
        },
        picking: {
          description: "Address-book entries on this asset's network.",
          initial: 'loading',
          on: { 'picker.closed': `${F}.hist` },
          states: {
            loading: {
              invoke: {
                id: 'loadAddressBook',
                src: 'loadAddressBook',
                onDone: { target: 'list', actions: assign({ book: ({ event }) => event.output }) },
                onError: 'failed',
              },
            },
            list: { on: { 'entry.picked': toAddress(null, [], false) } },
            failed: { on: { 'book.retried': 'loading' } },
          },
        },
      },
    },
    review: {
      initial: 'keying',
      on: { 'recipient.toggled': { actions: assign({ recipientShown: ({ context }) => !context.recipientShown }) } },
      states: {
        keying: {
          invoke: {
            id: 'reviewKey',
            src: 'reviewKey',
            input: ({ context }) => ({ signature: reviewSignature(context) }),
            onDone: { target: 'idle', actions: assign({ key: ({ event }) => event.output }) },
            onError: { target: `${F}.ready`, actions: ['keepFailure', NOTIFY_FAILED, 'clearFailure'] },
          },
        },
        idle: {
          on: {
            // A look-alike of a known address goes nowhere until "I checked the address" is ticked.
            'review.confirmed': [
              { guard: and(['addressCleared', 'passcodeActive']), target: 'passcode' },
              { guard: 'addressCleared', target: 'withdrawing' },
            ],
            'address.acknowledged': { actions: assign({ acknowledged: ({ event }) => event.checked }) },
            'review.edited': `${F}.ready`,
            // Back from the review's URL to the form's: the same as editing the review.
            'route.changed': { guard: 'backToForm', target: `${F}.ready` },
          },
        },
        withdrawing: {
          tags: 'busy',
          description:
            "One request with the review's key; a retry, a re-authentication or a reload sends the same key.",
          invoke: {
            id: 'withdraw',
            src: 'withdraw',
            input: ({ context }) => withdrawalOf(context),
            onDone: {
              target: '#send.sent',
              actions: [{ type: 'keepTransaction', params: output }, USED_KEY, 'clearDraft'],
            },
            onError: [
              { guard: 'pincodeRequired', target: 'passcode', actions: assign({ passcodeActive: true }) },
              { target: 'idle', actions: ['keepFailure', NOTIFY_FAILED] },
            ],
          },
        },
        passcode: {
          invoke: {
            id: 'passcode',
            src: 'passcode',
            input: ({ context }) => ({ request: withdrawalOf(context), biometrics: context.biometrics }),
            // The step's authorise makes the withdrawal: its output is the transaction.
            onDone: {
              target: '#send.sent',
              actions: [{ type: 'keepTransaction', params: output }, USED_KEY, 'clearDraft'],
            },
            onError: { target: 'idle', actions: ['keepFailure', NOTIFY_FAILED] },
          },
          on: { 'passcode.cancelled': 'idle' },
        },
      },
    },
    sent: { description: 'The transfer is under way: the progress screen (about 2 minutes).' },
  },
});
