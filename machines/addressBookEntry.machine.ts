import { assign, fromPromise, setup } from 'xstate';
import { failureOf, failureOfEvent, type Failure } from './shared/failure';
import type { AddressBookEntry } from '../contracts/addressBook';

/**
 * One saved address (spec §2): /settings/address-book/{id}/edit shows it read-only with a delete icon,
 * /{id}/delete asks for confirmation; a deletion returns to the list with "Address deleted".
 */
export type AddressBookEntryInput = { id: string };

export type AddressBookEntryEvent = { type: 'entry.retried' } | { type: 'delete.confirmed' };

export type EntryFailure = Failure;

export type AddressBookEntryContext = { id: string; entry: AddressBookEntry | null; failure: EntryFailure | null };

/** The gateway answers an unknown or foreign entry with a bare 404. */
const ENTRY_STATUS = { 404: 'NOT_FOUND' } as const;

export const addressBookEntryMachine = setup({
  types: {
    context: {} as AddressBookEntryContext,
    events: {} as AddressBookEntryEvent,
    input: {} as AddressBookEntryInput,
    tags: {} as 'loading' | 'busy',
  },
  actors: {
    loadEntry: fromPromise<AddressBookEntry, { id: string }>(async () => {
      throw new Error('loadEntry not provided');
    }),
    deleteEntry: fromPromise<void, { id: string }>(async () => {
      throw new Error('deleteEntry not provided');
    }),
  },
  actions: {
    keepFailure: assign({ failure: ({ event }) => failureOfEvent(event, ENTRY_STATUS) }),
    notifyDeleted: () => {},
    notifyFailed: (_, _params: { failure: EntryFailure }) => {},
    goToList: () => {},
  },
}).createMachine({
  id: 'addressBookEntry',
  context: ({ input }) => ({ id: input.id, entry: null, failure: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: 'loading',
      invoke: {
        id: 'loadEntry',
        src: 'loadEntry',
        input: ({ context }) => ({ id: context.id }),
        onDone: { target: 'ready', actions: assign({ entry: ({ event }) => event.output, failure: null }) },
        onError: { target: 'failed', actions: 'keepFailure' },
      },
    },
    failed: { on: { 'entry.retried': 'loading' } },
    ready: { on: { 'delete.confirmed': 'deleting' } },
    deleting: {
      tags: 'busy',
      invoke: {
        id: 'deleteEntry',
        src: 'deleteEntry',
        input: ({ context }) => ({ id: context.id }),
        onDone: 'deleted',
        onError: {
          target: 'ready',
          actions: [
            'keepFailure',
            {
              type: 'notifyFailed',
              params: ({ context }) => ({ failure: context.failure ?? failureOf(null, ENTRY_STATUS) }),
            },
          ],
        },
      },
    },
    deleted: { type: 'final', entry: ['notifyDeleted', 'goToList'] },
  },
});
