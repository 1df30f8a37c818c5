import { assign, fromPromise, setup } from 'xstate';
import type { NotificationPreferences } from '../contracts/notifications';
import { failureOfEvent, type Failure } from './shared/failure';

/**
 * Settings → Notifications (issue 24): which messages the wallet sends, by its Telegram bot and by e-mail,
 * about money and about security. Security e-mails cannot be turned off (the gateway sends them whatever
 * the preferences say); the screen says so. Bot messages need the user's allow: inside the Mini App the
 * Telegram switch asks Telegram's requestWriteAccess before turning on; elsewhere nobody can ask, so it
 * can only be turned off there. A refused change keeps the old value and says why.
 */
export type NotificationSwitch = keyof NotificationPreferences;

/** What the screen needs besides the preferences: whether each channel can be used at all. */
export type NotificationSettings = {
  preferences: NotificationPreferences;
  /** A Telegram account is linked (the bot has somebody to message). */
  telegramLinked: boolean;
  /** The account's e-mail, or null (a Telegram-only account has none). */
  email: string | null;
};

export type NotificationSettingsInput = {
  /** Inside the Mini App, where Telegram can be asked to let the bot message the user. */
  canAskTelegram: boolean;
};

/** Why the last change did not happen; the screen words it (errors are data). */
export type NotificationNotice =
  | { kind: 'writeAccessDenied' }
  | { kind: 'writeAccessUnavailable' }
  | { kind: 'askFailed' }
  | { kind: 'saveFailed'; name: NotificationSwitch; failure: Failure };

export type NotificationSettingsContext = NotificationSettingsInput & {
  settings: NotificationSettings | null;
  /** The switch being changed (Telegram asked, or the gateway saving), shown busy. */
  changing: NotificationSwitch | null;
  notice: NotificationNotice | null;
};

export type NotificationSettingsEvent = { type: 'switch.toggled'; name: NotificationSwitch } | { type: 'load.retried' };

/** What Telegram answered (src/platform WriteAccess). */
export type WriteAccessAnswer = 'allowed' | 'denied' | 'unavailable';

/** The preferences with one switch flipped. */
export const toggled = (p: NotificationPreferences, name: NotificationSwitch): NotificationPreferences => ({
  ...p,
  [name]: !p[name],
});

/**
 * Whether a switch can be changed here: Telegram needs a linked account, and turning it on needs
 * Telegram to ask (the Mini App); e-mail needs an address.
 */
export function canChange(
  context: Pick<NotificationSettingsContext, 'settings' | 'canAskTelegram'>,
  name: NotificationSwitch,
) {
  const s = context.settings;
  if (!s) return false;
  if (name === 'telegram') return s.telegramLinked && (s.preferences.telegram || context.canAskTelegram);
  if (name === 'email') return s.email !== null;
  return true;
}

export const notificationSettingsMachine = setup({
  types: {
    context: {} as NotificationSettingsContext,
    events: {} as NotificationSettingsEvent,
    input: {} as NotificationSettingsInput,
    tags: {} as 'busy',
  },
  actors: {
    /** GET /user/notifications, with the profile's e-mail and GET /user/auth's tgAuth. */
    loadSettings: fromPromise<NotificationSettings>(async () => {
      throw new Error('loadSettings not provided');
    }),
    /** The platform's requestWriteAccess (Telegram's own dialog). */
    askWriteAccess: fromPromise<WriteAccessAnswer>(async () => {
      throw new Error('askWriteAccess not provided');
    }),
    /** PUT /user/notifications: the gateway's answer is what holds. */
    savePreferences: fromPromise<NotificationPreferences, { preferences: NotificationPreferences }>(async () => {
      throw new Error('savePreferences not provided');
    }),
  },
  guards: {
    changeable: ({ context }, params: { name: NotificationSwitch }) => canChange(context, params.name),
    /** Turning bot messages on asks Telegram first (only where it can: `changeable` holds too). */
    asksTelegram: ({ context }, params: { name: NotificationSwitch }) =>
      params.name === 'telegram' && context.settings?.preferences.telegram === false && canChange(context, 'telegram'),
  },
}).createMachine({
  id: 'notificationSettings',
  context: ({ input }) => ({ ...input, settings: null, changing: null, notice: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: 'busy',
      invoke: {
        id: 'loadSettings',
        src: 'loadSettings',
        onDone: { target: 'ready', actions: assign({ settings: ({ event }) => event.output }) },
        onError: 'failed',
      },
    },
    failed: { on: { 'load.retried': 'loading' } },
    ready: {
      on: {
        'switch.toggled': [
          {
            guard: { type: 'asksTelegram', params: ({ event }) => ({ name: event.name }) },
            target: 'changing.asking',
            actions: assign({ changing: ({ event }) => event.name, notice: null }),
          },
          {
            guard: { type: 'changeable', params: ({ event }) => ({ name: event.name }) },
            target: 'changing.saving',
            actions: assign({ changing: ({ event }) => event.name, notice: null }),
          },
        ],
      },
    },
    changing: {
      tags: 'busy',
      initial: 'saving',
      states: {
        asking: {
          description: "Telegram's own dialog: may the wallet's bot message this user?",
          invoke: {
            id: 'askWriteAccess',
            src: 'askWriteAccess',
            onDone: [
              { guard: ({ event }) => event.output === 'allowed', target: 'saving' },
              {
                guard: ({ event }) => event.output === 'unavailable',
                target: '#notificationSettings.ready',
                actions: assign({ changing: null, notice: { kind: 'writeAccessUnavailable' } }),
              },
              {
                target: '#notificationSettings.ready',
                actions: assign({ changing: null, notice: { kind: 'writeAccessDenied' } }),
              },
            ],
            onError: {
              target: '#notificationSettings.ready',
              actions: assign({ changing: null, notice: { kind: 'askFailed' } }),
            },
          },
        },
        saving: {
          description: 'The switch shows the new setting once the gateway has it; a refusal leaves it as it was.',
          invoke: {
            id: 'savePreferences',
            src: 'savePreferences',
            input: ({ context }) => ({ preferences: toggled(context.settings!.preferences, context.changing!) }),
            onDone: {
              target: '#notificationSettings.ready',
              actions: assign({
                settings: ({ context, event }) => ({ ...context.settings!, preferences: event.output }),
                changing: null,
              }),
            },
            onError: {
              target: '#notificationSettings.ready',
              actions: assign({
                notice: ({ context, event }) => ({
                  kind: 'saveFailed' as const,
                  name: context.changing!,
                  failure: failureOfEvent(event),
                }),
                changing: null,
              }),
            },
          },
        },
      },
    },
  },
});
