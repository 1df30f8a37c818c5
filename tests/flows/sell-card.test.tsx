/**
 * Sell card lookup (spec §2 card entry, §5 Sell card, §9): at most 16 digits in groups of four, the
 * BIN looked up once 6 digits are there (once per BIN, not per keystroke), SBR only (sell_only_sber_error
 * otherwise), exactly 16 Luhn-valid digits to continue, the save-card switch, saved cards tapped.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createActor, type AnyActorRef, type AnyMachineSnapshot } from 'xstate';
import {
  sellCardMachine,
  type CardChoice,
  type SellCardContext,
  type SellCardEvent,
} from '../../machines/sellCard.machine';
import type { BuiltinEvent } from '../support/mbt-plan';
import { groupCard, luhnValid } from '../../machines/shared/sell';
import { SellCardScreen } from '../../src/features/sell/SellCardScreen';
import { createDeferredActors, describeModel, settle, type MountTools } from '../support/mbt';
import { renderInRouter } from '../support/router';
import {
  SBER,
  SBER_MISTYPED,
  SBER_OTHER_END,
  TINKOFF,
  button,
  cardInput,
  otherInfo,
  replaceValue,
  savedCards,
  sberInfo,
  serverError,
  unknownInfo,
} from './sell-fixtures';
import { isShown, says } from '../support/dom';

async function mount({ fakes }: MountTools) {
  const backs: number[] = [];
  const actor = createActor(
    sellCardMachine.provide({
      actors: { loadCards: fakes.promise('loadCards'), lookupBin: fakes.promise('lookupBin') },
    }),
  ).start();
  await renderInRouter(<SellCardScreen actor={actor} onBack={() => void backs.push(1)} />, {
    path: '/sell/order/card',
  });
  return { actor: actor as AnyActorRef, backs };
}

const ONLY_SBER = 'RUB payouts are only available to Sberbank cards.';
const MISTYPED = 'Check the card number: a digit seems mistyped.';

/** Typed (or pasted) values: 5 and 6 digits, 15 and 16, the same BIN with another end, a mistyped digit, another bank, 17 digits, spaces. */
const numbers = [
  '22022',
  '220220',
  '220220000000000',
  SBER,
  SBER_OTHER_END,
  SBER_MISTYPED,
  TINKOFF,
  `${SBER}9`,
  '',
  '5536 91',
];

const ctx = (s: AnyMachineSnapshot) => s.context as SellCardContext;

describeModel('sellCard', {
  machine: sellCardMachine,
  events: (s) => {
    const c = ctx(s);
    const events: Array<SellCardEvent | BuiltinEvent> = [];
    // The cards region's outcomes before anything is typed: enough to cover it without multiplying every typed state.
    if (c.digits === '' && !c.save) {
      if (s.matches({ entry: { cards: 'loading' } })) {
        events.push(
          { type: 'xstate.done.actor.loadCards', output: savedCards },
          { type: 'xstate.done.actor.loadCards', output: [] },
          { type: 'xstate.error.actor.loadCards', error: serverError('HTTP_503', 'Unavailable', 503) },
        );
      }
      if (s.matches({ entry: { cards: 'failed' } })) events.push({ type: 'cards.retried' });
      if (s.matches({ entry: { cards: 'list' } }) && c.cards.length)
        events.push({ type: 'saved.picked', cardId: 'card-1' });
      events.push({ type: 'save.toggled' });
    }
    if (s.matches('done')) return events;
    if (!s.matches({ entry: { cards: 'loading' } }) && !s.matches({ entry: { cards: 'failed' } })) {
      for (const value of numbers) events.push({ type: 'number.changed', value });
    }
    if (s.matches({ entry: { number: 'lookingUp' } })) {
      // A 7th digit while the BIN is being looked up (offered only here, so the graph keeps this step): no second lookup.
      events.push({ type: 'number.changed', value: `${c.digits.slice(0, 6)}0` });
      // Each BIN answers as its bank does; an unknown bank is refused like another one.
      if (c.pendingBin === '220220') events.push({ type: 'xstate.done.actor.lookupBin', output: sberInfo });
      else
        events.push(
          { type: 'xstate.done.actor.lookupBin', output: otherInfo },
          { type: 'xstate.done.actor.lookupBin', output: unknownInfo },
        );
      events.push({ type: 'xstate.error.actor.lookupBin', error: serverError('HTTP_503', 'Unavailable', 503) });
    }
    if (s.matches({ entry: { number: 'lookupFailed' } })) events.push({ type: 'lookup.retried' });
    if (s.matches({ entry: { number: 'supported' } })) events.push({ type: 'card.submitted' });
    return events;
  },
  mount,
  drive: {
    'number.changed': (e, h) => replaceValue(h.user, cardInput(), e.value),
    'save.toggled': (_e, h) => h.user.click(screen.getByRole('switch', { name: 'Save card for next time' })),
    'saved.picked': (_e, h) =>
      h.user.click(within(screen.getByTestId('saved-cards')).getByRole('button', { name: '2202 20•• •••• 1234' })),
    'card.submitted': (_e, h) => h.user.click(button('Continue')),
    'lookup.retried': (_e, h) => h.user.click(button('Retry')),
    'cards.retried': (_e, h) => h.user.click(button('Retry')),
  },
  states: {
    '*': () => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Card for the payout'),
    entry: (_h, s) => {
      const c = ctx(s);
      // Groups of four, digits only, never more than 16; the phone shows its number pad.
      expect(cardInput().value).toBe(groupCard(c.digits));
      expect(c.digits.length).toBeLessThanOrEqual(16);
      expect(cardInput().getAttribute('inputmode')).toBe('numeric');
      expect(cardInput().getAttribute('autocomplete')).toBe('cc-number');
      expect(screen.getByRole('switch', { name: 'Save card for next time' }).getAttribute('aria-checked')).toBe(
        String(c.save),
      );
      expect(button('Continue').disabled).toBe(!s.can({ type: 'card.submitted' }));
      const mistyped = c.digits.length === 16 && !luhnValid(c.digits);
      expect(!!screen.queryByText(MISTYPED)).toBe(mistyped && !s.matches({ entry: { number: 'otherBank' } }));
    },
    'entry.cards.loading': () =>
      expect(screen.getAllByRole('status').map(says), 'busy indicators').toEqual(['Loading saved cards']),
    'entry.cards.list': (_h, s) => {
      if (ctx(s).cards.length) {
        const list = screen.getByRole('list', { name: 'Saved cards' });
        expect(
          within(list)
            .getAllByRole('button')
            .map((b) => b.textContent),
        ).toEqual(['2202 20•• •••• 1234']);
      } else {
        expect(screen.getByTestId('saved-cards-empty').textContent).toBe('No saved cards yet.');
      }
    },
    'entry.cards.failed': () =>
      expect(isShown(screen.getByText('Could not load your saved cards.')), 'shown').toBe(true),
    'entry.number.short': () =>
      expect(screen.getByTestId('sell-card-status').textContent).toBe('Payouts in RUB go to Sberbank cards.'),
    'entry.number.lookingUp': (h, s, { history }) => {
      expect(screen.getByTestId('sell-card-status').textContent).toBe('Checking the bank…');
      // Only the BIN leaves the device, once per BIN: asked again only after a failed lookup.
      const calls = h.fakes.calls('lookupBin') as Array<{ bin: string }>;
      expect(calls.at(-1)).toEqual({ bin: ctx(s).digits.slice(0, 6) });
      const failures = history.filter((e) => e.type === 'xstate.error.actor.lookupBin').length;
      expect(calls.length - new Set(calls.map((c) => c.bin)).size).toBeLessThanOrEqual(failures);
    },
    'entry.number.lookupFailed': () =>
      expect(isShown(screen.getByText("Could not check the card's bank.")), 'shown').toBe(true),
    'entry.number.otherBank': () => {
      expect(screen.getByText(ONLY_SBER).getAttribute('role')).toBe('alert');
      expect(cardInput().getAttribute('aria-invalid')).toBe('true');
      expect(button('Continue').disabled).toBe(true);
    },
    'entry.number.supported': (_h, s) => {
      // One message at a time: a mistyped number says only that, not the bank too.
      const c = ctx(s);
      const mistyped = c.digits.length === 16 && !luhnValid(c.digits);
      expect(screen.getByTestId('sell-card-status').textContent).toBe(mistyped ? '' : 'Sberbank card · MIR');
      expect(screen.queryByText(ONLY_SBER)).toBeNull();
    },
    done: (_h, s) => {
      const out = s.output as CardChoice;
      if (out.kind === 'saved') expect(out.card.cardId).toBe('card-1');
      else
        expect(out).toEqual({
          kind: 'new',
          number: SBER,
          masked: '220220******0008',
          bankCode: 'SBR',
          system: 'MIR',
          save: ctx(s).save,
        });
      // The screen stays as it was until the flow moves on.
      expect(isShown(screen.getByRole('heading', { level: 1 })), 'shown').toBe(true);
    },
  },
});

describe('sell card lookup: once per BIN, not per keystroke (spec §5)', () => {
  async function typed(keys: string) {
    const fakes = createDeferredActors();
    const user = userEvent.setup();
    const actor = createActor(
      sellCardMachine.provide({
        actors: { loadCards: fakes.promise('loadCards'), lookupBin: fakes.promise('lookupBin') },
      }),
    ).start();
    await renderInRouter(<SellCardScreen actor={actor} onBack={() => {}} />);
    await user.type(cardInput(), keys);
    await settle();
    return { fakes, actor, user };
  }

  it('5 digits: no lookup', async () => {
    const { fakes } = await typed('22022');
    expect(fakes.calls('lookupBin')).toEqual([]);
    expect(cardInput().value).toBe('2202 2');
  });

  it('16 digits typed one by one: one lookup, for the first 6', async () => {
    const { fakes, user } = await typed(SBER.slice(0, 8));
    expect(fakes.calls('lookupBin')).toEqual([{ bin: '220220' }]);
    fakes.resolve('lookupBin', sberInfo);
    await user.type(cardInput(), SBER.slice(8));
    await settle();
    expect(fakes.calls('lookupBin')).toEqual([{ bin: '220220' }]);
    expect(cardInput().value).toBe('2202 2000 0000 0008');
    expect(button('Continue').disabled).toBe(false);
  });

  it('back to 5 digits and the same 6th again: still one lookup; a 17th digit is refused', async () => {
    const { fakes, user } = await typed('220220');
    fakes.resolve('lookupBin', sberInfo);
    await user.type(cardInput(), '{Backspace}0');
    await user.type(cardInput(), '00000000089');
    await settle();
    expect(fakes.calls('lookupBin')).toEqual([{ bin: '220220' }]);
    expect(cardInput().value).toBe('2202 2000 0000 0008');
  });
});
