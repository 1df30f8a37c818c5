import { assign, fromPromise, setup } from 'xstate';
import {
  BIN_DIGITS,
  CARD_DIGITS,
  binOf,
  cardDigits,
  isSupportedBank,
  luhnValid,
  maskCard,
  type CardInfo,
  type SavedCard,
} from './shared/sell';
import { output } from './shared/output';

/** The card step's result. A new card's number lives only in memory (never stored, never in the URL). */
export type CardChoice =
  | { kind: 'new'; number: string; masked: string; bankCode: string; system: string; save: boolean }
  | { kind: 'saved'; card: SavedCard };

export type SellCardEvent =
  | { type: 'number.changed'; value: string }
  | { type: 'save.toggled' }
  | { type: 'saved.picked'; cardId: string }
  | { type: 'card.submitted' }
  | { type: 'lookup.retried' }
  | { type: 'cards.retried' };

export type SellCardContext = {
  /** Digits only, at most 16; the screen groups them by four. */
  digits: string;
  /** Lookups already answered, by BIN: editing the last digits never asks again (spec §5 "once 6 are entered"). */
  known: Record<string, CardInfo>;
  /** The BIN being looked up. */
  pendingBin: string | null;
  save: boolean;
  cards: SavedCard[];
  result: CardChoice | null;
};

const digitsOf = (event: SellCardEvent) => (event.type === 'number.changed' ? cardDigits(event.value) : '');
const infoOf = (context: SellCardContext, digits: string) => {
  const bin = binOf(digits);
  return bin ? context.known[bin] : undefined;
};

/**
 * Sell card lookup (spec §2 card entry, §5 Sell card): at most 16 digits; at 6 the BIN is looked up
 * once; a bank other than SBR shows sell_only_sber_error and blocks; exactly 16 (Luhn-valid) to
 * continue; an optional "save card" toggle; saved cards, listed beside the field, continue on a tap.
 */
export const sellCardMachine = setup({
  types: {
    context: {} as SellCardContext,
    events: {} as SellCardEvent,
    output: {} as CardChoice,
    tags: {} as 'busy',
  },
  actors: {
    loadCards: fromPromise<SavedCard[]>(async () => {
      throw new Error('loadCards not provided');
    }),
    lookupBin: fromPromise<CardInfo, { bin: string }>(async () => {
      throw new Error('lookupBin not provided');
    }),
  },
  guards: {
    tooShort: ({ event }) => digitsOf(event).length < BIN_DIGITS,
    knownSupported: ({ context, event }) => isSupportedBank(infoOf(context, digitsOf(event))),
    knownOther: ({ context, event }) => infoOf(context, digitsOf(event)) !== undefined,
    sameBinPending: ({ context, event }) => binOf(digitsOf(event)) === context.pendingBin,
    supported: (_, info: CardInfo) => isSupportedBank(info),
    complete: ({ context }) => context.digits.length === CARD_DIGITS && luhnValid(context.digits),
    savedExists: ({ context, event }) =>
      event.type === 'saved.picked' && context.cards.some((c) => c.cardId === event.cardId),
  },
  actions: {
    setDigits: assign({ digits: ({ event }) => digitsOf(event) }),
    markPending: assign({ pendingBin: ({ context }) => binOf(context.digits) }),
    keepInfo: assign(({ context }, info: CardInfo) => ({
      known: { ...context.known, [context.pendingBin ?? '']: info },
      pendingBin: null,
    })),
    toggleSave: assign({ save: ({ context }) => !context.save }),
    chooseNew: assign({
      result: ({ context }) => {
        const info = infoOf(context, context.digits)!;
        return {
          kind: 'new' as const,
          number: context.digits,
          masked: maskCard(context.digits),
          bankCode: info.code,
          system: info.system,
          save: context.save,
        };
      },
    }),
    chooseSaved: assign({
      result: ({ context, event }) => {
        const card = context.cards.find((c) => event.type === 'saved.picked' && c.cardId === event.cardId)!;
        return { kind: 'saved' as const, card };
      },
    }),
  },
}).createMachine({
  id: 'sellCard',
  context: { digits: '', known: {}, pendingBin: null, save: false, cards: [], result: null },
  initial: 'entry',
  states: {
    entry: {
      type: 'parallel',
      on: {
        'save.toggled': { actions: 'toggleSave' },
        'saved.picked': { guard: 'savedExists', target: '#sellCard.done', actions: 'chooseSaved' },
      },
      states: {
        cards: {
          initial: 'loading',
          states: {
            loading: {
              invoke: {
                id: 'loadCards',
                src: 'loadCards',
                onDone: { target: 'list', actions: assign({ cards: ({ event }) => event.output }) },
                onError: 'failed',
              },
            },
            list: { description: 'Saved cards (may be none); a tap continues with that card.' },
            failed: { on: { 'cards.retried': 'loading' } },
          },
        },
        number: {
          initial: 'short',
          // On this region, not on `entry`: the cards region would otherwise pick the same transition and
          // restart a lookup that lookingUp's own handler meant to keep.
          on: {
            'number.changed': [
              { guard: 'tooShort', target: '.short', actions: 'setDigits' },
              { guard: 'knownSupported', target: '.supported', actions: 'setDigits' },
              { guard: 'knownOther', target: '.otherBank', actions: 'setDigits' },
              { target: '.lookingUp', actions: 'setDigits' },
            ],
          },
          states: {
            short: { description: 'Fewer than 6 digits: nothing to look up yet.' },
            lookingUp: {
              tags: 'busy',
              entry: 'markPending',
              on: { 'number.changed': { guard: 'sameBinPending', actions: 'setDigits' } },
              invoke: {
                id: 'lookupBin',
                src: 'lookupBin',
                input: ({ context }) => ({ bin: context.pendingBin ?? '' }),
                onDone: [
                  {
                    guard: { type: 'supported', params: output },
                    target: 'supported',
                    actions: { type: 'keepInfo', params: output },
                  },
                  { target: 'otherBank', actions: { type: 'keepInfo', params: output } },
                ],
                onError: { target: 'lookupFailed', actions: assign({ pendingBin: null }) },
              },
            },
            lookupFailed: { on: { 'lookup.retried': 'lookingUp' } },
            otherBank: {
              description:
                'Spec §5 sell_only_sber_error: RUB payouts go to cards of one bank only; continuing is blocked.',
            },
            supported: {
              description:
                'A card of the supported bank: continue once all 16 digits are there and pass the Luhn check.',
              on: { 'card.submitted': { guard: 'complete', target: '#sellCard.done', actions: 'chooseNew' } },
            },
          },
        },
      },
    },
    done: { type: 'final' },
  },
  output: ({ context }) => context.result!,
});
