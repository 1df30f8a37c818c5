/**
 * Spec §4 passcode change: the current code, a new one and its confirmation. A mismatch shows
 * APP_0001 and asks for the new code again; a match calls change (old code in the header); a server
 * error shows its message (or the catalogue's for known codes) and restarts; success counts 5 s back.
 */
import { screen } from '@testing-library/react';
import { createActor } from 'xstate';
import { passcodeChangeMachine } from '../../machines/passcodeChange.machine';
import { PASSCODE_DELAY_MS, TICK_MS } from '../../machines/shared/passcode';
import { PasscodeChangeScreen } from '../../src/features/protection/PasscodeChangeScreen';
import { describeModel } from '../support/mbt';
import { renderInRouter } from '../support/router';
import { alertText, enterCode, filledDots, gatewayError, padDisabled, padEnabled, tapAndUndo } from './passcode-support';

const heading = () => screen.getByRole('heading', { level: 1 }).textContent;
const titles = { old: 'Enter your current passcode', new: 'Enter a new passcode', confirm: 'Repeat the new passcode' };

describeModel('passcodeChange', {
  machine: passcodeChangeMachine,
  events: {
    old: [{ type: 'passcode.entered', code: '1111' }, { type: 'keypad.tapped' }],
    new: [{ type: 'passcode.entered', code: '2222' }],
    confirm: [{ type: 'passcode.entered', code: '2222' }, { type: 'passcode.entered', code: '3333' }],
    changing: [
      { type: 'xstate.done.actor.changePasscode' },
      { type: 'xstate.error.actor.changePasscode', error: gatewayError('B2C_USM0031', 'Wrong pin code') },
      { type: 'xstate.error.actor.changePasscode', error: gatewayError('B2C_USM0099', 'Pin code service unavailable') },
    ],
    securing: [{ type: 'xstate.done.actor.updateBiometricToken' }, { type: 'xstate.error.actor.updateBiometricToken', error: new Error('no') }],
    success: [{ type: 'xstate.after.TICK.passcodeChange.success.counting' }, { type: 'success.closed' }],
  },
  classify: (s) => s.context.error?.kind ?? 'none',
  fakeTimers: true,
  delays: { TICK: TICK_MS, PASSCODE_DELAY: PASSCODE_DELAY_MS },
  mount: async ({ fakes }) => {
    const notes: string[] = [];
    const haptics: string[] = [];
    const actor = createActor(
      passcodeChangeMachine.provide({
        actors: { changePasscode: fakes.promise('changePasscode'), updateBiometricToken: fakes.promise('updateBiometricToken') },
        actions: { goToProtection: () => void notes.push('back'), haptic: (_, p) => void haptics.push(p.kind) },
      }),
    ).start();
    await renderInRouter(<PasscodeChangeScreen actorRef={actor} />, { path: '/settings/wallet-protection/change' });
    return { actor, notes, haptics };
  },
  drive: {
    'passcode.entered': (e, h) => enterCode(h.user, e.code),
    'keypad.tapped': (_e, h) => tapAndUndo(h.user),
    'success.closed': (_e, h) => h.user.click(screen.getByRole('button', { name: 'Done' })),
  },
  states: {
    '*': () => expect(window.localStorage.length).toBe(0),
    old: (h, s, { event }) => {
      expect(heading()).toBe(titles.old);
      expect(padEnabled()).toBe(true);
      expect(filledDots()).toBe(0);
      const error = s.context.error;
      if (error?.kind === 'wrong') expect(alertText()).toBe('Incorrect passcode. Please try again.');
      else if (error?.kind === 'server') expect(alertText()).toBe('Pin code service unavailable');
      else expect(alertText()).toBeNull();
      if (error) expect(s.context).toMatchObject({ oldCode: '', next: '' });
      if (event?.type === 'xstate.error.actor.changePasscode') expect(h.haptics.at(-1)).toBe('error');
    },
    new: (h, s, { event }) => {
      expect(heading()).toBe(titles.new);
      expect(padEnabled()).toBe(true);
      expect(filledDots()).toBe(0);
      if (s.context.error?.kind === 'mismatch') {
        expect(alertText()).toBe('Pin codes do not match');
        if (event?.type === 'passcode.entered') expect(h.haptics.at(-1)).toBe('error');
      } else expect(alertText()).toBeNull();
    },
    confirm: () => {
      expect(heading()).toBe(titles.confirm);
      expect(padEnabled()).toBe(true);
    },
    changing: (h) => {
      expect(padDisabled()).toBe(true);
      expect(screen.getByRole('status', { name: 'Saving the passcode' })).toBeTruthy();
      expect(h.fakes.calls('changePasscode').at(-1)).toEqual({ oldCode: '1111', code: '2222' });
    },
    securing: (h) => {
      expect(padDisabled()).toBe(true);
      expect(h.fakes.calls('updateBiometricToken').at(-1)).toEqual({ code: '2222' });
    },
    success: (h, s) => {
      expect(heading()).toBe('Passcode changed');
      expect(screen.getByRole('timer').textContent).toBe(`Back to wallet protection in ${s.context.secondsLeft} s`);
      expect(s.context).toMatchObject({ oldCode: '', next: '' });
      expect(h.notes).toEqual([]);
    },
    done: (h) => expect(h.notes).toEqual(['back']),
  },
});
