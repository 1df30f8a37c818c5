import { assign, fromPromise, setup } from 'xstate';
import { keypadForParent } from './passcodeKeypad.machine';
import {
  TICK_MS,
  enteredCode,
  newCodeStates,
  successCountdownState,
  toPasscodeError,
  type PasscodeError,
} from './shared/passcode';

/** Spec §9: the success screen counts 5 s down, then returns to wallet protection. */
export const SUCCESS_SECONDS = 5;

/**
 * Set a passcode (spec §4 "Passcode set"): enter, then confirm. A mismatch shows APP_0001, goes back
 * to step 1 and clears both; a match enables it on the server (POST /user/pinCode/enable), updates
 * the biometric token if access was granted, marks it valid and shows the success screen, which
 * returns to wallet protection after 5 s. The codes live only in this machine's context.
 */
export type SetContext = { first: string; code: string; error: PasscodeError | null; secondsLeft: number };

export type SetEvent =
  | { type: 'passcode.entered'; code: string }
  | { type: 'keypad.tapped' }
  | { type: 'success.closed' };

export const passcodeSetMachine = setup({
  types: {
    context: {} as SetContext,
    events: {} as SetEvent,
    tags: {} as 'editable' | 'busy' | 'success' | 'enter' | 'confirm',
  },
  actors: {
    keypad: keypadForParent,
    /** POST /user/pinCode/enable { pinCode }. */
    enablePasscode: fromPromise<void, { code: string }>(async () => {
      throw new Error('enablePasscode not provided');
    }),
    /** Stores the new code as the biometric token when biometric access was granted (else nothing). */
    updateBiometricToken: fromPromise<void, { code: string }>(async () => {
      throw new Error('updateBiometricToken not provided');
    }),
  },
  delays: { TICK: TICK_MS },
  guards: {
    matches: ({ context, event }) => event.type === 'passcode.entered' && event.code === context.first,
    moreToCount: ({ context }) => context.secondsLeft > 1,
  },
  actions: {
    holdFirst: assign({
      first: enteredCode,
      error: null,
    }),
    holdCode: assign({
      code: enteredCode,
    }),
    mismatch: assign({ first: '', code: '', error: { kind: 'mismatch' } as PasscodeError }),
    serverFailed: assign({
      first: '',
      code: '',
      error: ({ event }) => toPasscodeError((event as { error?: unknown }).error),
    }),
    startCountdown: assign({ secondsLeft: SUCCESS_SECONDS, first: '', code: '', error: null }),
    tick: assign({ secondsLeft: ({ context }) => context.secondsLeft - 1 }),
    /** The profile now says pinCodeActive (spec §4 "mark the code valid"). */
    markValid: () => {},
    goToProtection: () => {},
    haptic: (_, _params: { kind: 'tap' | 'error' | 'success' }) => {},
  },
}).createMachine({
  id: 'passcodeSet',
  context: { first: '', code: '', error: null, secondsLeft: 0 },
  initial: 'enter',
  on: { 'keypad.tapped': { actions: { type: 'haptic', params: { kind: 'tap' } } } },
  states: {
    ...newCodeStates(),
    saving: {
      tags: ['busy', 'confirm'],
      invoke: {
        id: 'enablePasscode',
        src: 'enablePasscode',
        input: ({ context }) => ({ code: context.code }),
        onDone: 'securing',
        onError: { target: 'enter', actions: ['serverFailed', { type: 'haptic', params: { kind: 'error' } }] },
      },
    },
    securing: {
      tags: ['busy', 'confirm'],
      description: 'The passcode is set; a failed biometric-token update does not undo it.',
      invoke: {
        id: 'updateBiometricToken',
        src: 'updateBiometricToken',
        input: ({ context }) => ({ code: context.code }),
        onDone: 'success',
        onError: 'success',
      },
    },
    success: successCountdownState('passcodeSet', ['markValid', 'startCountdown'] as const),
    done: { type: 'final', entry: 'goToProtection' },
  },
});
