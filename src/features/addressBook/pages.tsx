import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { useLingui } from '@lingui/react/macro';
import { addressBookCreateMachine, type CreateFailure } from '../../../machines/addressBookCreate.machine';
import { addressBookEntryMachine } from '../../../machines/addressBookEntry.machine';
import { addressBookListMachine } from '../../../machines/addressBookList.machine';
import { useServices } from '../../app/context';
import { useFeatureActors } from '../../app/featureActors';
import type { FeatureDeps } from '../../app/services';
import { param } from '../asset/wiring';
import { AddressBookCreateScreen } from './AddressBookCreateScreen';
import { AddressBookEntryScreen } from './AddressBookEntryScreen';
import { AddressBookListScreen } from './AddressBookListScreen';
import { addressBookMessages } from './messages';
import { createAddressBookActors } from './services';

const addressBookActors = (deps: FeatureDeps) => createAddressBookActors({ ...deps, api: deps.api.addressBook });

function useAddressBookWiring() {
  const { showToast } = useServices();
  const actors = useFeatureActors(addressBookActors);
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const toast = (kind: 'success' | 'error', message: string) => showToast({ kind, message });
  return {
    actors,
    goToList: () => void navigate({ to: '/settings/address-book' }),
    added: () => toast('success', i18n._(addressBookMessages.added)),
    deleted: () => toast('success', i18n._(addressBookMessages.deleted)),
    renamed: () => toast('success', i18n._(addressBookMessages.renamed)),
    pasted: () => toast('success', i18n._(addressBookMessages.pasted)),
    pasteFailed: () => toast('error', i18n._(addressBookMessages.pasteFailed)),
    failed: (failure: CreateFailure) =>
      toast('error', failure.message || i18n._(addressBookMessages.somethingWentWrong)),
  };
}

/** /settings/address-book */
export function AddressBookListPage() {
  const { actors } = useAddressBookWiring();
  const actor = useActorRef(addressBookListMachine.provide({ actors: { loadEntries: actors.loadEntries } }));
  return <AddressBookListScreen actor={actor} />;
}

/** /settings/address-book/create (optionally ?address=&blockchain= from the send progress screen). */
export function AddressBookCreatePage() {
  const w = useAddressBookWiring();
  const { address, blockchain } = useSearch({ from: '/signed-in/settings/address-book/create' });
  const actor = useActorRef(
    addressBookCreateMachine.provide({
      actors: {
        loadNetworks: w.actors.loadNetworks,
        readClipboard: w.actors.readClipboard,
        createEntry: w.actors.createEntry,
      },
      actions: {
        notifyPasted: w.pasted,
        notifyPasteFailed: w.pasteFailed,
        notifyAdded: w.added,
        goToList: w.goToList,
        notifyFailed: (_, { failure }) => w.failed(failure),
      },
    }),
    {
      input: { address, blockchain },
    },
  );
  return <AddressBookCreateScreen actor={actor} />;
}

function EntryRoute({ id, mode }: { id: string; mode: 'edit' | 'delete' }) {
  const w = useAddressBookWiring();
  const actor = useActorRef(
    addressBookEntryMachine.provide({
      actors: { loadEntry: w.actors.loadEntry, deleteEntry: w.actors.deleteEntry, renameEntry: w.actors.renameEntry },
      actions: {
        notifyDeleted: w.deleted,
        notifyRenamed: w.renamed,
        goToList: w.goToList,
        notifyFailed: (_, { failure }) => w.failed(failure),
      },
    }),
    { input: { id } },
  );
  return <AddressBookEntryScreen actor={actor} mode={mode} />;
}

/** /settings/address-book/$id/edit */
export function AddressBookEditPage() {
  const id = param(useParams({ strict: false }), 'id');
  return <EntryRoute key={`${id}:edit`} id={id} mode="edit" />;
}

/** /settings/address-book/$id/delete */
export function AddressBookDeletePage() {
  const id = param(useParams({ strict: false }), 'id');
  return <EntryRoute key={`${id}:delete`} id={id} mode="delete" />;
}
