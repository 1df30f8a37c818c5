import type { SnapshotFrom } from 'xstate';
import type { sellCardMachine } from './sellCard.machine';
import { binOf, CARD_DIGITS, groupCard, luhnValid } from './shared/sell';

type Snapshot = SnapshotFrom<typeof sellCardMachine>;

export const selectDigits = (s: Snapshot) => s.context.digits;
/** The field's text: the digits in groups of four. */
export const selectGroupedNumber = (s: Snapshot) => groupCard(s.context.digits);
export const selectNumberStatus = (
  s: Snapshot,
): 'short' | 'lookingUp' | 'lookupFailed' | 'otherBank' | 'supported' | 'done' => {
  if (s.matches('done')) return 'done';
  for (const state of ['lookingUp', 'lookupFailed', 'otherBank', 'supported'] as const) {
    if (s.matches({ entry: { number: state } })) return state;
  }
  return 'short';
};
export const selectCardsStatus = (s: Snapshot): 'loading' | 'list' | 'failed' =>
  s.matches({ entry: { cards: 'loading' } })
    ? 'loading'
    : s.matches({ entry: { cards: 'failed' } })
      ? 'failed'
      : 'list';
export const selectSavedCards = (s: Snapshot) => s.context.cards;
export const selectSave = (s: Snapshot) => s.context.save;
/** The payment system of the looked-up BIN ("MIR", "VISA"…), once known. */
export const selectSystem = (s: Snapshot) => {
  const bin = binOf(s.context.digits);
  return bin ? (s.context.known[bin]?.system ?? null) : null;
};
/** All 16 digits typed but the Luhn check fails: a mistyped digit. */
export const selectMistyped = (s: Snapshot) => s.context.digits.length === CARD_DIGITS && !luhnValid(s.context.digits);
export const selectCanSubmit = (s: Snapshot) => s.can({ type: 'card.submitted' });
