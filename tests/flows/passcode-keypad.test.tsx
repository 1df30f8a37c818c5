/**
 * Spec §4 passcode keypad: up to 4 digits (0-9, backspace); 300 ms after the 4th digit the calling
 * action fires. Driven from the production keypad machine on the rendered PinPad, with fake timers;
 * "0" and Backspace on a full entry come from the physical keyboard, the rest from the on-screen keys.
 */
import { screen } from '@testing-library/react';
import { createActor } from 'xstate';
import { passcodeKeypadMachine } from '../../machines/passcodeKeypad.machine';
import { PASSCODE_DELAY_MS } from '../../machines/shared/passcode';
import { PinPad } from '../../src/ui/PinPad';
import { describeModel, settle } from '../support/mbt';
import { renderWithProviders } from '../support/render';
import { act } from 'react';
import { isShown } from '../support/dom';

const key = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
const digitKeys = () => ['1', '2', '3', '4', '5', '6', '7', '8', '9', '0'].map(key);
const dots = () => screen.getByTestId('pin-dots');
const filled = () => dots().querySelectorAll('[data-filled="true"]').length;

describeModel('passcodeKeypad', {
  machine: passcodeKeypadMachine,
  events: {
    entering: [
      { type: 'digit.pressed', digit: '1' },
      { type: 'digit.pressed', digit: '0' },
      { type: 'backspace.pressed' },
    ],
    full: [{ type: 'backspace.pressed' }, { type: 'xstate.after.PASSCODE_DELAY.keypad.full' }],
  },
  // Backspace on an empty entry does nothing: worth seeing the key disabled.
  keepIgnored: (s, e) => e.type === 'backspace.pressed' && s.context.digits === '',
  fakeTimers: true,
  delays: { PASSCODE_DELAY: PASSCODE_DELAY_MS },
  mount: () => {
    const submitted: string[] = [];
    const taps = { count: 0 };
    const actor = createActor(
      passcodeKeypadMachine.provide({
        actions: {
          submit: ({ context }) => void submitted.push(context.digits),
          tap: () => void (taps.count += 1),
        },
      }),
    ).start();
    renderWithProviders(<PinPad keypad={actor} label="Passcode keypad" />);
    return { actor, submitted, taps };
  },
  drive: {
    'digit.pressed': (e, h) => (e.digit === '0' ? h.user.keyboard('0') : h.user.click(key(e.digit))),
    // An ignored backspace (empty entry) cannot be clicked: the key is disabled.
    'backspace.pressed': async (_e, h) => {
      if (h.actor.getSnapshot().matches('full')) return h.user.keyboard('{Backspace}');
      const button = key('Delete last digit');
      if (!button.disabled) await h.user.click(button);
    },
  },
  states: {
    '*': (h, s, { history }) => {
      expect(isShown(screen.getByRole('group', { name: 'Passcode keypad' })), 'shown').toBe(true);
      expect(filled()).toBe(s.context.digits.length);
      expect(dots().getAttribute('aria-label')).toBe(`${s.context.digits.length} of 4 digits entered`);
      // Screen readers hear the count as it changes (a polite live region, silent when empty).
      const announce = screen.getByTestId('pin-announce');
      expect(announce.getAttribute('aria-live')).toBe('polite');
      expect(announce.textContent).toBe(s.context.digits ? `${s.context.digits.length} of 4 digits entered` : '');
      // Every accepted key press gives a haptic tap.
      const accepted = history.filter(
        (e, i) =>
          e.type !== 'xstate.after.PASSCODE_DELAY.keypad.full' &&
          !(e.type === 'backspace.pressed' && wasEmpty(history, i)),
      );
      expect(h.taps.count).toBe(accepted.length);
    },
    entering: (h, s) => {
      expect(digitKeys().every((b) => !b.disabled)).toBe(true);
      expect(key('Delete last digit').disabled).toBe(s.context.digits === '');
      expect(h.submitted).toEqual([]);
    },
    full: (h) => {
      expect(digitKeys().every((b) => b.disabled)).toBe(true);
      expect(key('Delete last digit').disabled).toBe(false);
      // Not yet: the action waits 300 ms after the 4th digit.
      expect(h.submitted).toEqual([]);
    },
    submitted: (h, s) => {
      expect(h.submitted).toEqual([s.context.digits]);
      expect(digitKeys().every((b) => b.disabled)).toBe(true);
      expect(key('Delete last digit').disabled).toBe(true);
    },
  },
});

/** Digits typed so far before step i (the model's own count, for the tap tally). */
function wasEmpty(history: { type: string; digit?: string }[], i: number): boolean {
  let n = 0;
  for (const e of history.slice(0, i)) {
    if (e.type === 'digit.pressed') n += 1;
    if (e.type === 'backspace.pressed' && n > 0) n -= 1;
  }
  return n === 0;
}

describe('passcode keypad timing', () => {
  it('fires exactly once, 300 ms after the 4th digit, not at 299 ms', async () => {
    vi.useFakeTimers();
    const submitted: string[] = [];
    const actor = createActor(
      passcodeKeypadMachine.provide({
        actions: { submit: ({ context }) => void submitted.push(context.digits), tap: () => {} },
      }),
    ).start();
    renderWithProviders(<PinPad keypad={actor} label="Passcode keypad" />);
    for (const d of '2580') await act(async () => key(d).click());
    await act(async () => vi.advanceTimersByTime(PASSCODE_DELAY_MS - 1));
    expect(submitted).toEqual([]);
    await act(async () => vi.advanceTimersByTime(1));
    await settle();
    expect(submitted).toEqual(['2580']);
    await act(async () => vi.advanceTimersByTime(5000));
    expect(submitted).toEqual(['2580']);
  });

  it('a disabled pad ignores every key', async () => {
    const actor = createActor(passcodeKeypadMachine.provide({ actions: { submit: () => {}, tap: () => {} } })).start();
    renderWithProviders(<PinPad keypad={actor} disabled label="Passcode keypad" />);
    expect(digitKeys().every((b) => b.disabled)).toBe(true);
    expect(key('Delete last digit').disabled).toBe(true);
  });
});

describe('passcode keypad from a physical keyboard', () => {
  function mountWithField(disabled = false) {
    const actor = createActor(passcodeKeypadMachine.provide({ actions: { submit: () => {}, tap: () => {} } })).start();
    renderWithProviders(
      <>
        <input aria-label="Memo" />
        <PinPad keypad={actor} disabled={disabled} label="Passcode keypad" />
      </>,
    );
    return actor;
  }

  it('digits and Backspace typed anywhere on the screen fill and clear the dots', async () => {
    const { default: userEvent } = await import('@testing-library/user-event');
    const user = userEvent.setup();
    const actor = mountWithField();
    await user.keyboard('72a');
    expect(filled()).toBe(2);
    expect(screen.getByTestId('pin-announce').textContent).toBe('2 of 4 digits entered');
    await user.keyboard('{Backspace}');
    expect(actor.getSnapshot().context.digits).toBe('7');
    expect(filled()).toBe(1);
  });

  it('does not steal keys from a text input, nor take shortcuts with modifiers', async () => {
    const { default: userEvent } = await import('@testing-library/user-event');
    const user = userEvent.setup();
    const actor = mountWithField();
    await user.click(screen.getByRole('textbox', { name: 'Memo' }));
    await user.keyboard('12{Backspace}3');
    expect((screen.getByRole('textbox', { name: 'Memo' }) as HTMLInputElement).value).toBe('13');
    expect(filled()).toBe(0);
    (document.activeElement as HTMLElement).blur();
    await user.keyboard('{Control>}1{/Control}{Meta>}2{/Meta}');
    expect(actor.getSnapshot().context.digits).toBe('');
  });

  it('a disabled pad ignores the keyboard too', async () => {
    const { default: userEvent } = await import('@testing-library/user-event');
    const user = userEvent.setup();
    const actor = mountWithField(true);
    await user.keyboard('1234');
    expect(actor.getSnapshot().context.digits).toBe('');
    expect(filled()).toBe(0);
  });
});
