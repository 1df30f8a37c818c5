import { assign, fromPromise, setup } from 'xstate';
import { keypadForParent } from './passcodeKeypad.machine';
import { enteredCode, newCodeStates, toPasscodeError, type PasscodeError } from './shared/passcode';

/**
 * Telegram recovery of a blocked passcode (docs/guide.md "Passcode recovery"): the way out of B2C_USM0032 for a
 * user who signs in with Telegram and may have no e-mail to receive the reset mail. Telegram signs init
 * data each time the Mini App opens; the gateway takes only recently signed data of the user's own linked
 * Telegram account. So: explain, enter a new code twice (a mismatch shows APP_0001 and starts over), send
 * both to POST /user/pinCode/recover/tg, and show when money may leave again (the reset hold). If the
 * launch was too long ago, the user is asked to close and reopen the Mini App first.
 */
export type RecoveryContext = {
  first: string;
  code: string;
  error: PasscodeError | null;
  /** The end of the reset hold the gateway answered. */
  holdUntil: string | null;
};

/** What the app knows of its launch: seconds since Telegram signed its init data, null outside Telegram. */
export type Launch = { initDataAgeSeconds: number | null };

export type RecoveryEvent =
  | { type: 'recovery.started' }
  | { type: 'passcode.entered'; code: string }
  | { type: 'keypad.tapped' }
  | { type: 'app.closed' }
  | { type: 'recovery.finished' };

/**
 * The gateway takes init data signed within TELEGRAM_RECOVERY_MAX_AGE_SECONDS (300 s by default); the app
 * asks for a reopen a minute earlier, so the two entries fit in what is left.
 */
export const FRESH_INIT_DATA_SECONDS = 240;

/** The gateway's answers that mean "reopen the Mini App": the launch's init data is too old. */
const STALE_CODES = new Set(['TG_RECOVERY_STALE']);

export const passcodeRecoveryMachine = setup({
  types: {
    context: {} as RecoveryContext,
    events: {} as RecoveryEvent,
    tags: {} as 'opening' | 'editable' | 'busy' | 'enter' | 'confirm' | 'intro' | 'stale' | 'unavailable' | 'success',
  },
  actors: {
    keypad: keypadForParent,
    /** Reads the launch (the platform's init data and the clock). */
    readLaunch: fromPromise<Launch>(async () => {
      throw new Error('readLaunch not provided');
    }),
    /** POST /user/pinCode/recover/tg { initData, pinCode }: the hold's end. */
    recoverPasscode: fromPromise<{ holdUntil: string }, { code: string }>(async () => {
      throw new Error('recoverPasscode not provided');
    }),
  },
  guards: {
    outsideTelegram: ({ event }) => (event as { output?: Launch }).output?.initDataAgeSeconds == null,
    launchedLongAgo: ({ event }) =>
      ((event as { output?: Launch }).output?.initDataAgeSeconds ?? 0) > FRESH_INIT_DATA_SECONDS,
    matches: ({ context, event }) => event.type === 'passcode.entered' && event.code === context.first,
    isStale: ({ event }) => {
      const error = toPasscodeError((event as { error?: unknown }).error);
      return error.kind === 'server' && STALE_CODES.has(error.code);
    },
  },
  actions: {
    holdFirst: assign({ first: enteredCode, error: null }),
    holdCode: assign({ code: enteredCode }),
    mismatch: assign({ first: '', code: '', error: { kind: 'mismatch' } as PasscodeError }),
    serverFailed: assign({
      first: '',
      code: '',
      error: ({ event }) => toPasscodeError((event as { error?: unknown }).error),
    }),
    forgetCodes: assign({ first: '', code: '', error: null }),
    keepHold: assign({
      first: '',
      code: '',
      error: null,
      holdUntil: ({ event }) => (event as { output?: { holdUntil?: string } }).output?.holdUntil ?? null,
    }),
    /** The profile now has a passcode again and the hold's end (the money screens show it). */
    passcodeReset: (_, _params: { holdUntil: string | null }) => {},
    /** Closes the Mini App so the user reopens it and Telegram signs fresh init data. */
    closeApp: () => {},
    goHome: () => {},
    haptic: (_, _params: { kind: 'tap' | 'error' | 'success' }) => {},
  },
}).createMachine({
  id: 'passcodeRecovery',
  context: { first: '', code: '', error: null, holdUntil: null },
  initial: 'opening',
  on: { 'keypad.tapped': { actions: { type: 'haptic', params: { kind: 'tap' } } } },
  states: {
    opening: {
      tags: 'opening',
      description: 'Decided from the launch: outside Telegram, launched too long ago for the gateway, or ready.',
      invoke: {
        id: 'readLaunch',
        src: 'readLaunch',
        onDone: [
          { guard: 'outsideTelegram', target: 'unavailable' },
          { guard: 'launchedLongAgo', target: 'stale' },
          { target: 'intro' },
        ],
        onError: 'unavailable',
      },
    },
    unavailable: {
      tags: 'unavailable',
      description: 'No Telegram init data (a browser): recovery works only inside the Mini App.',
    },
    intro: {
      tags: 'intro',
      description: 'What will happen: a new passcode, then money held for a while.',
      on: { 'recovery.started': { target: 'enter', actions: 'forgetCodes' } },
    },
    ...newCodeStates(),
    saving: {
      tags: ['busy', 'confirm'],
      invoke: {
        id: 'recoverPasscode',
        src: 'recoverPasscode',
        input: ({ context }) => ({ code: context.code }),
        onDone: {
          target: 'recovered',
          actions: [
            'keepHold',
            { type: 'passcodeReset', params: ({ event }) => ({ holdUntil: event.output.holdUntil }) },
            { type: 'haptic', params: { kind: 'success' } },
          ],
        },
        onError: [
          {
            guard: 'isStale',
            target: 'stale',
            actions: ['forgetCodes', { type: 'haptic', params: { kind: 'error' } }],
          },
          { target: 'enter', actions: ['serverFailed', { type: 'haptic', params: { kind: 'error' } }] },
        ],
      },
    },
    stale: {
      tags: 'stale',
      description: "The launch's init data is too old for the gateway: close the Mini App and open it again.",
      on: { 'app.closed': { actions: 'closeApp' } },
    },
    recovered: {
      tags: 'success',
      description: 'A new passcode is set; the screen says until when money stays in the account.',
      on: { 'recovery.finished': 'finished' },
    },
    finished: { type: 'final', entry: 'goHome' },
  },
});
