import { assign, fromPromise, setup } from 'xstate';
import type { NotificationPreferences } from '../contracts/notifications';
import type { WriteAccessAnswer } from './notificationSettings.machine';

/**
 * Issue 24, inside the Mini App: the first time Home sees money in the wallet (the first deposit), it
 * offers Telegram messages from the wallet's bot, unless they are on already. Accepting asks Telegram's
 * requestWriteAccess, then turns bot messages on; either answer is remembered (the page stores it), so
 * the offer is made once. The page starts this machine only inside Telegram and when not answered before.
 */
export type BotMessagesOfferEvent = { type: 'offer.accepted' } | { type: 'offer.dismissed' };

export type BotMessagesOfferContext = {
  preferences: NotificationPreferences | null;
  /** How the offer ended, once it has (what the page told the user). */
  outcome: OfferOutcome | null;
};

/** What the page tells the user when the offer ends (a toast). */
export type OfferOutcome = 'turnedOn' | 'declined' | 'unavailable' | 'failed';

export const botMessagesOfferMachine = setup({
  types: {
    context: {} as BotMessagesOfferContext,
    events: {} as BotMessagesOfferEvent,
    tags: {} as 'shown' | 'busy',
  },
  actors: {
    /** Settles once the balances show money in the wallet. */
    fundsSeen: fromPromise<void>(async () => {
      throw new Error('fundsSeen not provided');
    }),
    loadPreferences: fromPromise<NotificationPreferences>(async () => {
      throw new Error('loadPreferences not provided');
    }),
    askWriteAccess: fromPromise<WriteAccessAnswer>(async () => {
      throw new Error('askWriteAccess not provided');
    }),
    savePreferences: fromPromise<NotificationPreferences, { preferences: NotificationPreferences }>(async () => {
      throw new Error('savePreferences not provided');
    }),
  },
  actions: {
    /** The offer was answered: never made again on this device for this user. */
    remember: () => {},
    /** Tells the user how it ended (context.outcome). */
    tell: () => {},
  },
}).createMachine({
  id: 'botMessagesOffer',
  context: { preferences: null, outcome: null },
  initial: 'waiting',
  states: {
    waiting: {
      description: 'Until the balances show money: the first deposit is the moment to offer.',
      invoke: { id: 'fundsSeen', src: 'fundsSeen', onDone: 'checking', onError: 'done' },
    },
    checking: {
      description: 'Bot messages already on: nothing to offer. A failed load offers nothing now (and asks next time).',
      invoke: {
        id: 'loadPreferences',
        src: 'loadPreferences',
        onDone: [
          { guard: ({ event }) => event.output.telegram, target: 'done', actions: 'remember' },
          { target: 'offered', actions: assign({ preferences: ({ event }) => event.output }) },
        ],
        onError: 'done',
      },
    },
    offered: {
      tags: 'shown',
      on: {
        'offer.accepted': 'asking',
        'offer.dismissed': { target: 'done', actions: 'remember' },
      },
    },
    asking: {
      tags: ['shown', 'busy'],
      description: "Telegram's own dialog: may the wallet's bot message this user?",
      invoke: {
        id: 'askWriteAccess',
        src: 'askWriteAccess',
        onDone: [
          { guard: ({ event }) => event.output === 'allowed', target: 'saving' },
          {
            guard: ({ event }) => event.output === 'unavailable',
            target: 'done',
            actions: ['remember', assign({ outcome: 'unavailable' as const }), 'tell'],
          },
          { target: 'done', actions: ['remember', assign({ outcome: 'declined' as const }), 'tell'] },
        ],
        onError: { target: 'done', actions: [assign({ outcome: 'failed' as const }), 'tell'] },
      },
    },
    saving: {
      tags: ['shown', 'busy'],
      invoke: {
        id: 'savePreferences',
        src: 'savePreferences',
        input: ({ context }) => ({ preferences: { ...context.preferences!, telegram: true } }),
        onDone: { target: 'done', actions: ['remember', assign({ outcome: 'turnedOn' as const }), 'tell'] },
        onError: { target: 'done', actions: [assign({ outcome: 'failed' as const }), 'tell'] },
      },
    },
    done: { type: 'final' },
  },
});
