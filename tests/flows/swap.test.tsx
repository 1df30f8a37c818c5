/**
 * Swap (spec §1, §2, §4, §5, §7, §8, §9): pickers with search (held / active / paired only), either
 * amount driving the other after the 300 ms debounce, Max, limit and funds errors, swap-sides, the
 * rate, the review's countdown from the order's own expiry (short orders here: 2 s), Update rate with a
 * fresh key, the passcode step, every failure, success. The passcode step is the real child machine.
 */
import { act, screen, within } from '@testing-library/react';
import { createActor, type ActorRefFrom, type AnyActorRef, type AnyMachineSnapshot } from 'xstate';
import type { SwapOrder } from '../../contracts/swap';
import type { countdownMachine } from '../../machines/countdown.machine';
import { passcodeConfirmFor } from '../../machines/passcodeConfirm.machine';
import { countdownText } from '../../machines/shared/countdown';
import { isPositiveAmount, toWireAmount } from '../../machines/shared/amountInput';
import {
  amountProblem,
  canReverse,
  destinationCandidates,
  orderSignature,
  sourceCandidates,
  swapMachine,
  type SwapContext,
  type SwapEvent,
} from '../../machines/swap.machine';
import { SwapFlow } from '../../src/features/swap/SwapFlow';
import { shortAssetName } from '../../src/i18n/assetName';
import { SWAP_PATHS, swapRoute } from '../../src/features/swap/route';
import type { SwapActor } from '../../src/features/swap/PickAssetScreen';
import { useFlowRoute } from '../../src/features/shared/useFlowRoute';
import { describeModel, type MountTools } from '../support/mbt';
import { renderInRouter } from '../support/router';
import { replaceValue } from './send-fixtures';
import {
  BTC_AVAILABLE,
  COINS,
  hasTerms,
  PAIRS,
  button,
  getInput,
  orderFor,
  payInput,
  quoteFor,
  serverError,
  setupOf,
} from './swap-fixtures';
import { isEnabled, isShown, says } from '../support/dom';

async function mount({ fakes }: MountTools) {
  const notes: string[] = [];
  const actor = createActor(
    swapMachine.provide({
      actors: {
        loadSwap: fakes.promise('loadSwap'),
        quote: fakes.promise('quote'),
        orderKey: fakes.promise('orderKey'),
        createOrder: fakes.promise('createOrder'),
        confirm: fakes.promise('confirm'),
        passcode: passcodeConfirmFor<{ orderId: string }, SwapOrder>().provide({
          actors: { authorise: fakes.promise('authorise') },
        }),
      },
      actions: {
        forgetKey: (_, { signature }) => void notes.push(`forget:${signature}`),
        notifyFailed: (_, { failure }) => void notes.push(`failed:${failure.message}`),
        settled: () => void notes.push('settled'),
      },
    }),
    { input: { from: 'BTC', to: 'USDT_TRX' } },
  ).start();
  const { router } = await renderInRouter(<Routed actor={actor} />, { path: '/swap/order' });
  return { actor: actor as AnyActorRef, notes, router };
}

/** The swap's screens with the page's URL sync: the URL is the step. */
function Routed({ actor }: { actor: SwapActor }) {
  useFlowRoute(actor, swapRoute);
  return <SwapFlow actor={actor} rates={{ from: { fiat: 'USD', rate: 60000 }, to: { fiat: 'USD', rate: 1 } }} />;
}

/** The running order countdown's seconds left (the review's clock). */
const countdownOf = (actor: AnyActorRef) =>
  (actor.getSnapshot() as AnyMachineSnapshot).children.countdown as ActorRefFrom<typeof countdownMachine> | undefined;

const ctx = (s: AnyMachineSnapshot) => s.context as SwapContext;
const NAMES: Record<string, RegExp> = { BTC: /^Bitcoin/, USDT_TRX: /^Tether/, ETH: /^Ethereum/, DOGE: /^Dogecoin/ };
const KEY = 'key-1';

/** What the user can do in each state: only what the screen offers (candidates, enabled controls). */
function events(s: AnyMachineSnapshot): Array<SwapEvent | { type: string; output?: unknown; error?: unknown }> {
  const c = ctx(s);
  const user = (list: SwapEvent[]) => list.filter((e) => s.can(e));
  if (s.matches('loading')) {
    return [
      { type: 'xstate.done.actor.loadSwap', output: setupOf('BTC and USDT held') },
      {
        type: 'xstate.done.actor.loadSwap',
        output: setupOf('BTC held, no BTC→USDT pair', {
          pairs: PAIRS.filter((p) => p.destinationCurrency !== 'USDT_TRX'),
        }),
      },
      {
        type: 'xstate.done.actor.loadSwap',
        output: setupOf('USDT held only', { holdings: [{ currency: 'USDT_TRX', available: '100' }] }),
      },
      { type: 'xstate.error.actor.loadSwap', error: serverError('HTTP_503', 'Unavailable', 503) },
    ];
  }
  if (s.matches('loadFailed')) return [{ type: 'load.retried' }];
  if (s.matches('pickingFrom') || s.matches('pickingTo')) {
    const list = s.matches('pickingFrom') ? sourceCandidates(c) : destinationCandidates(c);
    return user([
      ...(c.search === ''
        ? [{ type: 'search.changed', value: 'zzz' } as const, { type: 'search.changed', value: 'eth' } as const]
        : []),
      ...list
        .filter((cur) => !c.search || cur === 'ETH')
        .map((currency) => ({ type: 'asset.picked', currency }) as const),
      { type: s.matches('pickingFrom') ? 'sourcePicker.closed' : 'destinationPicker.closed' },
      { type: 'route.changed', route: 'from' },
      { type: 'route.changed', route: 'order' },
    ]);
  }
  if (s.matches('order')) {
    const amounts: SwapEvent[] =
      c.from === 'BTC' && c.to === 'USDT_TRX'
        ? [
            { type: 'amount.changed', side: 'source', value: '0,5' },
            { type: 'amount.changed', side: 'source', value: '0' },
            { type: 'amount.changed', side: 'source', value: '0.00001' },
            { type: 'amount.changed', side: 'source', value: '3' },
            { type: 'amount.changed', side: 'source', value: '1.5' },
            { type: 'amount.changed', side: 'source', value: '0.123456789' },
            { type: 'amount.changed', side: 'destination', value: '100' },
          ]
        : [{ type: 'amount.changed', side: 'source', value: '20' }];
    const base = user([
      ...(s.matches({ order: 'idle' }) || s.matches({ order: 'quoted' }) ? amounts : []),
      { type: 'max.requested' },
      // The chips: 25 % from the empty form, 50 % once quoted (one transition; the amounts differ).
      ...(s.matches({ order: 'idle' }) ? [{ type: 'share.requested', share: 25 } as const] : []),
      ...(s.matches({ order: 'quoted' }) ? [{ type: 'share.requested', share: 50 } as const] : []),
      { type: 'sides.swapped' },
      { type: 'source.requested' },
      { type: 'destination.requested' },
      { type: 'route.changed', route: 'from' },
      { type: 'route.changed', route: 'to' },
      // The review is walked for BTC → USDT (the other pairs' Continue is asserted in the order state).
      ...(c.from === 'BTC' && c.to === 'USDT_TRX' ? [{ type: 'form.submitted' } as const] : []),
      { type: 'quote.retried' },
    ]);
    if (s.matches({ order: 'debouncing' })) return [...base, { type: 'xstate.after.DEBOUNCE.swap.order.debouncing' }];
    if (s.matches({ order: 'quoting' })) {
      return [
        ...base,
        { type: 'xstate.done.actor.quote', output: quoteFor(c) },
        { type: 'xstate.error.actor.quote', error: serverError('HTTP_502', 'Bad gateway', 502) },
      ];
    }
    return base;
  }
  if (s.matches({ review: 'keying' }))
    return [
      { type: 'xstate.done.actor.orderKey', output: KEY },
      { type: 'xstate.error.actor.orderKey', error: new Error('no storage') },
    ];
  if (s.matches({ review: 'creating' })) {
    return [
      { type: 'xstate.done.actor.createOrder', output: { order: orderFor(c), secondsLeft: 2 } },
      { type: 'xstate.error.actor.createOrder', error: serverError('HTTP_503', 'Unavailable', 503) },
    ];
  }
  if (s.matches({ review: 'createFailed' })) return [{ type: 'order.retried' }, { type: 'review.edited' }];
  if (s.matches({ review: 'expired' }) || s.matches({ review: 'refused' }))
    return [{ type: 'rate.updated' }, { type: 'review.edited' }];
  if (s.matches({ review: 'live' })) {
    const tick = s.matches({ review: { live: { clock: 'ticking' } } }) ? [{ type: 'xstate.done.actor.countdown' }] : [];
    if (s.matches({ review: { live: { step: 'ready' } } })) {
      return [
        ...tick,
        { type: 'review.confirmed' },
        { type: 'review.edited' },
        { type: 'route.changed', route: 'order' },
      ];
    }
    if (s.matches({ review: { live: { step: 'confirming' } } })) {
      return [
        ...tick,
        { type: 'xstate.done.actor.confirm', output: orderFor(c, 'COMPLETED') },
        { type: 'xstate.done.actor.confirm', output: orderFor(c, 'FAILED') },
        { type: 'xstate.done.actor.confirm', output: orderFor(c, 'IN_PROGRESS') },
        { type: 'xstate.error.actor.confirm', error: serverError('SWAP_ORDER_EXPIRED', 'The swap rate has expired') },
        { type: 'xstate.error.actor.confirm', error: serverError('PINCODE_REQUIRED', 'A passcode is required', 403) },
        {
          type: 'xstate.error.actor.confirm',
          error: serverError('NOT_ENOUGH_FUNDS', 'Not enough funds to make the swap'),
        },
        { type: 'route.changed', route: 'order' },
        { type: 'review.confirmed' },
      ];
    }
    return [
      ...tick,
      { type: 'xstate.done.actor.passcode', output: orderFor(c, 'COMPLETED') },
      { type: 'xstate.done.actor.passcode', output: orderFor(c, 'FAILED') },
      { type: 'xstate.error.actor.passcode', error: new Error('passcode step crashed') },
      { type: 'passcode.cancelled' },
    ];
  }
  return [];
}

const unit = (currency: string | null) => (currency ?? '').split('_')[0];
const usd = (value: number) =>
  `$${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/**
 * An amount as the flow's guards read it: empty, zero, or positive and then within the pair's limits and
 * the funds or not (the problem the quote will show), on each side.
 */
function amountKind(c: SwapContext): string {
  const driving = c.driver === 'source' ? c.sourceAmount : c.destinationAmount;
  if (c.sourceAmount === '' && c.destinationAmount === '') return 'empty';
  if (!isPositiveAmount(driving)) return `zero:${c.sourceAmount === ''}:${c.destinationAmount === ''}`;
  const sides = `${isPositiveAmount(c.sourceAmount)}:${isPositiveAmount(c.destinationAmount)}`;
  const quoted = hasTerms(c.from, c.to) ? quoteFor(c) : null;
  return `${quoted ? (amountProblem({ ...c, quote: quoted })?.kind ?? 'ok') : 'no terms'}:${sides}`;
}

/**
 * What tells two swap states apart while planning: all of the snapshot but the amounts' digits, which
 * count by their kind. Every combination of typed, shared, maxed and swapped amounts was a state of its
 * own: 99,012 states planned in about 60 s; by kind the walk takes about 8 s and covers the same 321
 * transition × event case × class keys (compared once, both ways), by 225 paths instead of 243.
 */
const stateKey = (s: AnyMachineSnapshot) => {
  const c = ctx(s);
  const { sourceAmount: _source, destinationAmount: _destination, ...rest } = c;
  return JSON.stringify([s.value, rest, amountKind(c), c.quote ? (amountProblem(c)?.kind ?? 'fits') : null]);
};

describeModel('swap', {
  machine: swapMachine,
  input: { from: 'BTC', to: 'USDT_TRX' },
  fakeTimers: true,
  delays: { DEBOUNCE: 300 },
  events: events as never,
  // A second tap on Confirm while the first is on its way sends nothing.
  keepIgnored: (s, e) => e.type === 'review.confirmed' && s.matches({ review: { live: { step: 'confirming' } } }),
  stateKey,
  classify: (s) =>
    [ctx(s).failure ? 'failed' : '', ctx(s).passcodeActive ? 'pin' : '', ctx(s).expired ? 'zero' : ''].join(','),
  mount,
  drive: {
    'load.retried': (_e, h) => h.user.click(button('Retry')),
    'search.changed': (e, h) => replaceValue(h.user, screen.getByRole('searchbox') as HTMLInputElement, e.value),
    'asset.picked': (e, h) =>
      h.user.click(within(screen.getByRole('list')).getByRole('button', { name: NAMES[e.currency] })),
    'sourcePicker.closed': (_e, h) => h.user.click(button('Back')),
    'destinationPicker.closed': (_e, h) => h.user.click(button('Back')),
    // The browser moves the URL (back, forward): useFlowRoute tells the machine.
    'route.changed': (e, h) =>
      act(async () => {
        await h.router.navigate({ to: SWAP_PATHS[e.route] });
      }),
    // The order's own expiry: its seconds run out on the countdown child.
    'xstate.done.actor.countdown': (_e: unknown, h) =>
      act(async () => {
        await vi.advanceTimersByTimeAsync((countdownOf(h.actor)?.getSnapshot().context.secondsLeft ?? 0) * 1000);
      }),
    'source.requested': (_e, h) => h.user.click(button(/^Change what you pay: /)),
    'destination.requested': (_e, h) => h.user.click(button(/^Change what you get: /)),
    'sides.swapped': (_e, h) => h.user.click(button(/^Swap \w+ and \w+$/)),
    'amount.changed': (e, h) => replaceValue(h.user, e.side === 'source' ? payInput() : getInput(), e.value),
    'max.requested': (_e, h) => h.user.click(button('Max')),
    'share.requested': (e, h) =>
      h.user.click(
        within(screen.getByRole('group', { name: 'Part of the balance' })).getByRole('button', {
          name: `${e.share}%`,
        }),
      ),
    'quote.retried': (_e, h) => h.user.click(button('Retry')),
    'form.submitted': (_e, h) => h.user.click(button('Continue')),
    'order.retried': (_e, h) => h.user.click(button('Try again')),
    'review.edited': (_e, h) => h.user.click(button('Edit')),
    'review.confirmed': (_e, h) => h.user.click(button('Confirm swap')),
    'rate.updated': (_e, h) => h.user.click(button('Update rate')),
    'passcode.cancelled': (_e, h) => h.user.click(button('Back')),
    'xstate.error.actor.passcode': (e: { type: string }, h) => act(async () => h.actor.send(e)),
    'xstate.done.actor.passcode': async (e: { output?: unknown }, h) => {
      for (const digit of ['1', '2', '3', '4']) await h.user.click(button(digit));
      await act(async () => {
        await vi.advanceTimersByTimeAsync(300);
      });
      await act(async () => h.fakes.resolve('authorise', e.output));
    },
  },
  states: {
    '*': (h, s) => {
      // Every screen's URL is its step (useFlowRoute), back and forward included.
      const route = s.matches('pickingFrom')
        ? 'from'
        : s.matches('pickingTo')
          ? 'to'
          : s.matches('order')
            ? 'order'
            : s.matches('review')
              ? 'review'
              : s.matches('success')
                ? 'success'
                : null;
      if (route) expect(h.router.state.location.pathname).toBe(SWAP_PATHS[route]);
    },
    loading: () => expect(screen.getAllByRole('status').map(says), 'busy indicators').toEqual(['Loading']),
    loadFailed: () => expect(screen.getByRole('alert').textContent).toContain('Could not load what you can swap.'),
    pickingFrom: (_h, s) => {
      const c = ctx(s);
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Swap from');
      // Held, active and traded only; the search narrows by name or code.
      const shown = sourceCandidates(c).filter(
        (cur) =>
          !c.search ||
          cur.toLowerCase().includes(c.search) ||
          COINS.find((x) => x.currency === cur)!
            .name.toLowerCase()
            .includes(c.search),
      );
      if (shown.length === 0)
        expect(screen.getByTestId('no-results').textContent).toMatch(
          c.search ? `No assets match “${c.search}”.` : /None of your assets/,
        );
      else {
        const rows = within(screen.getByRole('list', { name: 'Assets to swap from' })).getAllByRole('button');
        expect(rows.map((b) => COINS.find((x) => b.textContent!.startsWith(shortAssetName(x.name)))?.currency)).toEqual(
          shown,
        );
      }
      if (!s.can({ type: 'sourcePicker.closed' }))
        expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe('/home');
    },
    pickingTo: (_h, s) => {
      const c = ctx(s);
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Swap to');
      const shown = destinationCandidates(c).filter(
        (cur) =>
          !c.search ||
          COINS.find((x) => x.currency === cur)!
            .name.toLowerCase()
            .includes(c.search),
      );
      expect(shown).not.toContain('TON');
      if (shown.length === 0) expect(isShown(screen.getByTestId('no-results')), 'shown').toBe(true);
      else
        expect(within(screen.getByRole('list', { name: 'Assets to swap to' })).getAllByRole('button').length).toBe(
          shown.length,
        );
    },
    order: (_h, s) => {
      const c = ctx(s);
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Swap');
      expect(payInput().value).toBe(c.sourceAmount);
      expect(getInput().value).toBe(c.destinationAmount);
      expect(screen.getByTestId('swap-available').textContent).toBe(
        `Available: ${c.from === 'BTC' ? BTC_AVAILABLE : '100'} ${unit(c.from)}`,
      );
      // Swap-sides only when the reverse pair exists (BTC ⇄ USDT yes; BTC → ETH one-way, ETH not held).
      expect(button(/^Swap \w+ and \w+$/).disabled).toBe(!canReverse(c));
      expect(button('Continue').disabled).toBe(!s.can({ type: 'form.submitted' }));
      expect(button('Max').disabled).toBe(false);
      // 25 % / 50 % / Max chips, enabled with a balance to spend.
      const chips = within(screen.getByRole('group', { name: 'Part of the balance' })).getAllByRole('button');
      expect(chips.map((b) => `${b.textContent}:${(b as HTMLButtonElement).disabled ? 'off' : 'on'}`)).toEqual([
        '25%:on',
        '50%:on',
        'Max:on',
      ]);
    },
    'order.idle': (_h, s) => {
      expect(screen.getByTestId('swap-rate').textContent).toBe('Enter an amount to see the rate');
      expect(button('Continue').disabled).toBe(true);
      expect(ctx(s).quote).toBeNull();
    },
    'order.debouncing': (h) => {
      // Nothing is asked while typing: the quote waits for the pause.
      expect(screen.getByTestId('swap-rate').textContent).toBe('Getting the rate…');
      const before = h.fakes.calls('quote').length;
      act(() => {
        vi.advanceTimersByTime(0);
      });
      expect(h.fakes.calls('quote').length).toBe(before);
    },
    'order.quoting': (h, s) => {
      const c = ctx(s);
      expect(screen.getByTestId('swap-rate').textContent).toBe('Getting the rate…');
      const asked = h.fakes.calls('quote').at(-1) as Record<string, string>;
      // The last edited side drives: only its amount is sent.
      expect(Object.keys(asked).filter((k) => k.endsWith('Amount'))).toEqual([
        c.driver === 'source' ? 'sourceAmount' : 'destinationAmount',
      ]);
      expect(asked.sourceCurrency).toBe(c.from);
    },
    'order.quoteFailed': () => {
      expect(screen.getByRole('alert').textContent).toContain('Something went wrong...');
      expect(isEnabled(button('Retry')), 'Retry enabled').toBe(true);
    },
    'order.quoted': (_h, s) => {
      const c = ctx(s);
      const rate = c.quote!.rate;
      expect(screen.getByTestId('swap-rate').textContent).toMatch(
        new RegExp(`^1 ${unit(c.from)} ≈ [\\d,.]+ ${unit(c.to)}$`),
      );
      expect(rate).toBeTruthy();
      const problem = amountProblem(c);
      const messages = {
        min: `Min amount limit is: ${c.quote!.minLimit} ${unit(c.from)}`,
        max: `Max amount limit is: ${c.quote!.maxLimit} ${unit(c.from)}`,
        notEnough: 'Not enough funds to make the swap',
      };
      const alert = screen.queryByRole('alert');
      expect(alert?.textContent ?? null).toBe(problem ? messages[problem.kind] : null);
      expect(payInput().getAttribute('aria-invalid')).toBe(problem ? 'true' : null);
      // Fiat beside crypto: the harness prices the source at 60 000 $ (BTC's rate).
      if (c.from === 'BTC')
        expect(screen.getByTestId('swap-source-fiat').textContent).toBe(
          `≈ ${usd(Number(toWireAmount(c.sourceAmount)) * 60000)}`,
        );
    },
    review: (_h, s) => {
      expect(screen.getByRole('heading', { level: 1 }).textContent).toMatch(
        s.matches({ review: { live: { step: 'passcode' } } }) ? 'Enter your passcode to swap' : 'Review the swap',
      );
    },
    'review.keying': (h, s) => {
      expect(h.fakes.calls('orderKey').at(-1)).toEqual({ signature: orderSignature(ctx(s)) });
      expect(screen.getAllByRole('status').map(says), 'busy indicators').toEqual(['Getting your rate']);
    },
    'review.creating': (h, s) => {
      const calls = h.fakes.calls('createOrder') as Array<{ idempotencyKey: string; sourceAmount: string }>;
      expect(calls.at(-1)).toMatchObject({
        sourceCurrency: ctx(s).from,
        destinationCurrency: ctx(s).to,
        idempotencyKey: KEY,
      });
      expect(button('Confirm swap').getAttribute('aria-busy')).toBe('true');
    },
    'review.createFailed': () => {
      expect(screen.getByTestId('swap-create-error').textContent).toBe('Something went wrong...');
      expect(button('Try again').disabled).toBe(false);
    },
    'review.live.clock.ticking': (h, s) => {
      if (s.matches({ review: { live: { step: 'passcode' } } }))
        expect(isShown(screen.getByRole('group', { name: 'Passcode keypad' })), 'shown').toBe(true);
      else {
        const left = countdownOf(h.actor)!.getSnapshot().context.secondsLeft;
        expect(left).toBeLessThanOrEqual(ctx(s).orderSeconds);
        expect(screen.getByTestId('swap-countdown').textContent).toBe(countdownText(left));
      }
    },
    'review.live.clock.over': () => {
      // Only while the confirm is on its way: the countdown shows 00:00 and the server's answer decides.
      expect(screen.getByTestId('swap-countdown').textContent).toBe('00:00');
    },
    'review.live.step.ready': (h, s) => {
      const c = ctx(s);
      expect(screen.getByTestId('review-pay').textContent).toBe(`${c.order!.sourceAmount} BTC`);
      // The fixed amount, every digit of it (the order's destination, not rounded).
      expect(screen.getByTestId('review-exact').textContent).toBe(
        `${Number(c.order!.destinationAmount).toLocaleString('en-US', { maximumFractionDigits: 8 })} USDT`,
      );
      expect(screen.getByText('You get exactly').tagName).toBe('DT');
      expect(screen.getByTestId('review-rate').textContent).toBe('1 BTC ≈ 59,400 USDT');
      // The spread against the mid-market rate (60 000) as a fee, in USDT and in dollars:
      // source × 60 000 − destination, at USDT's round of 2.
      const fee = Number(c.order!.sourceAmount) * 60000 - Number(c.order!.destinationAmount);
      expect(screen.getByText('Fee (1%)').tagName).toBe('DT');
      expect(screen.getByTestId('review-fee').textContent).toBe(
        `${fee.toLocaleString('en-US', { maximumFractionDigits: 2 })} USDT`,
      );
      expect(screen.getByTestId('review-fee-fiat').textContent).toBe(`≈ ${usd(fee)}`);
      // Fiat beside crypto: 60 000 $/BTC, 1 $/USDT.
      expect(screen.getByTestId('review-pay-fiat').textContent).toBe(`≈ ${usd(Number(c.order!.sourceAmount) * 60000)}`);
      expect(screen.getByTestId('review-exact-fiat').textContent).toMatch(/^≈ \$[\d,]+\.\d\d$/);
      expect(button('Confirm swap').disabled).toBe(false);
      if (c.failure) expect(screen.getByTestId('swap-confirm-error').textContent).toBe(c.failure.message);
      else expect(screen.queryByTestId('swap-confirm-error')).toBeNull();
      if (c.failure?.code === 'NOT_ENOUGH_FUNDS')
        expect(h.notes.at(-1)).toBe('failed:Not enough funds to make the swap');
      // The creation answered: its key is dropped so the next order gets a new one.
      expect(h.notes).toContain(`forget:${orderSignature(c)}`);
    },
    'review.live.step.confirming': (h, s) => {
      expect(h.fakes.calls('confirm').at(-1)).toEqual({ orderId: ctx(s).order!.id });
      expect(button('Confirm swap').getAttribute('aria-busy')).toBe('true');
      expect(button('Edit').disabled).toBe(true);
    },
    'review.live.step.passcode': () => {
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Enter your passcode to swap');
      expect(isShown(screen.getByRole('group', { name: 'Passcode keypad' })), 'shown').toBe(true);
    },
    'review.expired': (h) => {
      expect(screen.getByTestId('swap-expired').textContent).toBe(
        'The rate has expired. Update the rate to get a new one.',
      );
      expect(screen.getByTestId('swap-summary').getAttribute('aria-disabled')).toBe('true');
      expect(screen.queryByRole('button', { name: 'Confirm swap' })).toBeNull();
      expect(button('Update rate').disabled).toBe(false);
      expect(h.fakes.calls('createOrder').length).toBeGreaterThan(0);
    },
    'review.refused': () => {
      expect(screen.getByTestId('swap-refused').textContent).toMatch(/^The swap did not go through/);
      expect(screen.getByTestId('swap-summary').getAttribute('aria-disabled')).toBe('true');
      expect(button('Update rate').disabled).toBe(false);
    },
    success: (h, s) => {
      const c = ctx(s);
      const pending = c.order!.state === 'IN_PROGRESS';
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
        pending ? 'Swap in progress' : 'Swap complete',
      );
      expect(!!screen.queryByTestId('success-note')).toBe(pending);
      expect(screen.getByTestId('success-pay').textContent).toBe(`Paid ${c.order!.sourceAmount} BTC`);
      // USDT's round (2), rounded half-up: what the history shows for the same swap.
      const shortened = (c.order!.destinationAmount.split('.')[1] ?? '').replace(/0+$/, '').length > 2;
      expect(screen.getByTestId('success-get').textContent).toBe(
        `${shortened ? '≈ ' : ''}+${Number(c.order!.destinationAmount).toLocaleString('en-US', { maximumFractionDigits: 2 })} USDT`,
      );
      expect(screen.getByRole('link', { name: 'Back to assets' }).getAttribute('href')).toBe('/home');
      expect(screen.getByRole('link', { name: 'Open USDT' }).getAttribute('href')).toBe('/home/asset/USDT_TRX');
      expect(h.notes.at(-1)).toBe('settled');
      // The passcode step confirmed this order (its typed input) with the code entered.
      const codes = h.fakes.calls('authorise');
      if (codes.length) expect(codes.at(-1)).toEqual({ request: { orderId: c.order!.id }, code: '1234' });
    },
  },
});
