/**
 * Spec §4 passcode change, current code first: with no passcode set it leads to set-up; the current
 * code is validated on the server on the verify keypad before the new one is asked (so a wrong
 * current code, its tries left and a wait show at once); then a new code and its confirmation. A
 * mismatch shows APP_0001 and asks for the new code again; a match calls change (old code in the
 * header); a server error there shows its message and restarts; success counts 5 s back.
 */
import { act, screen } from '@testing-library/react';
import { createActor, fromPromise, type PromiseActorLogic } from 'xstate';
import { passcodeChangeMachine } from '../../machines/passcodeChange.machine';
import { passcodeVerifyMachine } from '../../machines/passcodeVerify.machine';
import { PASSCODE_DELAY_MS, TICK_MS } from '../../machines/shared/passcode';
import { PasscodeChangeScreen } from '../../src/features/protection/PasscodeChangeScreen';
import { describeModel, settle, type DeferredActors } from '../support/mbt';
import { renderInRouter } from '../support/router';
import {
  alertText,
  enterCode,
  fakePasscodeRules,
  filledDots,
  gatewayError,
  padDisabled,
  padEnabled,
  tapAndUndo,
  triesLeftText,
} from './passcode-support';
import { says, storedKeys } from '../support/dom';

const heading = () => screen.getByRole('heading', { level: 1 }).textContent;
const titles = { old: 'Enter your current passcode', new: 'Enter a new passcode', confirm: 'Repeat the new passcode' };
const noKeypad = () => screen.queryByRole('button', { name: '1' }) === null;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function mountChange(
  fakes: DeferredActors,
  validate: PromiseActorLogic<any, { code: string }> = fakes.promise('validatePasscode'),
) {
  const notes: string[] = [];
  const haptics: string[] = [];
  const actor = createActor(
    passcodeChangeMachine.provide({
      actors: {
        loadPinCodeActive: fakes.promise('loadPinCodeActive'),
        verify: passcodeVerifyMachine.provide({ actors: { submitPasscode: validate } }),
        changePasscode: fakes.promise('changePasscode'),
        updateBiometricToken: fakes.promise('updateBiometricToken'),
      },
      actions: {
        goToProtection: () => void notes.push('back'),
        goToSet: () => void notes.push('set'),
        haptic: (_, p) => void haptics.push(p.kind),
      },
    }),
  ).start();
  await renderInRouter(<PasscodeChangeScreen actorRef={actor} />, { path: '/settings/wallet-protection/change' });
  return { actor, notes, haptics };
}

describeModel('passcodeChange', {
  machine: passcodeChangeMachine,
  events: {
    checking: [
      { type: 'xstate.done.actor.loadPinCodeActive', output: true },
      { type: 'xstate.done.actor.loadPinCodeActive', output: false },
      { type: 'xstate.error.actor.loadPinCodeActive', error: new Error('profile unavailable') },
    ],
    old: [{ type: 'xstate.done.actor.verify', output: '1111' }],
    new: [{ type: 'passcode.entered', code: '2222' }, { type: 'keypad.tapped' }],
    confirm: [
      { type: 'passcode.entered', code: '2222' },
      { type: 'passcode.entered', code: '3333' },
    ],
    changing: [
      { type: 'xstate.done.actor.changePasscode' },
      { type: 'xstate.error.actor.changePasscode', error: gatewayError('B2C_USM0031', 'Wrong pin code') },
      { type: 'xstate.error.actor.changePasscode', error: gatewayError('B2C_USM0099', 'Pin code service unavailable') },
    ],
    securing: [
      { type: 'xstate.done.actor.updateBiometricToken' },
      { type: 'xstate.error.actor.updateBiometricToken', error: new Error('no') },
    ],
    success: [{ type: 'xstate.after.TICK.passcodeChange.success.counting' }, { type: 'success.closed' }],
  },
  classify: (s) => s.context.error?.kind ?? 'none',
  fakeTimers: true,
  delays: { TICK: TICK_MS, PASSCODE_DELAY: PASSCODE_DELAY_MS },
  mount: ({ fakes }) => mountChange(fakes),
  drive: {
    // The current code typed on the verify keypad, and the server's yes to it.
    'xstate.done.actor.verify': async (e: unknown, h) => {
      const code = String((e as { output?: unknown }).output);
      await enterCode(h.user, code);
      await settle();
      await act(async () => h.fakes.resolve('validatePasscode', code));
    },
    'passcode.entered': (e, h) => enterCode(h.user, e.code),
    'keypad.tapped': (_e, h) => tapAndUndo(h.user),
    'success.closed': (_e, h) => h.user.click(screen.getByRole('button', { name: 'Done' })),
  },
  states: {
    '*': () => expect(storedKeys(window.localStorage), 'nothing stored').toEqual([]),
    checking: (h) => {
      expect(screen.getAllByRole('status').map(says), 'busy indicators').toEqual(['Checking your passcode settings']);
      expect(noKeypad()).toBe(true);
      expect(h.notes).toEqual([]);
    },
    noPasscode: (h) => {
      // Nothing to change: off to set-up, without ever showing a keypad.
      expect(h.notes).toEqual(['set']);
      expect(noKeypad()).toBe(true);
      expect(h.fakes.calls('validatePasscode')).toEqual([]);
    },
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
      // The current code was checked on its own, before the new code was asked for.
      expect(h.fakes.calls('validatePasscode').at(-1)).toEqual({ code: '1111' });
      expect(h.fakes.calls('changePasscode')).toEqual([]);
      if (s.context.error?.kind === 'mismatch') {
        expect(alertText()).toBe('Pin codes do not match');
        if (event?.type === 'passcode.entered') expect(h.haptics.at(-1)).toBe('error');
      } else expect(alertText()).toBeNull();
      if (event?.type === 'keypad.tapped') expect(h.haptics.slice(-2)).toEqual(['tap', 'tap']);
    },
    confirm: () => {
      expect(heading()).toBe(titles.confirm);
      expect(padEnabled()).toBe(true);
    },
    changing: (h) => {
      expect(padDisabled()).toBe(true);
      expect(screen.getAllByRole('status').map(says), 'busy indicators').toEqual(['Saving the passcode']);
      expect(h.fakes.calls('changePasscode').at(-1)).toEqual({ oldCode: '1111', code: '2222' });
    },
    securing: (h) => {
      expect(padDisabled()).toBe(true);
      expect(h.fakes.calls('updateBiometricToken').at(-1)).toEqual({ code: '2222' });
    },
    'success.counting': (h, s) => {
      expect(heading()).toBe('Passcode changed');
      expect(screen.getByRole('timer').textContent).toBe(`Back to wallet protection in ${s.context.secondsLeft} s`);
      expect(s.context).toMatchObject({ oldCode: '', next: '' });
      expect(h.notes).toEqual([]);
    },
    done: (h) => {
      expect(h.notes).toEqual(['back']);
      // The success screen stays until wallet protection opens; no keypad comes back.
      expect(heading()).toBe('Passcode changed');
      expect(screen.queryByTestId('pin-dots')).toBeNull();
    },
  },
});

describe('passcode change against the gateway rules (interface 4)', () => {
  it('a wrong current code is reported before the new one is typed, with the tries left', async () => {
    vi.useFakeTimers();
    const { createDeferredActors } = await import('../support/mbt');
    const userEvent = (await import('@testing-library/user-event')).default;
    const user = userEvent.setup({ delay: null, advanceTimers: vi.advanceTimersByTime });
    const fakes = createDeferredActors();
    const { actor } = await mountChange(fakes, fromPromise(fakePasscodeRules('1111')));
    await act(async () => fakes.resolve('loadPinCodeActive', true));
    await settle();
    for (const expected of [null, null, '2 tries left before a short wait']) {
      await enterCode(user, '9999');
      await settle();
      expect(heading()).toBe(titles.old);
      expect(screen.getByRole('alert').textContent).toContain('Incorrect passcode. Please try again.');
      expect(triesLeftText()).toBe(expected);
    }
    await enterCode(user, '1111');
    await settle();
    expect(heading()).toBe(titles.new);
    await enterCode(user, '2222');
    await enterCode(user, '2222');
    await settle();
    expect(fakes.calls('changePasscode')).toEqual([{ oldCode: '1111', code: '2222' }]);
    expect(actor.getSnapshot().value).toBe('changing');
  }, 20_000);
});
