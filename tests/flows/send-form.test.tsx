/**
 * Send (spec §1, §2, §4, §5): form (typed, pasted, scanned, saved addresses; §5 cases; Max; fee), review
 * with one idempotency key, passcode step, server errors, progress. Scanner and passcode are the real
 * child machines with fake sources (camera, submitPasscode).
 */
import { act, screen, within } from '@testing-library/react';
import { createActor, fromCallback, type AnyActorRef } from 'xstate';
import type { WithdrawalRequest } from '../../contracts/send';
import type { Transaction } from '../../contracts/wallet';
import { passcodeConfirmFor } from '../../machines/passcodeConfirm.machine';
import { scannerMachine, type ScannerEvent } from '../../machines/scanner.machine';
import {
  addressCleared,
  amountTooHigh,
  reviewSignature,
  sendMachine,
  withdrawalOf,
  type SendContext,
} from '../../machines/send.machine';
import { selectRecipientCheck } from '../../machines/send.selectors';
import { SendFlow } from '../../src/features/send/SendFlow';
import { describeModel, type MountTools } from '../support/mbt';
import { matchesKey } from '../support/mbt-plan';
import { renderInRouter } from '../support/router';
import { labelled } from './asset-fixtures';
import {
  AVAILABLE,
  BOOK,
  FEE,
  INVALID,
  KNOWN,
  POISON,
  VALID,
  addressInput,
  problems,
  amountInput,
  button,
  check,
  replaceValue,
  completedTransaction,
  sentTransaction,
  serverError,
  target,
} from './send-fixtures';
import { isShown, says } from '../support/dom';

async function mount({ fakes }: MountTools) {
  const notes: string[] = [];
  const note = (what: string) => () => void notes.push(what);
  const camera = { sendBack: null as null | ((e: ScannerEvent) => void) };
  const actor = createActor(
    sendMachine.provide({
      actors: {
        loadSend: fakes.promise('loadSend'),
        checkAddress: fakes.promise('checkAddress'),
        loadFee: fakes.promise('loadFee'),
        readClipboard: fakes.promise('readClipboard'),
        loadAddressBook: fakes.promise('loadAddressBook'),
        lookupRecipient: fakes.promise('lookupRecipient'),
        reviewKey: fakes.promise('reviewKey'),
        withdraw: fakes.promise('withdraw'),
        passcode: passcodeConfirmFor<WithdrawalRequest, Transaction>().provide({
          actors: { authorise: fakes.promise('authorise') },
        }),
        scanner: scannerMachine.provide({
          actors: {
            scan: fromCallback(({ sendBack }) => void (camera.sendBack = sendBack)),
            scanImage: fakes.promise('scanImage'),
          },
          actions: { notifyScanned: note('scanned') },
        }),
      },
      actions: {
        forgetKey: (_, { signature }) => void (signature && notes.push(`forget:${signature}`)),
        saveDraft: note('review'),
        clearDraft: note('progress'),
        notifyPasted: note('pasted'),
        notifyPasteFailed: note('pasteFailed'),
        notifyFailed: (_, { failure }) => void notes.push(`failed:${failure.message}`),
      },
    }),
    { input: { currency: 'BTC' } },
  ).start();
  await renderInRouter(<SendFlow actor={actor} rate={{ fiat: 'USD', rate: 60000 }} />, {
    path: '/home/asset/BTC/send',
  });
  return { actor: actor as AnyActorRef, notes, camera };
}

/**
 * The look-alike warning (both addresses, the differing middle marked and announced) or the quiet
 * first-send note, as the pure check says for this state.
 */
function expectRecipientCheck(s: { context: unknown }) {
  const check = selectRecipientCheck(s as never);
  const warning = screen.queryByRole('alert', { name: 'Warning: look-alike address' });
  expect(!!warning).toBe(check?.kind === 'lookalike');
  expect(!!screen.queryByTestId('first-send')).toBe(check?.kind === 'firstSend');
  if (check?.kind !== 'lookalike') return;
  expect(warning!.textContent).toContain('It starts and ends like an address in your history');
  expect(within(warning!).getByTestId('lookalike-entered').textContent).toBe(
    `bc1q(different part:)${VALID.slice(4, -6)}(end of the different part)hx0wlh`,
  );
  expect(within(warning!).getByTestId('lookalike-known').querySelector('mark')!.textContent).toBe(POISON.slice(4, -6));
}

/** The texts of every alert (a look-alike warning may show beside a retry card). */
const alerts = () =>
  screen
    .getAllByRole('alert')
    .map((a) => a.textContent)
    .join(' | ');

/** Every amount the model can type, with its value at 60 000 $/BTC; an empty field shows no fiat line. */
const fiatOfAmount: Record<string, string | null> = {
  '': null,
  '0': '≈ $0.00',
  '0.5': '≈ $30,000.00',
  '1': '≈ $60,000.00',
  '1.25': '≈ $75,000.00',
  '1.2499': '≈ $74,994.00',
};
/** amount + the 0.0001 BTC fee, at the same rate. */
const fiatOfTotal: Record<string, string> = {
  '0.5': '≈ $30,006.00',
  '1': '≈ $60,006.00',
  '1.25': '≈ $75,006.00',
  '1.2499': '≈ $75,000.00',
};

/** Issue 25: an opted-in wallet user by @username, and what a refused scan says. */
const USERNAME = '@bob_pays';
const FOUND = { displayName: '@Bob_Pays', address: VALID };
const ETH_ADDRESS = '0xfb6916095ca1df60bb79Ce92ce3ea74c37c5d359';
const requestProblems: Record<string, string> = {
  otherAsset: 'This QR code asks for ETH, not BTC. Open the ETH send form to pay it.',
  tooPrecise: 'The requested amount has more decimals than BTC allows (8).',
};

const afterAddress = [
  { type: 'address.changed', value: VALID },
  { type: 'address.changed', value: INVALID },
] as const;

const eventsByState: Record<string, ReadonlyArray<{ type: string } & Record<string, unknown>>> = {
  loading: [
    { type: 'xstate.done.actor.loadSend', output: target() },
    // A draft to an address whose look-alike (POISON) sent dust: the warning and the acknowledgement.
    { type: 'xstate.done.actor.loadSend', output: target({ draft: { address: VALID, amount: '0.5' }, known: KNOWN }) },
    { type: 'xstate.done.actor.loadSend', output: target({ draft: { address: INVALID, amount: '' } }) },
    { type: 'xstate.error.actor.loadSend', error: serverError('HTTP_503', 'Unavailable', 503) },
  ],
  loadFailed: [{ type: 'load.retried' }],
  'editing.form.empty': [
    ...afterAddress,
    { type: 'address.changed', value: USERNAME },
    { type: 'amount.changed', value: '0,5' },
    { type: 'address.pasted' },
    { type: 'scan.requested' },
    { type: 'book.requested' },
  ],
  'editing.form.invalid': [{ type: 'address.changed', value: '' }],
  // Issue 25: a wallet user by @username, looked up once the typing pauses.
  'editing.form.userTyped': [{ type: 'xstate.after.LOOKUP_DEBOUNCE.send.editing.form.userTyped' }],
  'editing.form.lookingUp': [
    { type: 'xstate.done.actor.lookupRecipient', output: FOUND },
    // Unknown and hidden users answer alike (null): one case covers both.
    { type: 'xstate.done.actor.lookupRecipient', output: null },
    { type: 'xstate.error.actor.lookupRecipient', error: serverError('HTTP_503', 'Unavailable', 503) },
  ],
  'editing.form.userUnknown': [{ type: 'address.changed', value: '' }],
  'editing.form.lookupFailed': [{ type: 'address.retried' }],
  'editing.form.rejected': [{ type: 'address.changed', value: '' }],
  'editing.form.checking': [
    { type: 'xstate.done.actor.checkAddress', output: check() },
    { type: 'xstate.done.actor.checkAddress', output: check({ belongsToSameUser: true, accountType: 'B2C' }) },
    // Another user of this wallet (issue 22): the form says so as soon as the check answers.
    { type: 'xstate.done.actor.checkAddress', output: check({ accountType: 'B2C' }) },
    { type: 'xstate.done.actor.checkAddress', output: check({ checkResult: 'NOT_USED' }) },
    { type: 'xstate.done.actor.checkAddress', output: check({ checkResult: 'BLOCKED' }) },
    { type: 'xstate.error.actor.checkAddress', error: serverError('INVALID_ADDRESS', 'Not a valid Bitcoin address') },
    { type: 'xstate.error.actor.checkAddress', error: serverError('HTTP_503', 'Unavailable', 503) },
  ],
  'editing.form.checkFailed': [{ type: 'address.retried' }],
  'editing.form.feeFailed': [{ type: 'address.retried' }],
  'editing.form.loadingFee': [
    { type: 'xstate.done.actor.loadFee', output: FEE },
    { type: 'xstate.error.actor.loadFee', error: serverError('HTTP_503', 'Unavailable', 503) },
  ],
  'editing.form.ready': [
    // Spec §5 boundaries: 8 + 8 digits, comma → point, zero, above the balance, Max.
    { type: 'amount.changed', value: '0,5' },
    { type: 'amount.changed', value: '1.25' },
    { type: 'amount.changed', value: '0' },
    { type: 'amount.changed', value: '123456789' },
    { type: 'amount.changed', value: '0.123456789' },
    { type: 'max.requested' },
    { type: 'address.changed', value: INVALID },
    { type: 'form.submitted' },
  ],
  'editing.pasting': [
    { type: 'xstate.done.actor.readClipboard', output: ` ${VALID}\n` },
    { type: 'xstate.done.actor.readClipboard', output: '' },
    { type: 'xstate.done.actor.readClipboard', output: INVALID },
    { type: 'xstate.done.actor.readClipboard', output: USERNAME },
    { type: 'xstate.error.actor.readClipboard', error: new Error('denied') },
  ],
  'editing.scanning': [
    { type: 'xstate.done.actor.scanner', output: { value: VALID } },
    { type: 'xstate.done.actor.scanner', output: { value: null } },
    { type: 'xstate.done.actor.scanner', output: { value: INVALID } },
    // Issue 25: a BIP21 request fills the amount; one for another asset or too precise is said, the form kept.
    { type: 'xstate.done.actor.scanner', output: { value: VALID, text: `bitcoin:${VALID}?amount=0.5` } },
    { type: 'xstate.done.actor.scanner', output: { value: ETH_ADDRESS, text: `ethereum:${ETH_ADDRESS}?value=1e18` } },
    { type: 'xstate.done.actor.scanner', output: { value: VALID, text: `bitcoin:${VALID}?amount=0.000000001` } },
    { type: 'xstate.error.actor.scanner', error: new Error('scanner crashed') },
  ],
  'editing.picking.loading': [
    { type: 'xstate.done.actor.loadAddressBook', output: labelled('Ann (Bitcoin), Tron friend', [...BOOK]) },
    { type: 'xstate.error.actor.loadAddressBook', error: serverError('HTTP_503', 'Unavailable', 503) },
  ],
  'editing.picking.list': [
    { type: 'entry.picked', address: VALID },
    { type: 'entry.picked', address: INVALID },
    { type: 'picker.closed' },
  ],
  'editing.picking.failed': [{ type: 'book.retried' }, { type: 'picker.closed' }],
  'review.keying': [
    { type: 'xstate.done.actor.reviewKey', output: 'key-1' },
    { type: 'xstate.error.actor.reviewKey', error: new Error('no storage') },
  ],
  'review.idle': [
    { type: 'review.confirmed' },
    { type: 'review.edited' },
    { type: 'recipient.toggled' },
    // The browser's back button from the review's URL to the form's (SendPage forwards URL changes).
    { type: 'route.changed', route: 'form' },
  ],
  'review.withdrawing': [
    { type: 'xstate.done.actor.withdraw', output: sentTransaction },
    { type: 'xstate.done.actor.withdraw', output: completedTransaction },
    { type: 'xstate.error.actor.withdraw', error: serverError('NOT_ENOUGH_FUNDS', 'Not enough funds on the balance') },
    { type: 'xstate.error.actor.withdraw', error: serverError('PINCODE_REQUIRED', 'A passcode is required', 403) },
    { type: 'review.confirmed' },
  ],
  'review.passcode': [
    { type: 'xstate.done.actor.passcode', output: sentTransaction },
    { type: 'xstate.error.actor.passcode', error: new Error('passcode step crashed') },
    { type: 'passcode.cancelled' },
  ],
};

/**
 * With a look-alike in the history only the steps that matter to it: the plain branch already covers
 * every other transition, and repeating them all here would double the paths.
 */
const lookAlikeBranch = (e: { type: string; output?: unknown; value?: unknown }) => {
  if (e.type === 'xstate.done.actor.checkAddress')
    return (
      (e.output as { checkResult: string; belongsToSameUser: boolean }).checkResult === 'OK' &&
      !(e.output as { belongsToSameUser: boolean }).belongsToSameUser &&
      (e.output as { accountType: string | null }).accountType === null
    );
  if (e.type === 'xstate.done.actor.withdraw') return e.output === sentTransaction;
  if (e.type === 'address.changed') return e.value === INVALID;
  return [
    'xstate.done.actor.loadFee',
    'form.submitted',
    'xstate.done.actor.reviewKey',
    'review.confirmed',
    'review.edited',
  ].includes(e.type);
};

/**
 * Once a wallet user was found, or a scan was refused, only the steps that show it: the plain branch covers
 * every other transition from the same states.
 */
const recipientBranch = (e: { type: string; output?: unknown }) =>
  (e.type === 'xstate.done.actor.checkAddress' &&
    (e.output as { accountType: string | null; belongsToSameUser: boolean }).accountType === 'B2C' &&
    !(e.output as { belongsToSameUser: boolean }).belongsToSameUser) ||
  ['xstate.done.actor.loadFee', 'form.submitted', 'xstate.done.actor.reviewKey', 'review.confirmed'].includes(e.type) ||
  (e.type === 'amount.changed' && (e as { value?: string }).value === '0,5') ||
  (e.type === 'xstate.done.actor.withdraw' && e.output === completedTransaction);
const problemBranch = (e: { type: string; value?: unknown }) => e.type === 'address.changed' && e.value === VALID;

describeModel('send', {
  machine: sendMachine,
  input: { currency: 'BTC' },
  fakeTimers: true,
  delays: { LOOKUP_DEBOUNCE: 400 },
  events: (s) =>
    [
      ...Object.entries(eventsByState)
        .filter(([key]) => matchesKey(s, key))
        .flatMap(([, list]) => list)
        .filter((e) => !s.context.known.length || lookAlikeBranch(e))
        .filter((e) => !s.context.recipient || recipientBranch(e))
        .filter((e) => !s.context.requestProblem || problemBranch(e)),
      // Only shown when there is something to show: the recent recipients, the acknowledgement box.
      ...(s.matches({ editing: 'form' }) && s.context.known.length ? [{ type: 'recent.picked', address: VALID }] : []),
      ...(s.matches({ review: 'idle' }) && !addressCleared({ ...s.context, acknowledged: false })
        ? [{ type: 'address.acknowledged', checked: !s.context.acknowledged }]
        : []),
    ] as never,
  // A second tap on Confirm while the first is on its way sends nothing.
  // A look-alike address: Confirm does nothing until "I checked the address" is ticked.
  keepIgnored: (s, e) =>
    e.type === 'review.confirmed' &&
    (s.matches({ review: 'withdrawing' }) || (s.matches({ review: 'idle' }) && !addressCleared(s.context))),
  classify: (s) =>
    [
      s.context.failure ? 'failed' : '',
      s.context.passcodeActive ? 'pin' : '',
      s.context.key ? 'key' : '',
      s.context.known.length ? 'known' : '',
      s.context.acknowledged ? 'ack' : '',
    ].join(','),
  mount,
  drive: {
    'load.retried': (_e, h) => h.user.click(button('Retry')),
    'address.changed': (e, h) => replaceValue(h.user, addressInput(), e.value),
    'amount.changed': (e, h) => replaceValue(h.user, amountInput(), e.value),
    'max.requested': (_e, h) => h.user.click(button('Max')),
    'address.pasted': (_e, h) => h.user.click(button('Paste')),
    'scan.requested': (_e, h) => h.user.click(button('Scan QR')),
    'book.requested': (_e, h) => h.user.click(button('Address book')),
    'recent.picked': (_e, h) =>
      h.user.click(
        within(screen.getByRole('region', { name: 'Recent recipients' })).getByRole('button', { name: /^Ann/ }),
      ),
    'address.acknowledged': (_e, h) => h.user.click(screen.getByRole('checkbox', { name: /I checked the address/ })),
    'entry.picked': (e, h) =>
      h.user.click(
        within(screen.getByRole('dialog')).getByRole('button', { name: e.address === VALID ? /^Ann/ : /^Old/ }),
      ),
    'picker.closed': (_e, h) => h.user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Back' })),
    'book.retried': (_e, h) => h.user.click(button('Retry')),
    'address.retried': (_e, h) => h.user.click(button('Retry')),
    'form.submitted': (_e, h) => h.user.click(button('Continue')),
    'review.edited': (_e, h) => h.user.click(button('Edit')),
    'route.changed': (e, h) => act(async () => h.actor!.send(e)),
    'recipient.toggled': (_e, h) => h.user.click(button(/full address/)),
    'review.confirmed': (_e, h) => h.user.click(button(/Confirm and send|Try again/)),
    'passcode.cancelled': (_e, h) => h.user.click(button('Back')),
    'xstate.done.actor.scanner': async (e: { output?: unknown }, h) => {
      const { value, text } = e.output as { value: string | null; text?: string };
      if (value === null) return h.user.click(button('Close'));
      await act(async () => h.camera.sendBack!({ type: 'qr.decoded', value: text ?? value }));
    },
    'xstate.error.actor.scanner': (e: { type: string }, h) => act(async () => h.actor!.send(e)),
    'xstate.done.actor.passcode': async (e: { output?: unknown }, h) => {
      for (const digit of ['1', '2', '3', '4']) await h.user.click(button(digit));
      await act(async () => {
        await vi.advanceTimersByTimeAsync(300);
      });
      await act(async () => h.fakes.resolve('authorise', e.output));
    },
    'xstate.error.actor.passcode': (e: { type: string }, h) => act(async () => h.actor!.send(e)),
  },
  states: {
    loading: () => expect(screen.getAllByRole('status').map(says), 'busy indicators').toEqual(['Loading']),
    loadFailed: () => expect(screen.getByRole('alert').textContent).toContain('Could not load this asset.'),
    editing: (_h, s) => {
      const c = s.context as SendContext;
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Send BTC');
      expect(screen.getByTestId('send-available').textContent).toBe(`Available: ${AVAILABLE} BTC`);
      expect(addressInput().value).toBe(c.address);
      expect(amountInput().value).toBe(c.amount);
      // The amount's fiat value follows what is typed.
      expect(Object.keys(fiatOfAmount), `fiat of ${c.amount}`).toContain(c.amount);
      expect(screen.queryByTestId('send-amount-fiat')?.textContent ?? null).toBe(fiatOfAmount[c.amount]);
      // Issue 25: the wallet user found by name, and why a scanned request was not taken.
      expect(screen.queryByTestId('send-recipient-name')?.textContent ?? null).toBe(
        c.recipient ? `Paying ${c.recipient.displayName}` : null,
      );
      expect(screen.queryByTestId('request-problem')?.textContent ?? null).toBe(
        c.requestProblem ? requestProblems[c.requestProblem.kind] : null,
      );
      // A recognised wallet user is said on the form, before the review's "Network fee: 0".
      expect(screen.queryByTestId('send-internal')?.textContent ?? null).toBe(
        c.internal ? 'Wallet user · free, instant' : null,
      );
      const error = c.addressProblem ? problems[c.addressProblem] : null;
      expect(
        screen.queryByText(problems.wrongAddress)?.textContent ??
          screen.queryByText(problems.notUsed)?.textContent ??
          screen.queryByText(problems.sameUser)?.textContent ??
          null,
      ).toBe(error);
      expect(!!screen.queryByText('Not enough funds to make the transaction')).toBe(amountTooHigh(c));
      expect(button('Continue').disabled).toBe(!s.can({ type: 'form.submitted' }));
      expect(button('Max').disabled).toBe(!s.matches({ editing: { form: 'ready' } }));
      expectRecipientCheck(s);
      // Recent recipients: the address paid before, under its address-book name.
      const recent = screen.queryByRole('region', { name: 'Recent recipients' });
      expect(
        recent
          ? within(recent)
              .getAllByRole('button')
              .map((b) => b.textContent)
          : [],
      ).toEqual(c.known.length ? ['Ann'] : []);
    },
    'editing.form.empty': () =>
      expect(screen.getByTestId('send-fee').textContent).toBe('Network fee: enter an address'),
    'editing.form.invalid': () => expect(addressInput().getAttribute('aria-invalid')).toBe('true'),
    'editing.form.rejected': () =>
      expect(screen.getByTestId('send-fee').textContent).toBe('Network fee: enter an address'),
    'editing.form.checking': (h, s) => {
      expect(screen.getByRole('status').textContent).toBe('Checking the address…');
      expect(h.fakes.calls('checkAddress').at(-1)).toEqual({ currency: 'BTC', address: s.context.address.trim() });
    },
    'editing.form.checkFailed': () => expect(alerts()).toContain('Could not check the address.'),
    'editing.form.userTyped': () => expect(screen.getByRole('status').textContent).toBe('Looking for the wallet user…'),
    'editing.form.lookingUp': (h) => {
      expect(screen.getByRole('status').textContent).toBe('Looking for the wallet user…');
      expect(h.fakes.calls('lookupRecipient').at(-1)).toEqual({ currency: 'BTC', query: USERNAME });
    },
    'editing.form.userUnknown': () =>
      expect(screen.getByTestId('send-user-unknown').textContent).toBe(
        'No wallet user can be found by that name. They may not have turned on "Let wallet users find me".',
      ),
    'editing.form.lookupFailed': () => expect(alerts()).toContain('Could not look for the wallet user.'),
    'editing.form.loadingFee': (h) => {
      expect(screen.getByTestId('send-fee').textContent).toBe('Network fee: loading…');
      expect(h.fakes.calls('loadFee').at(-1)).toEqual({ currency: 'BTC', address: VALID });
    },
    'editing.form.feeFailed': () => expect(alerts()).toContain('Could not load the network fee.'),
    'editing.form.ready': (_h, _s, { history }) => {
      expect(screen.getByTestId('send-fee').textContent).toBe(`Network fee: ${FEE} BTC`);
      // Max: the available balance minus the fee, the fee on top of what the recipient gets.
      if (history.at(-1)?.type === 'max.requested') expect(amountInput().value).toBe('1.2499');
    },
    'editing.pasting': () => expect(button('Paste').getAttribute('aria-busy')).toBe('true'),
    'editing.scanning': () => expect(isShown(screen.getByTestId('scanner-overlay')), 'shown').toBe(true),
    'editing.picking': () => expect(isShown(screen.getByRole('dialog', { name: 'Address book' })), 'shown').toBe(true),
    'editing.picking.loading': () =>
      expect(screen.getAllByRole('status').map(says), 'busy indicators').toEqual(['Loading the address book']),
    'editing.picking.list': () => {
      // Only entries on the asset's network.
      const entries = within(screen.getByRole('list', { name: 'Saved addresses' })).getAllByRole('button');
      expect(entries.map((b) => b.textContent)).toEqual(['Annbc1qxy2k…jhx0wlh', 'Oldbc1-not-…address']);
    },
    'editing.picking.failed': () =>
      expect(screen.getByRole('alert').textContent).toContain('Could not load the address book.'),
    review: (h, s) => {
      const c = s.context as SendContext;
      expect(screen.getByRole('heading', { level: 1 }).textContent).toMatch(
        /Review the transfer|Enter your passcode to send/,
      );
      expect(h.notes.filter((n) => n === 'review').length).toBeGreaterThan(0);
      expect(c.key === null || c.key === 'key-1').toBe(true);
    },
    'review.keying': (h, s) => {
      expect(h.fakes.calls('reviewKey').at(-1)).toEqual({ signature: reviewSignature(s.context as SendContext) });
      expect(button('Confirm and send').getAttribute('aria-busy')).toBe('true');
    },
    'review.idle': (h, s) => {
      const c = s.context as SendContext;
      expect(screen.getByTestId('review-receive').textContent).toBe(`${c.amount.replace(/\.$/, '')} BTC`);
      expect(screen.getByTestId('review-network').textContent).toBe('Bitcoin');
      expect(screen.getByTestId('review-recipient').textContent).toBe(c.recipientShown ? VALID : 'bc1qxy2k…jhx0wlh');
      expect(screen.getByTestId('review-fee').textContent).toBe(`${FEE} BTC`);
      const receive = c.amount.replace(/\.$/, '');
      expect(screen.getByTestId('review-receive-fiat').textContent).toBe(fiatOfAmount[receive]);
      expect(screen.getByTestId('review-fee-fiat').textContent).toBe('≈ $6.00');
      expect(screen.getByTestId('review-total-fiat').textContent).toBe(fiatOfTotal[receive]);
      expectRecipientCheck(s);
      // A look-alike: Confirm waits for the box; anything else confirms at once.
      expect(button(c.failure ? 'Try again' : 'Confirm and send').disabled).toBe(!addressCleared(c));
      const box = screen.queryByRole('checkbox', { name: /I checked the address/ }) as HTMLInputElement | null;
      expect(box?.checked ?? null).toBe(selectRecipientCheck(s as never)?.kind === 'lookalike' ? c.acknowledged : null);
      if (c.failure)
        expect(screen.getByTestId('review-error').textContent).toBe(c.failure.message || 'Something went wrong...');
      else expect(screen.queryByTestId('review-error')).toBeNull();
      if (c.failure?.code === 'NOT_ENOUGH_FUNDS') expect(h.notes.at(-1)).toBe('failed:Not enough funds on the balance');
    },
    'review.withdrawing': (h, s) => {
      const calls = h.fakes.calls('withdraw') as Array<{ idempotencyKey: string }>;
      expect(calls.at(-1)).toEqual(withdrawalOf(s.context as SendContext));
      // One key per review: retries and double taps send the same one.
      expect(new Set(calls.map((c) => c.idempotencyKey))).toEqual(new Set(['key-1']));
      expect(button(/Confirm and send|Try again/).getAttribute('aria-busy')).toBe('true');
      expect(button('Edit').disabled).toBe(true);
    },
    'review.passcode': (h) => {
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Enter your passcode to send');
      expect(isShown(screen.getByRole('group', { name: 'Passcode keypad' })), 'shown').toBe(true);
      expect(h.fakes.calls('withdraw').length).toBeGreaterThan(0);
    },
    sent: (h, s) => {
      // An internal send settled before the answer: it says so, never "about 2 minutes".
      const instant = s.context.transaction?.state === 'COMPLETED';
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
        instant ? 'Transfer complete' : 'Transfer in progress',
      );
      expect(screen.getByTestId('progress-note').textContent).toMatch(
        instant ? /^It arrived instantly/ : /about 2 minutes/,
      );
      if (instant) expect(screen.queryByText(/about 2 minutes/)).toBeNull();
      expect(screen.getByRole('link', { name: 'Back to assets' }).getAttribute('href')).toBe('/home');
      expect(screen.getByRole('link', { name: 'Add to address book' }).getAttribute('href')).toBe(
        `/settings/address-book/create?address=${VALID}&blockchain=Bitcoin`,
      );
      expect(h.notes.slice(-2)).toEqual([`forget:${reviewSignature(s.context as SendContext)}`, 'progress']);
      // The passcode step made the review's withdrawal (its key too) with the code entered.
      const codes = h.fakes.calls('authorise');
      if (codes.length) expect(codes.at(-1)).toEqual({ request: withdrawalOf(s.context as SendContext), code: '1234' });
    },
  },
});
