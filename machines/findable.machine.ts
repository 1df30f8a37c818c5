import { assign, fromPromise, setup } from 'xstate';

/**
 * Settings' "Let wallet users find me" (issue 25): off until the user turns it on. While on, another
 * wallet user can find this one by @username or e-mail and pay them (gateway contacts/visibility).
 */
export type FindableContext = { findable: boolean };
export type FindableEvent = { type: 'toggled' } | { type: 'retried' };

export const findableMachine = setup({
  types: { context: {} as FindableContext, events: {} as FindableEvent, tags: {} as 'busy' },
  actors: {
    loadFindable: fromPromise<boolean>(async () => {
      throw new Error('loadFindable not provided');
    }),
    saveFindable: fromPromise<boolean, { findable: boolean }>(async () => {
      throw new Error('saveFindable not provided');
    }),
  },
  actions: {
    notifySaveFailed: () => {},
  },
}).createMachine({
  id: 'findable',
  context: { findable: false },
  initial: 'loading',
  states: {
    loading: {
      tags: 'busy',
      invoke: {
        id: 'loadFindable',
        src: 'loadFindable',
        onDone: { target: 'ready', actions: assign({ findable: ({ event }) => event.output }) },
        onError: 'failed',
      },
    },
    failed: { on: { retried: 'loading' } },
    ready: { on: { toggled: 'saving' } },
    saving: {
      tags: 'busy',
      description: 'The switch shows the new setting once the gateway has it; a refusal leaves it as it was.',
      invoke: {
        id: 'saveFindable',
        src: 'saveFindable',
        input: ({ context }) => ({ findable: !context.findable }),
        onDone: { target: 'ready', actions: assign({ findable: ({ event }) => event.output }) },
        onError: { target: 'ready', actions: 'notifySaveFailed' },
      },
    },
  },
});
