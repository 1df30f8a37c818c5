import { assertEvent, assign, fromPromise, setup } from 'xstate';

export type ManageAssetsInput = { hidden: string[] };

export type ManageAssetsContext = {
  /** Persisted `disabledAssets`: held coins hidden on home. */
  hidden: string[];
  /** Coins added on this screen, shown as on before the balance refresh brings them. */
  added: string[];
  /** The coin being added (its row is busy). */
  adding: string | null;
};

/** `held`: the user already has a balance in it (from the balances machine). */
export type ManageAssetsEvent = { type: 'asset.toggled'; currency: string; held: boolean };

type Toggled = Extract<ManageAssetsEvent, { type: 'asset.toggled' }>;

const isHeld = (context: ManageAssetsContext, event: Toggled) => event.held || context.added.includes(event.currency);

/**
 * Spec §4 manage-assets toggle: a coin the user does not hold is added on the server (the balance is
 * created, then balances refresh); a held coin is hidden or shown locally.
 */
export const manageAssetsMachine = setup({
  types: {
    context: {} as ManageAssetsContext,
    events: {} as ManageAssetsEvent,
    input: {} as ManageAssetsInput,
    tags: {} as 'busy',
  },
  actors: {
    /** POST /{account}/account/currency. */
    addAsset: fromPromise<void, { currency: string }>(async () => {
      throw new Error('addAsset not provided');
    }),
  },
  actions: {
    toggleHidden: assign({
      hidden: ({ context, event }) => {
        assertEvent(event, 'asset.toggled');
        return context.hidden.includes(event.currency)
          ? context.hidden.filter((c) => c !== event.currency)
          : [...context.hidden, event.currency];
      },
    }),
    startAdding: assign({
      adding: ({ event }) => {
        assertEvent(event, 'asset.toggled');
        return event.currency;
      },
    }),
    markAdded: assign(({ context }) => ({
      added: context.adding ? [...context.added, context.adding] : context.added,
      hidden: context.hidden.filter((c) => c !== context.adding),
      adding: null,
    })),
    stopAdding: assign({ adding: null }),
    persistHidden: () => {},
    refreshBalances: () => {},
    reportAddFailed: () => {},
  },
  guards: {
    held: ({ context, event }) => isHeld(context, event as Toggled),
  },
}).createMachine({
  id: 'manageAssets',
  context: ({ input }) => ({ hidden: input.hidden, added: [], adding: null }),
  initial: 'idle',
  on: {
    'asset.toggled': { guard: 'held', actions: ['toggleHidden', 'persistHidden'] },
  },
  states: {
    idle: {
      on: {
        'asset.toggled': [
          { guard: 'held', actions: ['toggleHidden', 'persistHidden'] },
          { target: 'adding', actions: 'startAdding' },
        ],
      },
    },
    adding: {
      description: 'One coin at a time; other coins can still be hidden or shown meanwhile.',
      tags: ['busy'],
      invoke: {
        id: 'addAsset',
        src: 'addAsset',
        input: ({ context }) => ({ currency: context.adding ?? '' }),
        onDone: { target: 'idle', actions: ['markAdded', 'persistHidden', 'refreshBalances'] },
        onError: { target: 'idle', actions: ['stopAdding', 'reportAddFailed'] },
      },
    },
  },
});
