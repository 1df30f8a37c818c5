import { assign, fromPromise, setup } from 'xstate';
import { passcodeVerifyMachine } from './passcodeVerify.machine';

/** How often the open link panel asks whether the messenger side finished the link. */
export const TELEGRAM_LINK_POLL_MS = 3_000;
/** The one-time code's life on the gateway (POST /user/tg/code): the panel closes when it is spent. */
export const TELEGRAM_LINK_CODE_TTL_MS = 10 * 60_000;

export type TelegramLinkEvent =
  | { type: 'toggled.on' }
  | { type: 'toggled.off' }
  | { type: 'link.cancelled' }
  | { type: 'unlink.confirmed' }
  | { type: 'unlink.cancelled' }
  | { type: 'retried' }
  /** Leaves the passcode step without linking. */
  | { type: 'passcode.cancelled' }
  /** The window got focus back: the user may have linked in the messenger meanwhile. */
  | { type: 'window.focused' };

/** The gateway's error code from whatever the transport threw (machines never see its classes). */
const codeOf = (error: unknown) =>
  typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;

export type TelegramLinkContext = {
  deepLink: string | null;
  /** The last answer about the link, kept while a refresh on focus asks again (so the switch does not flicker). */
  known: boolean | null;
  /** A passcode is set: a link code is asked for with it (the gateway wants a recent sign-in or the passcode). */
  passcodeActive: boolean;
};

/** What the profile says when the toggle appears; a PINCODE_REQUIRED answer corrects it. */
export type TelegramLinkInput = { passcodeActive?: boolean } | undefined;

/**
 * Settings' messenger-connect toggle, outside the messenger only (spec §1, §2, §7 /user/tg*): on asks
 * for a one-time code, opens its t.me deep link and shows it (and its QR) until the messenger side has
 * linked the account; off unlinks after a confirmation.
 */
export const telegramLinkMachine = setup({
  types: {
    context: {} as TelegramLinkContext,
    events: {} as TelegramLinkEvent,
    tags: {} as 'loading' | 'busy',
  },
  actors: {
    /** GET /user/auth tgAuth: whether a messenger account is linked. */
    loadLinked: fromPromise<boolean>(async () => {
      throw new Error('loadLinked not provided');
    }),
    /** POST /user/tg/code, without a passcode (a recent sign-in is proof enough). */
    createCode: fromPromise<{ deepLink: string }>(async () => {
      throw new Error('createCode not provided');
    }),
    /** The passcode step; the live submitPasscode asks POST /user/tg/code with the code in the pincode header, its output is `{ deepLink }`. */
    passcode: passcodeVerifyMachine,
    /** POST /user/tg/unlink. */
    unlink: fromPromise<void>(async () => {
      throw new Error('unlink not provided');
    }),
  },
  actions: {
    openDeepLink: (_, _params: { deepLink: string }) => {},
    reportLinked: () => {},
    /** `signInAgain`: TG_LINK_SIGN_IN_REQUIRED, the sign-in is too old and no passcode is set; signing in again lets the link through. */
    reportCodeFailed: (_, _params: { signInAgain: boolean }) => {},
    reportCodeExpired: () => {},
    reportUnlinked: () => {},
    /** `onlyWayIn`: the gateway refuses to unlink an account with no password (TG_UNLINK_FORBIDDEN). */
    reportUnlinkFailed: (_, _params: { onlyWayIn: boolean }) => {},
    forgetLink: assign({ deepLink: null }),
  },
  delays: {
    POLL: TELEGRAM_LINK_POLL_MS,
    CODE_TTL: TELEGRAM_LINK_CODE_TTL_MS,
  },
}).createMachine({
  id: 'telegramLink',
  context: ({ input }) => ({
    deepLink: null,
    known: null,
    passcodeActive: (input as TelegramLinkInput)?.passcodeActive ?? false,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadLinked',
        src: 'loadLinked',
        onDone: [
          { guard: ({ event }) => event.output, target: 'linked', actions: assign({ known: true }) },
          { target: 'unlinked', actions: assign({ known: false }) },
        ],
        onError: 'failed',
      },
    },
    failed: {
      description: 'GET /user/auth failed: the toggle offers Retry.',
      on: { retried: 'loading' },
    },
    unlinked: {
      on: {
        'toggled.on': [
          { guard: ({ context }) => context.passcodeActive, target: 'passcode' },
          { target: 'requestingCode' },
        ],
        'window.focused': 'loading',
      },
    },
    requestingCode: {
      tags: ['busy'],
      invoke: {
        id: 'createCode',
        src: 'createCode',
        onDone: {
          target: 'waiting',
          actions: [
            assign({ deepLink: ({ event }) => event.output.deepLink }),
            { type: 'openDeepLink', params: ({ event }) => ({ deepLink: event.output.deepLink }) },
          ],
        },
        onError: [
          // A passcode was set elsewhere meanwhile and the sign-in is not recent: ask for it.
          {
            guard: ({ event }) => codeOf(event.error) === 'PINCODE_REQUIRED',
            target: 'passcode',
            actions: assign({ passcodeActive: true }),
          },
          {
            target: 'unlinked',
            actions: {
              type: 'reportCodeFailed',
              params: ({ event }) => ({ signInAgain: codeOf(event.error) === 'TG_LINK_SIGN_IN_REQUIRED' }),
            },
          },
        ],
      },
    },
    passcode: {
      description:
        'With a passcode set, the link code is asked for with it (the keypad panel); its refusals show on the keypad.',
      tags: ['busy'],
      invoke: {
        id: 'passcode',
        src: 'passcode',
        onDone: {
          target: 'waiting',
          actions: [
            assign({ deepLink: ({ event }) => (event.output as { deepLink: string }).deepLink }),
            {
              type: 'openDeepLink',
              params: ({ event }) => ({ deepLink: (event.output as { deepLink: string }).deepLink }),
            },
          ],
        },
        onError: { target: 'unlinked', actions: { type: 'reportCodeFailed', params: { signInAgain: false } } },
      },
      on: { 'passcode.cancelled': 'unlinked' },
    },
    waiting: {
      description: 'The deep link and its QR are shown; the link completes in the messenger, so ask until it has.',
      // A parent state: its code timer runs once for the whole wait, not again after every poll.
      after: { CODE_TTL: { target: 'unlinked', actions: ['forgetLink', 'reportCodeExpired'] } },
      on: { 'link.cancelled': { target: 'unlinked', actions: 'forgetLink' } },
      initial: 'idle',
      states: {
        idle: {
          after: { POLL: 'checking' },
          on: { 'window.focused': 'checking' },
        },
        checking: {
          invoke: {
            id: 'checkLinked',
            src: 'loadLinked',
            onDone: [
              {
                guard: ({ event }) => event.output,
                target: '#telegramLink.linked',
                actions: ['forgetLink', assign({ known: true }), 'reportLinked'],
              },
              { target: 'idle' },
            ],
            // A failed poll is asked again at the next tick.
            onError: 'idle',
          },
        },
      },
    },
    linked: {
      on: { 'toggled.off': 'confirmingUnlink', 'window.focused': 'loading' },
    },
    confirmingUnlink: {
      on: { 'unlink.confirmed': 'unlinking', 'unlink.cancelled': 'linked' },
    },
    unlinking: {
      tags: ['busy'],
      invoke: {
        id: 'unlink',
        src: 'unlink',
        onDone: { target: 'unlinked', actions: [assign({ known: false }), 'reportUnlinked'] },
        onError: {
          target: 'linked',
          actions: {
            type: 'reportUnlinkFailed',
            params: ({ event }) => ({ onlyWayIn: codeOf(event.error) === 'TG_UNLINK_FORBIDDEN' }),
          },
        },
      },
    },
  },
});
