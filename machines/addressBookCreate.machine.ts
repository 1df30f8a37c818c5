import { and, assertEvent, assign, fromPromise, setup } from 'xstate';
import type { AddressBookEntry, NewAddressBookEntry } from '../contracts/addressBook';
import { matchesChain } from './shared/addressPatterns';

/**
 * /settings/address-book/create (spec §2, §5): name, network (only non-token crypto networks of the
 * catalogue) and address, all required; the address is trimmed and must match the network's pattern
 * (address_book_error_wrong_address); Paste reads the clipboard; success says "Address added".
 */
export type NetworkOption = { blockchain: string; name: string };

export type AddressBookCreateInput = { address?: string; blockchain?: string };

export type AddressBookCreateEvent =
  | { type: 'networks.retried' }
  | { type: 'name.changed'; value: string }
  | { type: 'network.changed'; value: string }
  | { type: 'address.changed'; value: string }
  | { type: 'address.pasted' }
  | { type: 'form.submitted' };

export type CreateFailure = { code: string; message: string };

export type AddressBookCreateContext = {
  networks: NetworkOption[];
  name: string;
  blockchain: string;
  address: string;
  wrongAddress: boolean;
  failure: CreateFailure | null;
};

const failureOf = (error: unknown): CreateFailure => {
  const e = (typeof error === 'object' && error !== null ? error : {}) as { code?: unknown; message?: unknown };
  return { code: typeof e.code === 'string' ? e.code : 'UNKNOWN', message: typeof e.message === 'string' ? e.message : '' };
};

export const isComplete = (c: Pick<AddressBookCreateContext, 'name' | 'blockchain' | 'address'>) =>
  c.name.trim() !== '' && c.blockchain !== '' && c.address.trim() !== '';

export const addressBookCreateMachine = setup({
  types: {
    context: {} as AddressBookCreateContext,
    events: {} as AddressBookCreateEvent,
    input: {} as AddressBookCreateInput,
    tags: {} as 'editable' | 'busy',
  },
  actors: {
    /** The catalogue's non-token crypto networks (spec §5). */
    loadNetworks: fromPromise<NetworkOption[]>(async () => {
      throw new Error('loadNetworks not provided');
    }),
    readClipboard: fromPromise<string>(async () => {
      throw new Error('readClipboard not provided');
    }),
    createEntry: fromPromise<AddressBookEntry, NewAddressBookEntry>(async () => {
      throw new Error('createEntry not provided');
    }),
  },
  guards: {
    complete: ({ context }) => isComplete(context),
    addressMatches: ({ context }) => matchesChain(context.blockchain, context.address),
  },
  actions: {
    keepNetworks: assign(({ context, event }) => {
      const networks = (event as unknown as { output: NetworkOption[] }).output;
      // A prefilled network (from the send progress screen) only stays if it is on offer.
      const known = networks.some((n) => n.blockchain === context.blockchain);
      return { networks, blockchain: known ? context.blockchain : '' };
    }),
    setName: assign({ name: ({ event }) => (assertEvent(event, 'name.changed'), event.value) }),
    setNetwork: assign({ blockchain: ({ event }) => (assertEvent(event, 'network.changed'), event.value), wrongAddress: false }),
    setAddress: assign({ address: ({ event }) => (assertEvent(event, 'address.changed'), event.value), wrongAddress: false }),
    pasteAddress: assign({ address: ({ event }) => String((event as unknown as { output: unknown }).output ?? '').trim(), wrongAddress: false }),
    markWrongAddress: assign({ wrongAddress: true }),
    keepFailure: assign({ failure: ({ event }) => failureOf((event as { error?: unknown }).error) }),
    notifyPasted: () => {},
    notifyPasteFailed: () => {},
    notifyAdded: () => {},
    notifyFailed: (_, _params: { failure: CreateFailure }) => {},
    goToList: () => {},
  },
}).createMachine({
  id: 'addressBookCreate',
  context: ({ input }) => ({
    networks: [], name: '', blockchain: input.blockchain ?? '', address: input.address?.trim() ?? '', wrongAddress: false, failure: null,
  }),
  initial: 'loadingNetworks',
  states: {
    loadingNetworks: {
      invoke: { id: 'loadNetworks', src: 'loadNetworks', onDone: { target: 'editing', actions: 'keepNetworks' }, onError: 'networksFailed' },
    },
    networksFailed: { on: { 'networks.retried': 'loadingNetworks' } },
    editing: {
      tags: 'editable',
      on: {
        'name.changed': { actions: 'setName' },
        'network.changed': { actions: 'setNetwork' },
        'address.changed': { actions: 'setAddress' },
        'address.pasted': 'pasting',
        'form.submitted': [
          { guard: and(['complete', 'addressMatches']), target: 'saving' },
          { guard: 'complete', actions: 'markWrongAddress' },
        ],
      },
    },
    pasting: {
      tags: 'busy',
      invoke: {
        id: 'readClipboard',
        src: 'readClipboard',
        onDone: { target: 'editing', actions: ['pasteAddress', 'notifyPasted'] },
        onError: { target: 'editing', actions: 'notifyPasteFailed' },
      },
    },
    saving: {
      tags: 'busy',
      invoke: {
        id: 'createEntry',
        src: 'createEntry',
        input: ({ context }) => ({ name: context.name.trim(), blockchain: context.blockchain, address: context.address.trim() }),
        onDone: 'saved',
        onError: {
          target: 'editing',
          actions: ['keepFailure', { type: 'notifyFailed', params: ({ context }) => ({ failure: context.failure ?? failureOf(null) }) }],
        },
      },
    },
    saved: { type: 'final', entry: ['notifyAdded', 'goToList'] },
  },
});
