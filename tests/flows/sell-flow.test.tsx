/**
 * The sell flow (spec §4 "amount, card, review, then in-progress"): the amount and card steps through
 * their screens (their own machines have suites of their own), the review with one idempotency key,
 * the passcode step, payouts temporarily unavailable (§8), server errors, and the success screen that
 * follows the payout to completed or failed.
 */
import { act, screen } from '@testing-library/react';
import { createActor, type AnyActorRef, type SnapshotFrom } from 'xstate';
import type { SellOrder } from '../../contracts/sell';
import { passcodeConfirmFor } from '../../machines/passcodeConfirm.machine';
import {
  reportsToSell,
  sellMachine,
  sellRequestOf,
  sellSignature,
  type SellContext,
  type SellRequest,
} from '../../machines/sell.machine';
import { selectSellStep } from '../../machines/sell.selectors';
import { sellAmountMachine, type SellAmountOutput } from '../../machines/sellAmount.machine';
import { sellCardMachine, type CardChoice } from '../../machines/sellCard.machine';
import { SellFlow } from '../../src/features/sell/SellFlow';
import { feeTerm } from '../support/dom';
import { describeModel, settle, type MountTools } from '../support/mbt';
import { renderInRouter } from '../support/router';
import { labelled, usdtTrxCoin } from './asset-fixtures';
import {
  AVAILABLE,
  SBER,
  amountInput,
  button,
  cardInput,
  placed,
  replaceValue,
  savedCards,
  sberInfo,
  serverError,
  terms,
} from './sell-fixtures';

async function mount({ fakes }: MountTools) {
  const notes: string[] = [];
  const note = (what: string) => () => void notes.push(what);
  const actor = createActor(
    sellMachine.provide({
      actors: {
        amount: sellAmountMachine.provide({ actors: { loadTerms: fakes.promise('loadTerms') } }),
        card: sellCardMachine.provide({
          actors: { loadCards: fakes.promise('loadCards'), lookupBin: fakes.promise('lookupBin') },
        }),
        reviewKey: fakes.promise('reviewKey'),
        sell: fakes.promise('sell'),
        watchOrder: fakes.promise('watchOrder'),
        passcode: reportsToSell(
          passcodeConfirmFor<SellRequest, SellOrder>().provide({
            actors: { authorise: fakes.promise('authorise') },
          }),
        ),
      },
      actions: {
        forgetKey: (_, { signature }) => void notes.push(`forget:${signature}`),
        clearDraft: note('success'),
        saveDraft: (_, { amount }) => void notes.push(`review:${amount}`),
        notifyFailed: (_, { failure }) => void notes.push(`failed:${failure.message}`),
      },
    }),
    { input: { currency: 'USDT_TRX' } },
  ).start();
  await renderInRouter(<SellFlow actor={actor} rate={{ fiat: 'USD', rate: 1 }} />, { path: '/sell/order' });
  return { actor: actor as AnyActorRef, notes };
}

const order = (passcodeActive: boolean): SellAmountOutput =>
  labelled(passcodeActive ? '50 USDT, passcode' : '50 USDT', {
    currency: 'USDT_TRX',
    amount: '50',
    fiatAmount: '5000.00',
    rate: '100',
    rateId: 'rate-1',
    midRate: '101.01',
    coin: usdtTrxCoin,
    available: AVAILABLE,
    limits: { minLimit: '1000', maxLimit: '100000', limitCurrency: 'RUB' },
    passcodeActive,
  });
const newCard = (save: boolean): CardChoice =>
  labelled(save ? 'new card, saved' : 'new card', {
    kind: 'new',
    number: SBER,
    masked: '220220******0008',
    bankCode: 'SBR',
    system: 'MIR',
    save,
  });
const savedCard: CardChoice = labelled('saved card', { kind: 'saved', card: savedCards[0] });

const UNAVAILABLE = 'Payouts are temporarily unavailable. Please try again later.';
const ctx = (s: { context: unknown }) => s.context as SellContext;

describeModel('sell', {
  machine: sellMachine,
  input: { currency: 'USDT_TRX' },
  fakeTimers: true,
  delays: { POLL: 3000 },
  events: {
    amount: [
      { type: 'xstate.done.actor.amount', output: order(false) },
      { type: 'xstate.done.actor.amount', output: order(true) },
      { type: 'xstate.error.actor.amount', error: new Error('amount step crashed') },
    ],
    card: [
      { type: 'xstate.done.actor.card', output: newCard(false) },
      { type: 'xstate.done.actor.card', output: newCard(true) },
      { type: 'xstate.done.actor.card', output: savedCard },
      { type: 'xstate.error.actor.card', error: new Error('card step crashed') },
      { type: 'card.back' },
      // The browser's back button from the card's URL to the amount's.
      { type: 'route.changed', route: 'order' },
    ],
    'review.keying': [
      { type: 'xstate.done.actor.reviewKey', output: 'key-1' },
      { type: 'xstate.error.actor.reviewKey', error: new Error('no storage') },
    ],
    'review.idle': [
      { type: 'review.confirmed' },
      { type: 'review.edited' },
      { type: 'route.changed', route: 'card' },
      { type: 'route.changed', route: 'order' },
    ],
    'review.selling': [
      { type: 'xstate.done.actor.sell', output: placed('IN_PROGRESS') },
      { type: 'xstate.done.actor.sell', output: placed('COMPLETED') },
      {
        type: 'xstate.error.actor.sell',
        error: serverError('PAYOUTS_UNAVAILABLE', 'Payout provider unavailable', 503),
      },
      { type: 'xstate.error.actor.sell', error: serverError('PINCODE_REQUIRED', 'A passcode is required', 403) },
      { type: 'xstate.error.actor.sell', error: serverError('NOT_ENOUGH_FUNDS', 'Not enough funds on the balance') },
      { type: 'review.confirmed' },
    ],
    'review.passcode': [
      { type: 'xstate.done.actor.passcode', output: placed('IN_PROGRESS') },
      { type: 'xstate.error.actor.passcode', error: new Error('passcode step crashed') },
      { type: 'passcode.cancelled' },
      // The sale behind the code failed for another reason: payouts down goes back to the review.
      {
        type: 'passcode.failed',
        failure: { code: 'PAYOUTS_UNAVAILABLE', message: 'Payout provider unavailable' },
      },
      { type: 'passcode.failed', failure: { code: 'NOT_ENOUGH_FUNDS', message: 'Not enough funds on the balance' } },
    ],
    'success.waiting': [{ type: 'xstate.after.POLL.sell.success.waiting' }],
    'success.watching': [
      { type: 'xstate.done.actor.watchOrder', output: placed('IN_PROGRESS') },
      { type: 'xstate.done.actor.watchOrder', output: placed('COMPLETED') },
      { type: 'xstate.done.actor.watchOrder', output: placed('FAILED') },
      { type: 'xstate.error.actor.watchOrder', error: serverError('HTTP_503', 'Unavailable', 503) },
    ],
  },
  // A second tap on Confirm while the first is on its way sends nothing.
  keepIgnored: (s, e) => e.type === 'review.confirmed' && s.matches({ review: 'selling' }),
  classify: (s) =>
    [ctx(s).card?.kind ?? '', ctx(s).passcodeActive ? 'pin' : '', ctx(s).failure ? 'failed' : ''].join(','),
  mount,
  drive: {
    // The steps' own screens: terms answered, 50 USDT typed, Continue.
    'xstate.done.actor.amount': async (e: { output?: unknown }, h) => {
      await act(async () =>
        h.fakes.resolve('loadTerms', terms({ passcodeActive: (e.output as SellAmountOutput).passcodeActive })),
      );
      await settle();
      await replaceValue(h.user, amountInput(), '50');
      await h.user.click(button('Continue'));
    },
    'xstate.done.actor.card': async (e: { output?: unknown }, h) => {
      const choice = e.output as CardChoice;
      await act(async () => h.fakes.resolve('loadCards', savedCards));
      await settle();
      if (choice.kind === 'saved') return h.user.click(button('2202 20•• •••• 1234'));
      await replaceValue(h.user, cardInput(), SBER);
      await act(async () => h.fakes.resolve('lookupBin', sberInfo));
      if (choice.save) await h.user.click(screen.getByRole('switch', { name: 'Save card for next time' }));
      await h.user.click(button('Continue'));
    },
    'xstate.error.actor.amount': (e: { type: string }, h) => act(async () => h.actor!.send(e)),
    'xstate.error.actor.card': (e: { type: string }, h) => act(async () => h.actor!.send(e)),
    'xstate.error.actor.passcode': (e: { type: string }, h) => act(async () => h.actor!.send(e)),
    'card.back': (_e, h) => h.user.click(button('Back')),
    'route.changed': (e, h) => act(async () => h.actor!.send(e)),
    'review.confirmed': (_e, h) => h.user.click(button(/Confirm and sell|Try again/)),
    'review.edited': (_e, h) => h.user.click(button('Edit')),
    'passcode.cancelled': (_e, h) => h.user.click(button('Back')),
    'passcode.failed': async (e: { failure?: { code: string; message: string } }, h) => {
      for (const digit of ['1', '2', '3', '4']) await h.user.click(button(digit));
      await act(async () => {
        await vi.advanceTimersByTimeAsync(300);
      });
      const failure = e.failure!;
      await act(async () => h.fakes.reject('authorise', serverError(failure.code, failure.message, 503)));
    },
    'xstate.done.actor.passcode': async (e: { output?: unknown }, h) => {
      for (const digit of ['1', '2', '3', '4']) await h.user.click(button(digit));
      await act(async () => {
        await vi.advanceTimersByTimeAsync(300);
      });
      await act(async () => h.fakes.resolve('authorise', e.output));
    },
  },
  states: {
    amount: () => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Sell USDT TRC-20'),
    card: (_h, s) => {
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Card for the payout');
      // A fresh, empty field: a number typed before is not kept for this visit.
      expect(cardInput().value).toBe('');
      // The step the URL shows (useFlowRoute puts it in place).
      expect(selectSellStep(s as SnapshotFrom<typeof sellMachine>)).toBe('card');
    },
    review: (h) => expect(h.notes).toContain('review:50'),
    'review.keying': (h, s) => {
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Review the sale');
      expect(button('Confirm and sell').getAttribute('aria-busy')).toBe('true');
      expect(h.fakes.calls('reviewKey').at(-1)).toEqual({ signature: sellSignature(ctx(s)) });
      // The key is stored under the masked number or the saved card's id, never the number.
      expect(sellSignature(ctx(s))).not.toContain(SBER);
    },
    'review.idle': (_h, s) => {
      const c = ctx(s);
      expect(screen.getByTestId('review-fiat').textContent).toBe('₽5,000.00');
      expect(screen.getByTestId('review-amount').textContent).toBe('50 USDT');
      expect(screen.getByTestId('review-amount-fiat').textContent).toBe('≈ $50.00');
      // The rate both ways (a tap flips it), the 1 % spread as a fee in the coin and in RUB, the exact payout.
      expect(screen.getByTestId('review-rate').textContent).toBe('1 USDT ≈ 100.00 ₽');
      expect(screen.getByTestId('review-fee').textContent).toBe('≈ 0.5 USDT');
      expect(screen.getByTestId('review-fee-fiat').textContent).toBe('≈ ₽50.50');
      expect(feeTerm()).toBe('Fee (1%)');
      expect(screen.getByTestId('review-exact').textContent).toBe('₽5,000.00');
      expect(screen.getByTestId('review-card').textContent).toBe(
        c.card?.kind === 'saved' ? '2202 20•• •••• 1234' : '2202 20•• •••• 0008',
      );
      expect(!!screen.queryByTestId('review-save')).toBe(c.card?.kind === 'new' && c.card.save);
      const error = c.failure ? (c.failure.code === 'PAYOUTS_UNAVAILABLE' ? UNAVAILABLE : c.failure.message) : null;
      expect(screen.queryByTestId('review-error')?.textContent ?? null).toBe(error);
      expect(button(c.failure ? 'Try again' : 'Confirm and sell').disabled).toBe(false);
    },
    'review.selling': (h, s) => {
      expect(button(/Confirm and sell|Try again/).getAttribute('aria-busy')).toBe('true');
      // Every try of this review carries its one key; the same request each time.
      const calls = h.fakes.calls('sell');
      expect(calls.at(-1)).toEqual(sellRequestOf(ctx(s)));
      expect(new Set(calls.map((c) => (c as { idempotencyKey: string }).idempotencyKey))).toEqual(new Set(['key-1']));
    },
    'review.passcode': (h, s) => {
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Enter your passcode to sell');
      // Payouts down never shows on the keypad (the review says it); other failures are told (a toast).
      expect(document.body.textContent).not.toContain('Payout provider unavailable');
      // The step was handed the review's request (its key too) as typed input.
      const child = h.actor!.getSnapshot().children.passcode as AnyActorRef | undefined;
      expect(child?.getSnapshot().context.request).toEqual(sellRequestOf(ctx(s)));
    },
    success: (h, s) => {
      expect(screen.getByRole('link', { name: 'Go to dashboard' }).getAttribute('href')).toBe('/home');
      expect(screen.getByTestId('sell-success-fiat').textContent).toBe('₽5,000.00');
      // The crypto the gateway holds for the order (its ceil(fiat ÷ rate)), not the typed amount.
      expect(screen.getByTestId('sell-success-amount').textContent).toBe(`For ${ctx(s).placed!.amount} USDT`);
      expect(h.notes).toContain('success');
      // The review's own key is forgotten (stored under the card's masked number or id): the next sale gets a new one.
      const signature = (h.fakes.calls('reviewKey').at(-1) as { signature: string }).signature;
      expect(signature).toMatch(/^USDT_TRX\|50\|(new:220220\*{6}0008|id:card-1)$/);
      expect(h.notes).toContain(`forget:${signature}`);
      // The card number leaves memory once the order is placed.
      expect(ctx(s).card).toBeNull();
    },
    'success.waiting': () => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Sale in progress'),
    'success.watching': (h) => {
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Sale in progress');
      expect(h.fakes.calls('watchOrder').at(-1)).toEqual({ id: 'order-1' });
    },
    'success.completed': () => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Sale complete'),
    'success.failed': () => {
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Payout failed');
      expect(screen.getByTestId('sell-success-note').textContent).toBe(
        'The bank did not accept the payout. The amount is back on your balance.',
      );
    },
  },
});

describe('sell flow opened past the amount (a reload)', () => {
  it('starts over on the amount, on the order step (useFlowRoute puts its URL back)', async () => {
    const actor = createActor(
      sellMachine.provide({
        actors: { amount: sellAmountMachine.provide({ actors: { loadTerms: createActorNever() } }) },
      }),
      { input: { currency: 'USDT_TRX', amount: '50' } },
    ).start();
    expect(actor.getSnapshot().value).toBe('amount');
    expect(selectSellStep(actor.getSnapshot())).toBe('order');
    await renderInRouter(<SellFlow actor={actor} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Sell USDT TRC-20');
    actor.stop();
  });
});

function createActorNever() {
  return sellAmountMachine.implementations.actors.loadTerms as never;
}
