import { assign, fromPromise, setup } from 'xstate';
import { failureOf, failureOfEvent, type Failure } from './shared/failure';
import { ADDRESS_BOOK_NAME_MAX, type AddressBookEntry } from '../contracts/addressBook';

/**
 * One saved address (spec §2): /settings/address-book/{id}/edit shows its network and address
 * read-only with a delete icon, and its name editable (issue 22: entries can be renamed; Save sends
 * the trimmed name); /{id}/delete asks for confirmation; a deletion returns to the list with
 * "Address deleted".
 */
export type AddressBookEntryInput = { id: string };

export type AddressBookEntryEvent =
  | { type: 'entry.retried' }
  | { type: 'delete.confirmed' }
  | { type: 'name.changed'; name: string }
  | { type: 'rename.submitted' };

export type EntryFailure = Failure;

export type AddressBookEntryContext = {
  id: string;
  entry: AddressBookEntry | null;
  /** The name as typed in the Name field (the saved one until the user edits it). */
  draft: string;
  failure: EntryFailure | null;
};

/** What is wrong with a typed name, as the gateway would judge it (1 to 64 characters after trimming). */
export function nameProblem(draft: string): 'empty' | 'tooLong' | null {
  const name = draft.trim();
  if (name === '') return 'empty';
  return name.length > ADDRESS_BOOK_NAME_MAX ? 'tooLong' : null;
}

/** The gateway answers an unknown or foreign entry with a bare 404. */
const ENTRY_STATUS = { 404: 'NOT_FOUND' } as const;

export const addressBookEntryMachine = setup({
  types: {
    context: {} as AddressBookEntryContext,
    events: {} as AddressBookEntryEvent,
    input: {} as AddressBookEntryInput,
    tags: {} as 'loading' | 'busy' | 'saving',
  },
  actors: {
    loadEntry: fromPromise<AddressBookEntry, { id: string }>(async () => {
      throw new Error('loadEntry not provided');
    }),
    deleteEntry: fromPromise<void, { id: string }>(async () => {
      throw new Error('deleteEntry not provided');
    }),
    /** PATCH /{account}/address-book/{id} with the trimmed name: the renamed entry. */
    renameEntry: fromPromise<AddressBookEntry, { id: string; name: string }>(async () => {
      throw new Error('renameEntry not provided');
    }),
  },
  guards: {
    /** A valid name that differs from the saved one (saving the same name again is no change). */
    renameable: ({ context }) => nameProblem(context.draft) === null && context.draft.trim() !== context.entry?.name,
  },
  actions: {
    keepFailure: assign({ failure: ({ event }) => failureOfEvent(event, ENTRY_STATUS) }),
    notifyDeleted: () => {},
    notifyRenamed: () => {},
    notifyFailed: (_, _params: { failure: EntryFailure }) => {},
    goToList: () => {},
  },
}).createMachine({
  id: 'addressBookEntry',
  context: ({ input }) => ({ id: input.id, entry: null, draft: '', failure: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: 'loading',
      invoke: {
        id: 'loadEntry',
        src: 'loadEntry',
        input: ({ context }) => ({ id: context.id }),
        onDone: {
          target: 'ready',
          actions: assign({
            entry: ({ event }) => event.output,
            draft: ({ event }) => event.output.name,
            failure: null,
          }),
        },
        onError: { target: 'failed', actions: 'keepFailure' },
      },
    },
    failed: { on: { 'entry.retried': 'loading' } },
    ready: {
      on: {
        'delete.confirmed': 'deleting',
        'name.changed': { actions: assign({ draft: ({ event }) => event.name }) },
        'rename.submitted': { guard: 'renameable', target: 'renaming' },
      },
    },
    renaming: {
      description: 'Saving the new name; the field keeps what was typed, a failure says why (toast).',
      tags: 'saving',
      invoke: {
        id: 'renameEntry',
        src: 'renameEntry',
        input: ({ context }) => ({ id: context.id, name: context.draft.trim() }),
        onDone: {
          target: 'ready',
          actions: [
            assign({ entry: ({ event }) => event.output, draft: ({ event }) => event.output.name, failure: null }),
            'notifyRenamed',
          ],
        },
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
