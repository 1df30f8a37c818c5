import { assign, fromPromise, setup } from 'xstate';
import type { AddressBookEntry } from '../contracts/addressBook';

/** /settings/address-book (spec §2): the saved addresses, with an empty state and a retry. */
export type AddressBookListEvent = { type: 'list.retried' };

export type AddressBookListContext = { entries: AddressBookEntry[]; failed: boolean };

export const addressBookListMachine = setup({
  types: { context: {} as AddressBookListContext, events: {} as AddressBookListEvent, tags: {} as 'loading' },
  actors: {
    /** POST /{account}/address-book/all, page 1 of 1000 (spec §9). */
    loadEntries: fromPromise<AddressBookEntry[]>(async () => {
      throw new Error('loadEntries not provided');
    }),
  },
}).createMachine({
  id: 'addressBookList',
  context: { entries: [], failed: false },
  initial: 'loading',
  states: {
    loading: {
      tags: 'loading',
      invoke: {
        id: 'loadEntries',
        src: 'loadEntries',
        onDone: { target: 'loaded', actions: assign({ entries: ({ event }) => event.output, failed: false }) },
        onError: { target: 'failed', actions: assign({ failed: true }) },
      },
    },
    failed: { on: { 'list.retried': 'loading' } },
    loaded: {},
  },
});
