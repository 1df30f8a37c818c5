import { assign, fromPromise, setup } from 'xstate';

/**
 * Settings → Wallet protection (spec §2): whether a passcode is active (GET /user pinCodeActive),
 * the passcode toggle (on → set, off → disable) and change passcode (only when active).
 */
export type WalletProtectionEvent =
  | { type: 'passcode.toggled' }
  | { type: 'change.requested' }
  | { type: 'protection.retried' };

export type WalletProtectionContext = { pinCodeActive: boolean };

export const walletProtectionMachine = setup({
  types: {
    context: {} as WalletProtectionContext,
    events: {} as WalletProtectionEvent,
    tags: {} as 'loading' | 'active',
  },
  actors: {
    loadPinCodeActive: fromPromise<boolean>(async () => {
      throw new Error('loadPinCodeActive not provided');
    }),
  },
  actions: {
    goToSet: () => {},
    goToDisable: () => {},
    goToChange: () => {},
  },
}).createMachine({
  id: 'walletProtection',
  context: { pinCodeActive: false },
  initial: 'loading',
  states: {
    loading: {
      tags: 'loading',
      invoke: {
        id: 'loadPinCodeActive',
        src: 'loadPinCodeActive',
        onDone: [
          { guard: ({ event }) => event.output, target: 'active', actions: assign({ pinCodeActive: true }) },
          { target: 'inactive', actions: assign({ pinCodeActive: false }) },
        ],
        onError: 'failed',
      },
    },
    failed: { on: { 'protection.retried': 'loading' } },
    inactive: { on: { 'passcode.toggled': { actions: 'goToSet' } } },
    active: {
      tags: 'active',
      on: {
        'passcode.toggled': { actions: 'goToDisable' },
        'change.requested': { actions: 'goToChange' },
      },
    },
  },
});
