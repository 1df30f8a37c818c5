import { assign, fromPromise, setup } from 'xstate';
import { passcodeVerifyMachine } from './passcodeVerify.machine';
import { output } from './shared/output';

/** What the messenger's biometry manager says (null: unavailable — browser, not iOS, no sensor). */
export type BiometryStatus = { accessRequested: boolean; accessGranted: boolean };

export type BiometricsInput = { enabled: boolean };

export type BiometricsContext = { enabled: boolean; status: BiometryStatus | null };

export type BiometricsEvent = { type: 'biometrics.toggled' } | { type: 'confirm.cancelled' };

/**
 * The biometrics toggle of wallet protection (spec §4): if enabled, turn it off. Else if access was
 * granted, turn on and store the passcode as the biometric token. Else if access was requested
 * before, open the device settings. Else request access, and on a grant turn on and store the token.
 * The passcode to store is confirmed on the verify keypad (provide `confirmPasscode` with
 * `submitPasscode` = validate, outputting the code). `enabled` is faceIdEnabled (persisted flag).
 */
export const biometricsMachine = setup({
  types: {
    context: {} as BiometricsContext,
    events: {} as BiometricsEvent,
    input: {} as BiometricsInput,
    tags: {} as 'available' | 'busy' | 'confirming',
  },
  actors: {
    loadStatus: fromPromise<BiometryStatus | null>(async () => {
      throw new Error('loadStatus not provided');
    }),
    requestAccess: fromPromise<boolean>(async () => {
      throw new Error('requestAccess not provided');
    }),
    confirmPasscode: passcodeVerifyMachine,
    storeToken: fromPromise<void, { token: string }>(async () => {
      throw new Error('storeToken not provided');
    }),
  },
  guards: {
    enabled: ({ context }) => context.enabled,
    accessGranted: ({ context }) => context.status?.accessGranted === true,
    accessRequested: ({ context }) => context.status?.accessRequested === true,
    available: (_, status: BiometryStatus | null) => status != null,
    granted: (_, granted: boolean) => granted === true,
  },
  actions: {
    keepStatus: assign((_, status: BiometryStatus | null) => ({ status })),
    markGranted: assign({ status: { accessRequested: true, accessGranted: true } }),
    markRequested: assign({
      status: ({ context }) => ({ accessRequested: true, accessGranted: context.status?.accessGranted ?? false }),
    }),
    turnOn: assign({ enabled: true }),
    turnOff: assign({ enabled: false }),
    /** Provided: faceIdEnabled present (on) or absent (off) in localStorage; off also removes the token. */
    persistEnabled: () => {},
    persistDisabled: () => {},
    openSettings: () => {},
    reportFailed: () => {},
  },
}).createMachine({
  id: 'biometrics',
  context: ({ input }) => ({ enabled: input.enabled, status: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadStatus',
        src: 'loadStatus',
        onDone: [
          {
            guard: { type: 'available', params: output },
            target: 'ready',
            actions: { type: 'keepStatus', params: output },
          },
          { target: 'unavailable' },
        ],
        onError: 'unavailable',
      },
    },
    unavailable: { description: 'Not iOS inside the messenger, or no biometrics on the device: the toggle is hidden.' },
    ready: {
      tags: 'available',
      on: {
        'biometrics.toggled': [
          { guard: 'enabled', actions: ['turnOff', 'persistDisabled'] },
          { guard: 'accessGranted', target: 'confirming' },
          { guard: 'accessRequested', actions: 'openSettings' },
          { target: 'requesting' },
        ],
      },
    },
    requesting: {
      tags: ['available', 'busy'],
      invoke: {
        id: 'requestAccess',
        src: 'requestAccess',
        onDone: [
          { guard: { type: 'granted', params: output }, target: 'confirming', actions: 'markGranted' },
          { target: 'ready', actions: 'markRequested' },
        ],
        onError: { target: 'ready', actions: 'reportFailed' },
      },
    },
    confirming: {
      tags: ['available', 'confirming'],
      description: 'The passcode to store is entered and checked on the server first.',
      invoke: {
        id: 'confirmPasscode',
        src: 'confirmPasscode',
        onDone: 'storing',
        onError: { target: 'ready', actions: 'reportFailed' },
      },
      on: { 'confirm.cancelled': 'ready' },
    },
    storing: {
      tags: ['available', 'busy'],
      invoke: {
        id: 'storeToken',
        src: 'storeToken',
        input: ({ event }) => ({ token: String((event as { output?: unknown }).output ?? '') }),
        onDone: { target: 'ready', actions: ['turnOn', 'persistEnabled'] },
        onError: { target: 'ready', actions: 'reportFailed' },
      },
    },
  },
});
