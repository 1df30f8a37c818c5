/**
 * Spec §4 passcode disable: the code authorises POST /user/pinCode/disable on the verify keypad;
 * success marks the passcode gone and returns to wallet protection; an error shows its message and
 * clears the code (the held passcode is invalid). With no passcode set it leads to set-up, no keypad.
 */
import { act, screen } from '@testing-library/react';
import { createActor } from 'xstate';
import { passcodeDisableMachine } from '../../machines/passcodeDisable.machine';
import { passcodeVerifyMachine } from '../../machines/passcodeVerify.machine';
import { PASSCODE_DELAY_MS } from '../../machines/shared/passcode';
import { PasscodeDisableScreen } from '../../src/features/protection/PasscodeDisableScreen';
import { describeModel, settle, type DeferredActors } from '../support/mbt';
import { renderInRouter } from '../support/router';
import { alertText, enterCode, gatewayError, padEnabled, tapAndUndo } from './passcode-support';
import { says } from '../support/dom';

async function mountDisable(fakes: DeferredActors) {
  const notes: string[] = [];
  const broken = { haptics: false };
  const actor = createActor(
    passcodeDisableMachine.provide({
      actors: {
        loadPinCodeActive: fakes.promise('loadPinCodeActive'),
        verify: passcodeVerifyMachine.provide({
          actors: { submitPasscode: fakes.promise('disablePasscode') },
          actions: {
            haptic: () => {
              if (broken.haptics) throw new Error('haptics crashed');
            },
          },
        }),
      },
      actions: {
        markDisabled: () => void notes.push('disabled'),
        goToProtection: () => void notes.push('back'),
        goToSet: () => void notes.push('set'),
        reportFailed: () => void notes.push('failed'),
      },
    }),
  ).start();
  await renderInRouter(<PasscodeDisableScreen actorRef={actor} />, { path: '/settings/wallet-protection/disable' });
  return { actor, notes, broken };
}

describeModel('passcodeDisable', {
  machine: passcodeDisableMachine,
  events: {
    checking: [
      { type: 'xstate.done.actor.loadPinCodeActive', output: true },
      { type: 'xstate.done.actor.loadPinCodeActive', output: false },
      { type: 'xstate.error.actor.loadPinCodeActive', error: new Error('profile unavailable') },
    ],
    entering: [
      { type: 'xstate.done.actor.verify' },
      { type: 'xstate.error.actor.verify', error: new Error('haptics crashed') },
      { type: 'disable.cancelled' },
    ],
  },
  fakeTimers: true,
  delays: { PASSCODE_DELAY: PASSCODE_DELAY_MS },
  mount: ({ fakes }) => mountDisable(fakes),
  drive: {
    // The code typed on the verify keypad, then the server's yes.
    'xstate.done.actor.verify': async (_e: unknown, h) => {
      await enterCode(h.user, '1234');
      await act(async () => h.fakes.resolve('disablePasscode', undefined));
    },
    // A crash inside the keypad flow (here: the platform's haptics) ends the screen, reported.
    'xstate.error.actor.verify': async (_e: unknown, h) => {
      h.broken.haptics = true;
      await tapAndUndo(h.user).catch(() => {});
    },
    'disable.cancelled': (_e, h) => h.user.click(screen.getByRole('button', { name: 'Cancel' })),
  },
  states: {
    checking: (h) => {
      expect(screen.getAllByRole('status').map(says), 'busy indicators').toEqual(['Checking your passcode settings']);
      expect(screen.queryByRole('button', { name: '1' })).toBeNull();
      expect(h.notes).toEqual([]);
    },
    noPasscode: (h) => {
      // Nothing to turn off: off to set-up, without ever showing a keypad.
      expect(h.notes).toEqual(['set']);
      expect(screen.queryByRole('button', { name: '1' })).toBeNull();
    },
    entering: (h) => {
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Enter your passcode to turn it off');
      expect(padEnabled()).toBe(true);
      expect(h.notes).toEqual([]);
    },
    disabled: (h) => {
      expect(h.fakes.calls('disablePasscode')).toEqual([{ code: '1234' }]);
      expect(h.notes).toEqual(['disabled', 'back']);
      // The keypad is gone with its verify machine: nothing more can be typed.
      expect(screen.queryByTestId('pin-dots')).toBeNull();
      expect(screen.queryByRole('button', { name: '1' })).toBeNull();
    },
    left: (h, _s, { event }) => {
      expect(h.notes).toEqual(event?.type === 'xstate.error.actor.verify' ? ['failed', 'back'] : ['back']);
      expect(h.fakes.calls('disablePasscode')).toEqual([]);
      expect(screen.queryByTestId('pin-dots')).toBeNull();
      expect(screen.queryByRole('button', { name: '1' })).toBeNull();
    },
  },
});

describe('passcode disable errors', () => {
  async function typeAndFail(error: unknown) {
    vi.useFakeTimers();
    const { createDeferredActors } = await import('../support/mbt');
    const userEvent = (await import('@testing-library/user-event')).default;
    const user = userEvent.setup({ delay: null, advanceTimers: vi.advanceTimersByTime });
    const fakes = createDeferredActors();
    const mounted = await mountDisable(fakes);
    await act(async () => fakes.resolve('loadPinCodeActive', true));
    await settle();
    await enterCode(user, '9999');
    await act(async () => fakes.reject('disablePasscode', error));
    await settle();
    return mounted;
  }

  it('a wrong code shows B2C_USM0031, clears the entry and stays on the keypad', async () => {
    const { actor, notes } = await typeAndFail(gatewayError('B2C_USM0031', 'Wrong pin code'));
    expect(alertText()).toBe('Incorrect passcode. Please try again.');
    expect(padEnabled()).toBe(true);
    expect(screen.getByTestId('pin-dots').querySelectorAll('[data-filled="true"]')).toHaveLength(0);
    expect(actor.getSnapshot().value).toBe('entering');
    expect(
      JSON.stringify(
        (actor.getSnapshot().children.verify?.getSnapshot() as { context?: unknown } | undefined)?.context,
      ),
    ).not.toContain('9999');
    expect(notes).toEqual([]);
  });

  it('another error shows the server message', async () => {
    await typeAndFail(gatewayError('B2C_USM0099', 'Could not turn the passcode off'));
    expect(alertText()).toBe('Could not turn the passcode off');
    expect(padEnabled()).toBe(true);
  });
});
