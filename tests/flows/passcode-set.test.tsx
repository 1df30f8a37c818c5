/**
 * Spec §4 passcode set: enter, then confirm. A mismatch shows APP_0001 ("Pin codes do not match"),
 * goes back to step 1 and clears both; a match enables it, updates the biometric token, marks it
 * valid and shows the success screen, which returns to wallet protection after a visible 5 s.
 */
import { screen } from '@testing-library/react';
import { createActor } from 'xstate';
import { passcodeSetMachine } from '../../machines/passcodeSet.machine';
import { PASSCODE_DELAY_MS, TICK_MS } from '../../machines/shared/passcode';
import { PasscodeSetScreen } from '../../src/features/protection/PasscodeSetScreen';
import { describeModel } from '../support/mbt';
import { renderInRouter } from '../support/router';
import {
  alertText,
  enterCode,
  filledDots,
  gatewayError,
  padDisabled,
  padEnabled,
  tapAndUndo,
} from './passcode-support';
import { isShown, says } from '../support/dom';

const heading = () => screen.getByRole('heading', { level: 1 }).textContent;

describeModel('passcodeSet', {
  machine: passcodeSetMachine,
  events: {
    enter: [{ type: 'passcode.entered', code: '1234' }, { type: 'keypad.tapped' }],
    confirm: [
      { type: 'passcode.entered', code: '1234' },
      { type: 'passcode.entered', code: '4321' },
    ],
    saving: [
      { type: 'xstate.done.actor.enablePasscode' },
      { type: 'xstate.error.actor.enablePasscode', error: gatewayError('B2C_USM0099', 'Passcode already set') },
    ],
    securing: [
      { type: 'xstate.done.actor.updateBiometricToken' },
      { type: 'xstate.error.actor.updateBiometricToken', error: new Error('Biometrics unavailable') },
    ],
    success: [{ type: 'xstate.after.TICK.passcodeSet.success.counting' }, { type: 'success.closed' }],
  },
  classify: (s) => s.context.error?.kind ?? 'none',
  fakeTimers: true,
  delays: { TICK: TICK_MS, PASSCODE_DELAY: PASSCODE_DELAY_MS },
  mount: async ({ fakes }) => {
    const notes: string[] = [];
    const haptics: string[] = [];
    const actor = createActor(
      passcodeSetMachine.provide({
        actors: {
          enablePasscode: fakes.promise('enablePasscode'),
          updateBiometricToken: fakes.promise('updateBiometricToken'),
        },
        actions: {
          markValid: () => void notes.push('valid'),
          goToProtection: () => void notes.push('back'),
          haptic: (_, p) => void haptics.push(p.kind),
        },
      }),
    ).start();
    await renderInRouter(<PasscodeSetScreen actorRef={actor} />, { path: '/settings/wallet-protection/set' });
    return { actor, notes, haptics };
  },
  drive: {
    'passcode.entered': (e, h) => enterCode(h.user, e.code),
    'keypad.tapped': (_e, h) => tapAndUndo(h.user),
    'success.closed': (_e, h) => h.user.click(screen.getByRole('button', { name: 'Done' })),
  },
  states: {
    '*': (_h, s) => {
      // Held passcode: nothing is ever written to storage.
      expect(window.localStorage.length).toBe(0);
      expect(JSON.stringify(s.context)).not.toMatch(/4321/);
    },
    enter: (h, s, { event }) => {
      expect(heading()).toBe('Create a passcode');
      expect(padEnabled()).toBe(true);
      expect(filledDots()).toBe(0);
      const error = s.context.error;
      if (error?.kind === 'mismatch') {
        expect(alertText()).toBe('Pin codes do not match');
        expect(s.context.first).toBe('');
        if (event?.type === 'passcode.entered') expect(h.haptics.at(-1)).toBe('error');
      } else if (error?.kind === 'server') {
        expect(alertText()).toBe('Passcode already set');
      } else {
        expect(alertText()).toBeNull();
        expect(isShown(screen.getByText('Choose 4 digits you will remember')), 'shown').toBe(true);
      }
      if (event?.type === 'keypad.tapped') expect(h.haptics.slice(-2)).toEqual(['tap', 'tap']);
    },
    confirm: () => {
      expect(heading()).toBe('Repeat the passcode');
      expect(padEnabled()).toBe(true);
      expect(filledDots()).toBe(0);
      expect(isShown(screen.getByText('Enter the same 4 digits again')), 'shown').toBe(true);
    },
    saving: (h) => {
      expect(padDisabled()).toBe(true);
      expect(screen.getAllByRole('status').map(says), 'busy indicators').toEqual(['Saving the passcode']);
      expect(h.fakes.calls('enablePasscode').at(-1)).toEqual({ code: '1234' });
    },
    securing: (h) => {
      expect(padDisabled()).toBe(true);
      expect(h.fakes.calls('updateBiometricToken').at(-1)).toEqual({ code: '1234' });
      expect(h.notes).toEqual([]);
    },
    'success.counting': (h, s) => {
      expect(heading()).toBe('Passcode set');
      expect(screen.getByRole('timer').textContent).toBe(`Back to wallet protection in ${s.context.secondsLeft} s`);
      expect(h.notes).toEqual(['valid']);
      expect(h.haptics.at(-1)).toBe('success');
      // The codes are forgotten once set.
      expect(s.context.first).toBe('');
      expect(s.context.code).toBe('');
    },
    done: (h, _s, { history }) => {
      expect(h.notes).toEqual(['valid', 'back']);
      // The success screen stays until wallet protection opens; no keypad comes back.
      expect(heading()).toBe('Passcode set');
      expect(screen.queryByTestId('pin-dots')).toBeNull();
      const ticks = history.filter((e) => e.type.startsWith('xstate.after.TICK')).length;
      // By the countdown: exactly 5 ticks of 1 s; by "Done": at once.
      if (history.at(-1)?.type !== 'success.closed') expect(ticks).toBe(5);
    },
  },
});

describe('passcode set success screen', () => {
  it('returns to wallet protection 5 s after success, not before', async () => {
    vi.useFakeTimers();
    const { fromPromise } = await import('xstate');
    const userEvent = (await import('@testing-library/user-event')).default;
    const user = userEvent.setup({ delay: null, advanceTimers: vi.advanceTimersByTime });
    const back: number[] = [];
    const actor = createActor(
      passcodeSetMachine.provide({
        actors: { enablePasscode: fromPromise(async () => {}), updateBiometricToken: fromPromise(async () => {}) },
        actions: { goToProtection: () => void back.push(Date.now()) },
      }),
    ).start();
    await renderInRouter(<PasscodeSetScreen actorRef={actor} />, { path: '/settings/wallet-protection/set' });
    await enterCode(user, '2468');
    await enterCode(user, '2468');
    const { act } = await import('react');
    await act(async () => vi.advanceTimersByTimeAsync(0));
    expect(heading()).toBe('Passcode set');
    expect(screen.getByRole('timer').textContent).toBe('Back to wallet protection in 5 s');
    await act(async () => vi.advanceTimersByTime(4 * TICK_MS));
    expect(screen.getByRole('timer').textContent).toBe('Back to wallet protection in 1 s');
    await act(async () => vi.advanceTimersByTime(TICK_MS - 1));
    expect(back).toEqual([]);
    await act(async () => vi.advanceTimersByTime(1));
    expect(back).toHaveLength(1);
  });
});
