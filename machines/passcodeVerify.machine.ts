import { assertEvent, assign, fromPromise, setup, raise } from 'xstate';
import { keypadForParent } from './passcodeKeypad.machine';
import { TICK_MS, toPasscodeError, type PasscodeError } from './shared/passcode';

/**
 * Passcode entry that authorises something (spec §4 "Passcode verify"). The caller plugs in
 * `submitPasscode` — what the code authorises: settings validate it (POST /user/pinCode/validate),
 * a send makes the withdrawal with it in the `pincode` header — and gets its output from the final
 * state `verified`. B2C_USM0031 clears the entry; B2C_USM0030 locks the keypad with a live countdown;
 * B2C_USM0032 explains the block; other errors show the server's message.
 * When the caller provides the guard `biometricsOn` (faceIdEnabled), a "Use biometrics" button asks
 * the messenger's biometry for the stored passcode instead of typing it.
 */
export type VerifyContext = {
  /** The entered code, held only while it is being submitted (spec §4 held passcode). */
  code: string;
  error: PasscodeError | null;
  /** Seconds left before the next try (B2C_USM0030). */
  secondsLeft: number;
  output: unknown;
};

/**
 * Optional input: an error to show on the first keypad (a caller restarting the entry after its own
 * failure). Left out of `types` on purpose so callers that have nothing to say need not pass input.
 */
export type VerifyInput = { error?: PasscodeError | null } | undefined;

export type VerifyEvent =
  | { type: 'passcode.entered'; code: string }
  | { type: 'keypad.tapped' }
  | { type: 'biometrics.requested' };

export const passcodeVerifyMachine = setup({
  types: {
    context: {} as VerifyContext,
    events: {} as VerifyEvent,
    tags: {} as 'editable' | 'busy' | 'locked' | 'blocked' | 'unlocking',
  },
  actors: {
    keypad: keypadForParent,
    /** What the code authorises; its output becomes the output of `verified` (any, so callers provide their own type). */
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    submitPasscode: fromPromise<any, { code: string }>(async () => {
      throw new Error('submitPasscode not provided');
    }),
    /** The passcode stored as the biometric token, or null when the user cancelled. */
    unlockWithBiometrics: fromPromise<string | null>(async () => {
      throw new Error('unlockWithBiometrics not provided');
    }),
  },
  delays: { TICK: TICK_MS },
  guards: {
    /** Provided: faceIdEnabled — unlocking with the biometric token is offered; the keypad stays as the fallback. */
    biometricsOn: () => false,
    gotToken: ({ event }) => {
      const output = (event as { output?: unknown }).output;
      return typeof output === 'string' && output !== '';
    },
    mustWait: ({ event }) => toPasscodeError((event as { error?: unknown }).error).kind === 'wait',
    isBlocked: ({ event }) => toPasscodeError((event as { error?: unknown }).error).kind === 'blocked',
    moreToWait: ({ context }) => context.secondsLeft > 1,
  },
  actions: {
    holdCode: assign({
      code: ({ event }) => {
        assertEvent(event, 'passcode.entered');
        return event.code;
      },
    }),
    holdToken: assign({ code: ({ event }) => String((event as { output?: unknown }).output) }),
    forgetCode: assign({ code: '' }),
    rememberError: assign({
      error: ({ event }) => toPasscodeError((event as { error?: unknown }).error),
      code: '',
    }),
    startCountdown: assign({
      secondsLeft: ({ event }) => {
        const error = toPasscodeError((event as { error?: unknown }).error);
        return error.kind === 'wait' ? error.seconds : 0;
      },
    }),
    tick: assign({ secondsLeft: ({ context }) => context.secondsLeft - 1 }),
    endCountdown: assign({ secondsLeft: 0, error: null }),
    keepOutput: assign({ output: ({ event }) => (event as { output?: unknown }).output, code: '', error: null }),
    /** Platform haptics (guide §5): tap on the keypad, error on a refused code, success on completion. */
    haptic: (_, _params: { kind: 'tap' | 'error' | 'success' }) => {},
  },
}).createMachine({
  id: 'passcodeVerify',
  context: ({ input }) => ({ code: '', error: (input as VerifyInput)?.error ?? null, secondsLeft: 0, output: null }),
  initial: 'pad',
  // Spec §4: where biometric unlock is offered (`biometricsOn`), it is asked for as the step opens; the
  // keypad's guard drops the request elsewhere, and a cancel leaves the keypad.
  entry: raise({ type: 'biometrics.requested' }),
  on: { 'keypad.tapped': { actions: { type: 'haptic', params: { kind: 'tap' } } } },
  states: {
    unlocking: {
      tags: 'unlocking',
      description:
        'Face ID / fingerprint through the messenger returns the stored passcode; a cancel falls back to the keypad.',
      invoke: {
        id: 'unlockWithBiometrics',
        src: 'unlockWithBiometrics',
        onDone: [{ guard: 'gotToken', target: 'pad.submitting', actions: 'holdToken' }, { target: 'pad' }],
        onError: 'pad',
      },
    },
    pad: {
      description: 'A fresh keypad each time this state is entered, so a refused code clears the entry.',
      invoke: { id: 'keypad', src: 'keypad' },
      initial: 'typing',
      states: {
        typing: {
          tags: 'editable',
          on: {
            'passcode.entered': { target: 'submitting', actions: 'holdCode' },
            'biometrics.requested': { guard: 'biometricsOn', target: '#passcodeVerify.unlocking' },
          },
        },
        submitting: {
          tags: 'busy',
          invoke: {
            id: 'submitPasscode',
            src: 'submitPasscode',
            input: ({ context }) => ({ code: context.code }),
            onDone: {
              target: '#passcodeVerify.verified',
              actions: ['keepOutput', { type: 'haptic', params: { kind: 'success' } }],
            },
            onError: [
              {
                guard: 'mustWait',
                target: '#passcodeVerify.waiting',
                actions: ['rememberError', 'startCountdown', { type: 'haptic', params: { kind: 'error' } }],
              },
              {
                guard: 'isBlocked',
                target: '#passcodeVerify.blocked',
                actions: ['rememberError', { type: 'haptic', params: { kind: 'error' } }],
              },
              // B2C_USM0031 and any other failure: a fresh (empty) keypad with the message.
              {
                target: '#passcodeVerify.pad',
                reenter: true,
                actions: ['rememberError', { type: 'haptic', params: { kind: 'error' } }],
              },
            ],
          },
        },
      },
    },
    waiting: {
      tags: 'locked',
      description: 'B2C_USM0030: the keypad is locked and the seconds to the next allowed try count down live.',
      after: {
        TICK: [
          { guard: 'moreToWait', target: 'waiting', reenter: true, actions: 'tick' },
          { target: 'pad', actions: 'endCountdown' },
        ],
      },
    },
    blocked: {
      tags: 'blocked',
      description: 'B2C_USM0032: no more tries; the passcode is unblocked by a password reset.',
    },
    verified: {
      type: 'final',
    },
  },
  output: ({ context }) => context.output,
});
