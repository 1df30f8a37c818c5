import { assertEvent, assign, sendParent, setup } from 'xstate';
import { PASSCODE_DELAY_MS, PASSCODE_LENGTH } from './shared/passcode';

/**
 * The 4-digit keypad (spec §4 "Passcode keypad"): digits 0-9 and backspace, up to 4 digits; 300 ms
 * after the 4th digit it fires `submit`. Invoked with id 'keypad' by the set, change, verify and
 * disable machines as `keypadForParent`, it tells its parent `passcode.entered { code }` and
 * `keypad.tapped` (for a haptic tap); a standalone keypad provides `submit` and `tap` itself.
 * A fresh keypad is empty: parents clear the entry by invoking a new one.
 */
export type KeypadContext = { digits: string };

export type KeypadEvent = { type: 'digit.pressed'; digit: string } | { type: 'backspace.pressed' };

/** What a keypad tells its parent. */
export type KeypadParentEvent = { type: 'passcode.entered'; code: string } | { type: 'keypad.tapped' };

export const passcodeKeypadMachine = setup({
  types: {
    context: {} as KeypadContext,
    events: {} as KeypadEvent,
    tags: {} as 'editable' | 'full',
  },
  delays: { PASSCODE_DELAY: PASSCODE_DELAY_MS },
  guards: {
    isDigit: ({ event }) => event.type === 'digit.pressed' && /^\d$/.test(event.digit),
    completesCode: ({ context, event }) =>
      event.type === 'digit.pressed' && /^\d$/.test(event.digit) && context.digits.length === PASSCODE_LENGTH - 1,
    hasDigits: ({ context }) => context.digits.length > 0,
  },
  actions: {
    appendDigit: assign({
      digits: ({ context, event }) => {
        assertEvent(event, 'digit.pressed');
        return context.digits + event.digit;
      },
    }),
    removeDigit: assign({ digits: ({ context }) => context.digits.slice(0, -1) }),
    /** The code is complete (provided: `keypadForParent` tells the parent). */
    submit: () => {},
    /** A key was accepted: a haptic tap. */
    tap: () => {},
  },
}).createMachine({
  id: 'keypad',
  context: { digits: '' },
  initial: 'entering',
  states: {
    entering: {
      tags: 'editable',
      on: {
        'digit.pressed': [
          { guard: 'completesCode', target: 'full', actions: ['appendDigit', 'tap'] },
          { guard: 'isDigit', actions: ['appendDigit', 'tap'] },
        ],
        'backspace.pressed': { guard: 'hasDigits', actions: ['removeDigit', 'tap'] },
      },
    },
    full: {
      tags: 'full',
      description: 'All 4 digits shown for 300 ms (spec §9) so the last one is seen; backspace still corrects it.',
      after: { PASSCODE_DELAY: 'submitted' },
      on: { 'backspace.pressed': { target: 'entering', actions: ['removeDigit', 'tap'] } },
    },
    submitted: {
      tags: 'full',
      description: 'The code went to the caller; the dots stay filled until the caller starts a fresh keypad.',
      entry: 'submit',
    },
  },
});

/** The keypad as a child actor (invoke `{ id: 'keypad', src: 'keypad' }`): it reports to its parent. */
export const keypadForParent = passcodeKeypadMachine.provide({
  actions: {
    submit: sendParent(({ context }): KeypadParentEvent => ({ type: 'passcode.entered', code: context.digits })),
    tap: sendParent({ type: 'keypad.tapped' } satisfies KeypadParentEvent),
  },
});
