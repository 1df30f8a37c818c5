import { fromPromise, setup } from 'xstate';
import { passcodeVerifyMachine } from './passcodeVerify.machine';

/**
 * Turn the passcode off (spec §4 "Passcode disable"): the code is entered on the verify keypad and
 * authorises POST /user/pinCode/disable (provide `verify` with `submitPasscode` = the disable call).
 * A refused code is cleared with its message (B2C_USM0031, lockout countdown, block, server message);
 * success marks the passcode gone and returns to wallet protection. With no passcode set there is
 * nothing to turn off: it leads to set-up instead of showing a keypad.
 */
export type DisableEvent = { type: 'disable.cancelled' };

export const passcodeDisableMachine = setup({
  types: {
    events: {} as DisableEvent,
    tags: {} as 'entering' | 'checking',
  },
  actors: {
    /** Whether a passcode is set (the profile's pinCodeActive). */
    loadPinCodeActive: fromPromise<boolean>(async () => {
      throw new Error('loadPinCodeActive not provided');
    }),
    verify: passcodeVerifyMachine,
  },
  guards: {
    passcodeSet: ({ event }) => (event as { output?: unknown }).output === true,
  },
  actions: {
    /** The profile says pinCodeActive false; the biometric token and faceIdEnabled go with the passcode. */
    markDisabled: () => {},
    goToProtection: () => {},
    /** No passcode to turn off: set one up instead. */
    goToSet: () => {},
    reportFailed: () => {},
  },
}).createMachine({
  id: 'passcodeDisable',
  initial: 'checking',
  on: { 'disable.cancelled': '.left' },
  states: {
    checking: {
      tags: 'checking',
      description:
        'Is there a passcode to turn off? If the profile cannot say, the keypad is shown and the server decides.',
      invoke: {
        id: 'loadPinCodeActive',
        src: 'loadPinCodeActive',
        onDone: [{ guard: 'passcodeSet', target: 'entering' }, { target: 'noPasscode' }],
        onError: 'entering',
      },
    },
    noPasscode: { type: 'final', tags: 'checking', entry: 'goToSet' },
    entering: {
      tags: 'entering',
      invoke: {
        id: 'verify',
        src: 'verify',
        onDone: 'disabled',
        onError: { target: 'left', actions: 'reportFailed' },
      },
    },
    disabled: { type: 'final', entry: ['markDisabled', 'goToProtection'] },
    left: { type: 'final', entry: 'goToProtection' },
  },
});
