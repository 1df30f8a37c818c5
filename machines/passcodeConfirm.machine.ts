import { assertEvent, assign, fromPromise, raise, setup } from 'xstate';
import { countdownMachine } from './countdown.machine';
import { keypadForParent } from './passcodeKeypad.machine';
import { failureOf, type Failure } from './shared/failure';
import { toPasscodeError, type PasscodeError } from './shared/passcode';

/**
 * What a money flow hands its passcode step: the request the code authorises (the review's, with its
 * idempotency key) and whether biometric unlock is offered (faceIdEnabled: spec §4 stores the passcode
 * as the biometric token, on iOS inside the messenger).
 */
export type ConfirmInput<R> = { request: R; biometrics: boolean };

export type ConfirmContext<R, T> = {
  request: R;
  biometrics: boolean;
  /** The entered code, held only while it is being submitted (spec §4 held passcode). */
  code: string;
  error: PasscodeError | null;
  /** What the authorised request answered: the step's output. */
  answer: T | null;
};

export type ConfirmEvent =
  | { type: 'passcode.entered'; code: string }
  | { type: 'keypad.tapped' }
  | { type: 'biometrics.requested' };

/** The passcode errors the step shows on its own keypad (spec §6); any other failure is also the flow's to tell. */
const PASSCODE_CODES = /^B2C_USM003[0-2]$/;

const errorOf = (event: { type: string; error?: unknown }) => ('error' in event ? event.error : null);
const passcodeErrorOf = (event: { type: string; error?: unknown }) => toPasscodeError(errorOf(event));

/**
 * The passcode step of a money flow's review (send, swap, sell): the biometric token when offered (asked
 * for as the step opens, and again from the keypad's biometric key), falling back to the keypad on a
 * cancel — or the keypad alone — then the flow's request made with the code
 * in the pincode header (`authorise`, provided by the flow's services). B2C_USM0031 clears the entry,
 * B2C_USM0030 locks the keypad for the server's wait (the countdown actor), B2C_USM0032 explains the
 * block; any other failure shows the server's message on a fresh keypad and is told to the flow
 * (`notifyFailed`). It finishes with the request's answer as its output.
 *
 * Typed per flow: `passcodeConfirmFor<WithdrawalRequest, Transaction>()` gives the parent a typed
 * input to pass and a typed output to read.
 */
export function passcodeConfirmFor<R, T>() {
  return setup({
    types: {
      context: {} as ConfirmContext<R, T>,
      events: {} as ConfirmEvent,
      input: {} as ConfirmInput<R>,
      output: {} as T,
      tags: {} as 'editable' | 'busy' | 'locked' | 'blocked' | 'unlocking',
    },
    actors: {
      keypad: keypadForParent,
      countdown: countdownMachine,
      /** The flow's request with the code in the pincode header. */
      authorise: fromPromise<T, { request: R; code: string }>(async () => {
        throw new Error('authorise not provided');
      }),
      /** The passcode stored as the biometric token, or null when the user cancelled. */
      unlockWithBiometrics: fromPromise<string | null>(async () => {
        throw new Error('unlockWithBiometrics not provided');
      }),
    },
    guards: {
      biometricsOffered: ({ context }) => context.biometrics,
      gotToken: (_, token: string | null) => typeof token === 'string' && token !== '',
      mustWait: ({ event }) => passcodeErrorOf(event).kind === 'wait',
      isBlocked: ({ event }) => passcodeErrorOf(event).kind === 'blocked',
      notAPasscodeError: ({ event }) => !PASSCODE_CODES.test(failureOf(errorOf(event)).code),
    },
    actions: {
      holdCode: assign({
        code: ({ event }) => {
          assertEvent(event, 'passcode.entered');
          return event.code;
        },
      }),
      holdToken: assign((_, token: string | null) => ({ code: token ?? '' })),
      rememberError: assign({ error: ({ event }) => passcodeErrorOf(event), code: '' }),
      endWait: assign({ error: null }),
      /** Provided by the flow: a failure that is not the passcode's (a toast; spec §8). */
      notifyFailed: (_, _params: { failure: Failure }) => {},
      /**
       * Spec §4 stores the passcode as the biometric token: when it is offered, the step asks for it at
       * once, as the peers do, so the keypad is the fallback rather than the first thing to use (the
       * keypad's guard, `biometricsOffered`, drops the request when it is not offered).
       */
      offerBiometrics: raise({ type: 'biometrics.requested' }),
      /** Platform haptics (guide §5): tap on the keypad, error on a refused code, success on completion. */
      haptic: (_, _params: { kind: 'tap' | 'error' | 'success' }) => {},
    },
  }).createMachine({
    id: 'passcodeConfirm',
    context: ({ input }) => ({
      request: input.request,
      biometrics: input.biometrics,
      code: '',
      error: null,
      answer: null,
    }),
    initial: 'pad',
    entry: 'offerBiometrics',
    on: { 'keypad.tapped': { actions: { type: 'haptic', params: { kind: 'tap' } } } },
    states: {
      unlocking: {
        tags: 'unlocking',
        description:
          'Face ID / fingerprint through the messenger returns the stored passcode; a cancel falls back to the keypad.',
        invoke: {
          id: 'unlockWithBiometrics',
          src: 'unlockWithBiometrics',
          onDone: [
            {
              guard: { type: 'gotToken', params: ({ event }) => event.output },
              target: 'pad.submitting',
              actions: { type: 'holdToken', params: ({ event }) => event.output },
            },
            { target: 'pad' },
          ],
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
              'biometrics.requested': { guard: 'biometricsOffered', target: '#passcodeConfirm.unlocking' },
            },
          },
          submitting: {
            tags: 'busy',
            invoke: {
              id: 'authorise',
              src: 'authorise',
              input: ({ context }) => ({ request: context.request, code: context.code }),
              onDone: {
                target: '#passcodeConfirm.authorised',
                actions: [
                  assign(({ event }) => ({ answer: event.output, code: '', error: null })),
                  { type: 'haptic', params: { kind: 'success' } },
                ],
              },
              onError: [
                {
                  guard: 'mustWait',
                  target: '#passcodeConfirm.waiting',
                  actions: ['rememberError', { type: 'haptic', params: { kind: 'error' } }],
                },
                {
                  guard: 'isBlocked',
                  target: '#passcodeConfirm.blocked',
                  actions: ['rememberError', { type: 'haptic', params: { kind: 'error' } }],
                },
                {
                  guard: 'notAPasscodeError',
                  target: '#passcodeConfirm.pad',
                  reenter: true,
                  actions: [
                    'rememberError',
                    { type: 'haptic', params: { kind: 'error' } },
                    { type: 'notifyFailed', params: ({ event }) => ({ failure: failureOf(event.error) }) },
                  ],
                },
                // B2C_USM0031: a fresh (empty) keypad with the message.
                {
                  target: '#passcodeConfirm.pad',
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
        description: 'B2C_USM0030: the keypad is locked while the server’s wait counts down live.',
        invoke: {
          id: 'countdown',
          src: 'countdown',
          input: ({ context }) => ({ seconds: context.error?.kind === 'wait' ? context.error.seconds : 0 }),
          onDone: { target: 'pad', actions: 'endWait' },
        },
      },
      blocked: {
        tags: 'blocked',
        description: 'B2C_USM0032: no more tries; the passcode is unblocked by a password reset.',
      },
      authorised: { type: 'final' },
    },
    output: ({ context }) => context.answer as T,
  });
}

/** One flow's passcode step. */
export type PasscodeConfirmMachine<R, T> = ReturnType<typeof passcodeConfirmFor<R, T>>;

/** The step as documented and tested (any request, any answer); each flow makes its own typed copy. */
export const passcodeConfirmMachine = passcodeConfirmFor<unknown, unknown>();
