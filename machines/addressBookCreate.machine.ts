import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { failureOf, failureOfEvent, type Failure } from './shared/failure';
import type { AddressBookEntry, NewAddressBookEntry } from '../contracts/addressBook';
import { matchesChain } from './shared/addressPatterns';
import { output } from './shared/output';

/**
 * /settings/address-book/create (spec §2, §5): name, network (only non-token crypto networks of the
 * catalogue) and address, all required, validated as they are typed: the address is trimmed and must
 * match the network's pattern (address_book_error_wrong_address, under the field), the name takes at
 * most NAME_MAX characters (longer input is refused whole and said so, never cut). Save is possible
 * only when all is valid. The server's INVALID_ADDRESS (e.g. a checksum) also lands under the field;
 * other failures are reported. Paste reads the clipboard; success says "Address added".
 */
/** The gateway's limit for an entry's name. */
export const NAME_MAX = 64;

export type NetworkOption = { blockchain: string; name: string };

export type AddressBookCreateInput = { address?: string; blockchain?: string };

export type AddressBookCreateEvent =
  | { type: 'networks.retried' }
  | { type: 'name.changed'; value: string }
  | { type: 'network.changed'; value: string }
  | { type: 'address.changed'; value: string }
  | { type: 'address.pasted' }
  | { type: 'form.submitted' };

export type CreateFailure = Failure;

export type AddressBookCreateContext = {
  networks: NetworkOption[];
  name: string;
  blockchain: string;
  address: string;
  /** The last name typed was longer than NAME_MAX and was refused (the previous name stays). */
  nameTooLong: boolean;
  /** The server refused this address (INVALID_ADDRESS) although it matches the pattern. */
  addressRejected: boolean;
  failure: CreateFailure | null;
};

export type AddressProblem = 'format' | 'rejected' | null;

/** What is wrong with the address as it stands: null while it is empty or no network is chosen. */
export function addressProblem(
  c: Pick<AddressBookCreateContext, 'blockchain' | 'address' | 'addressRejected'>,
): AddressProblem {
  if (c.address.trim() === '' || c.blockchain === '') return null;
  if (!matchesChain(c.blockchain, c.address)) return 'format';
  return c.addressRejected ? 'rejected' : null;
}

export const isComplete = (c: Pick<AddressBookCreateContext, 'name' | 'blockchain' | 'address'>) =>
  c.name.trim() !== '' && c.blockchain !== '' && c.address.trim() !== '';

/** Save is offered only for a complete entry whose address is not known to be wrong. */
export const isSavable = (c: AddressBookCreateContext) => isComplete(c) && addressProblem(c) === null;

const isAddressRejection = (error: unknown) => {
  const e = (typeof error === 'object' && error !== null ? error : {}) as { code?: unknown; field?: unknown };
  return e.code === 'INVALID_ADDRESS' || (e.code === 'VALIDATION_ERROR' && e.field === 'address');
};

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
    savable: ({ context }) => isSavable(context),
    nameFits: ({ event }) => event.type === 'name.changed' && event.value.length <= NAME_MAX,
    addressRejected: ({ event }) => isAddressRejection((event as { error?: unknown }).error),
  },
  actions: {
    keepNetworks: assign(({ context }, networks: NetworkOption[]) => {
      // A prefilled network (from the send progress screen) only stays if it is on offer.
      const known = networks.some((n) => n.blockchain === context.blockchain);
      return { networks, blockchain: known ? context.blockchain : '' };
    }),
    setName: assign({ name: ({ event }) => (assertEvent(event, 'name.changed'), event.value), nameTooLong: false }),
    refuseName: assign({ nameTooLong: true }),
    setNetwork: assign({
      blockchain: ({ event }) => (assertEvent(event, 'network.changed'), event.value),
      addressRejected: false,
    }),
    setAddress: assign({
      address: ({ event }) => (assertEvent(event, 'address.changed'), event.value),
      addressRejected: false,
    }),
    pasteAddress: assign((_, text: string) => ({ address: String(text ?? '').trim(), addressRejected: false })),
    markRejected: assign({ addressRejected: true }),
    keepFailure: assign({ failure: ({ event }) => failureOfEvent(event) }),
    notifyPasted: () => {},
    notifyPasteFailed: () => {},
    notifyAdded: () => {},
    notifyFailed: (_, _params: { failure: CreateFailure }) => {},
    goToList: () => {},
  },
}).createMachine({
  id: 'addressBookCreate',
  context: ({ input }) => ({
    networks: [],
    name: '',
    blockchain: input.blockchain ?? '',
    address: input.address?.trim() ?? '',
    nameTooLong: false,
    addressRejected: false,
    failure: null,
  }),
  initial: 'loadingNetworks',
  states: {
    loadingNetworks: {
      invoke: {
        id: 'loadNetworks',
        src: 'loadNetworks',
        onDone: { target: 'editing', actions: { type: 'keepNetworks', params: output } },
        onError: 'networksFailed',
      },
    },
    networksFailed: { on: { 'networks.retried': 'loadingNetworks' } },
    editing: {
      tags: 'editable',
      on: {
        'name.changed': [{ guard: 'nameFits', actions: 'setName' }, { actions: 'refuseName' }],
        'network.changed': { actions: 'setNetwork' },
        'address.changed': { actions: 'setAddress' },
        'address.pasted': 'pasting',
        'form.submitted': { guard: 'savable', target: 'saving' },
      },
    },
    pasting: {
      tags: 'busy',
      invoke: {
        id: 'readClipboard',
        src: 'readClipboard',
        onDone: { target: 'editing', actions: [{ type: 'pasteAddress', params: output }, 'notifyPasted'] },
        onError: { target: 'editing', actions: 'notifyPasteFailed' },
      },
    },
    saving: {
      tags: 'busy',
      invoke: {
        id: 'createEntry',
        src: 'createEntry',
        input: ({ context }) => ({
          name: context.name.trim(),
          blockchain: context.blockchain,
          address: context.address.trim(),
        }),
        onDone: 'saved',
        onError: [
          { guard: 'addressRejected', target: 'editing', actions: 'markRejected' },
          {
            target: 'editing',
            actions: [
              'keepFailure',
              { type: 'notifyFailed', params: ({ context }) => ({ failure: context.failure ?? failureOf(null) }) },
            ],
          },
        ],
      },
    },
    saved: { type: 'final', entry: ['notifyAdded', 'goToList'] },
  },
});
