import { setup } from 'xstate';
import { passcodeVerifyMachine } from './passcodeVerify.machine';

/**
 * Turn the passcode off (spec §4 "Passcode disable"): the code is entered on the verify keypad and
 * authorises POST /user/pinCode/disable (provide `verify` with `submitPasscode` = the disable call).
 * A refused code is cleared with its message (B2C_USM0031, lockout countdown, block, server message);
 * success marks the passcode gone and returns to wallet protection.
 */
export type DisableEvent = { type: 'disable.cancelled' };

export const passcodeDisableMachine = setup({
  types: {
    events: {} as DisableEvent,
    tags: {} as 'entering',
  },
  actors: { verify: passcodeVerifyMachine },
  actions: {
    /** The profile says pinCodeActive false; the biometric token and faceIdEnabled go with the passcode. */
    markDisabled: () => {},
    goToProtection: () => {},
    reportFailed: () => {},
  },
}).createMachine({
  id: 'passcodeDisable',
  initial: 'entering',
  states: {
    entering: {
      tags: 'entering',
      invoke: {
        id: 'verify',
        src: 'verify',
        onDone: 'disabled',
        onError: { target: 'left', actions: 'reportFailed' },
      },
      on: { 'disable.cancelled': 'left' },
    },
    disabled: { type: 'final', entry: ['markDisabled', 'goToProtection'] },
    left: { type: 'final', entry: 'goToProtection' },
  },
});
