import { assign, fromPromise, setup } from 'xstate';
import { keypadForParent } from './passcodeKeypad.machine';
import { passcodeVerifyMachine } from './passcodeVerify.machine';
import { TICK_MS, enteredCode, successCountdownState, toPasscodeError, type PasscodeError } from './shared/passcode';
import { SUCCESS_SECONDS } from './passcodeSet.machine';

/**
 * Change the passcode (spec §4 "Passcode change"). With no passcode set it leads to set-up instead.
 * The current code goes through the verify keypad, which checks it on the server at once
 * (POST /user/pinCode/validate), so a wrong current code — its tries left, a wait, the block — is
 * reported before the new code is typed. Then the new code and its repetition: a mismatch shows
 * APP_0001 and asks for the new code again; a match calls POST /user/pinCode/change (old code in the
 * `pincode` header). A server error there shows its message and restarts from the current code.
 */
export type ChangeContext = { oldCode: string; next: string; error: PasscodeError | null; secondsLeft: number };

export type ChangeEvent =
  | { type: 'passcode.entered'; code: string }
  | { type: 'keypad.tapped' }
  | { type: 'success.closed' };

export type ChangeStep = 'old' | 'new' | 'confirm' | 'success';

export const passcodeChangeMachine = setup({
  types: {
    context: {} as ChangeContext,
    events: {} as ChangeEvent,
    tags: {} as 'editable' | 'busy' | 'checking' | ChangeStep,
  },
  actors: {
    keypad: keypadForParent,
    /** Whether a passcode is set (the profile's pinCodeActive). */
    loadPinCodeActive: fromPromise<boolean>(async () => {
      throw new Error('loadPinCodeActive not provided');
    }),
    /** The current code on the verify keypad; provide its `submitPasscode` = validate, outputting the code. */
    verify: passcodeVerifyMachine,
    /** POST /user/pinCode/change, header pincode = old code, body { pinCode }. */
    changePasscode: fromPromise<void, { oldCode: string; code: string }>(async () => {
      throw new Error('changePasscode not provided');
    }),
    /** Replaces the biometric token with the new code when biometric access was granted. */
    updateBiometricToken: fromPromise<void, { code: string }>(async () => {
      throw new Error('updateBiometricToken not provided');
    }),
  },
  delays: { TICK: TICK_MS },
  guards: {
    passcodeSet: ({ event }) => (event as { output?: unknown }).output === true,
    matches: ({ context, event }) => event.type === 'passcode.entered' && event.code === context.next,
    moreToCount: ({ context }) => context.secondsLeft > 1,
  },
  actions: {
    holdOld: assign({
      oldCode: ({ event }) => String((event as { output?: unknown }).output ?? ''),
      error: null,
    }),
    holdNext: assign({
      next: enteredCode,
      error: null,
    }),
    mismatch: assign({ next: '', error: { kind: 'mismatch' } as PasscodeError }),
    serverFailed: assign({
      oldCode: '',
      next: '',
      error: ({ event }) => toPasscodeError((event as { error?: unknown }).error),
    }),
    startCountdown: assign({ secondsLeft: SUCCESS_SECONDS, oldCode: '', next: '', error: null }),
    tick: assign({ secondsLeft: ({ context }) => context.secondsLeft - 1 }),
    goToProtection: () => {},
    /** No passcode to change: set one up instead. */
    goToSet: () => {},
    haptic: (_, _params: { kind: 'tap' | 'error' | 'success' }) => {},
  },
}).createMachine({
  id: 'passcodeChange',
  context: { oldCode: '', next: '', error: null, secondsLeft: 0 },
  initial: 'checking',
  on: { 'keypad.tapped': { actions: { type: 'haptic', params: { kind: 'tap' } } } },
  states: {
    checking: {
      tags: ['busy', 'checking', 'old'],
      description:
        'Is there a passcode to change? If the profile cannot say, the keypad is shown and the server decides.',
      invoke: {
        id: 'loadPinCodeActive',
        src: 'loadPinCodeActive',
        onDone: [{ guard: 'passcodeSet', target: 'old' }, { target: 'noPasscode' }],
        onError: 'old',
      },
    },
    noPasscode: { type: 'final', tags: 'checking', entry: 'goToSet' },
    old: {
      tags: ['old'],
      description: 'The current code, validated on the server before anything else is asked.',
      invoke: {
        id: 'verify',
        src: 'verify',
        input: ({ context }) => ({ error: context.error }),
        onDone: { target: 'new', actions: 'holdOld' },
      },
    },
    new: {
      tags: ['editable', 'new'],
      invoke: { id: 'keypad', src: 'keypad' },
      on: { 'passcode.entered': { target: 'confirm', actions: 'holdNext' } },
    },
    confirm: {
      tags: ['editable', 'confirm'],
      invoke: { id: 'keypad', src: 'keypad' },
      on: {
        'passcode.entered': [
          { guard: 'matches', target: 'changing' },
          { target: 'new', actions: ['mismatch', { type: 'haptic', params: { kind: 'error' } }] },
        ],
      },
    },
    changing: {
      tags: ['busy', 'confirm'],
      invoke: {
        id: 'changePasscode',
        src: 'changePasscode',
        input: ({ context }) => ({ oldCode: context.oldCode, code: context.next }),
        onDone: 'securing',
        onError: { target: 'old', actions: ['serverFailed', { type: 'haptic', params: { kind: 'error' } }] },
      },
    },
    securing: {
      tags: ['busy', 'confirm'],
      description: 'The passcode changed; a failed biometric-token update does not undo it.',
      invoke: {
        id: 'updateBiometricToken',
        src: 'updateBiometricToken',
        input: ({ context }) => ({ code: context.next }),
        onDone: 'success',
        onError: 'success',
      },
    },
    success: successCountdownState('passcodeChange', ['startCountdown'] as const),
    done: { type: 'final', entry: 'goToProtection' },
  },
});
