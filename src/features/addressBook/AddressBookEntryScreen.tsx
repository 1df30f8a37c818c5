import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ActorRefFrom } from 'xstate';
import type { addressBookEntryMachine } from '../../../machines/addressBookEntry.machine';
import {
  selectCanDelete,
  selectCanRename,
  selectDeleting,
  selectDraftName,
  selectEntry,
  selectEntryFailed,
  selectEntryLoading,
  selectEntryNotFound,
  selectNameProblem,
  selectRenaming,
} from '../../../machines/addressBookEntry.selectors';
import { ADDRESS_BOOK_NAME_MAX } from '../../../contracts/addressBook';
import { Trash2 } from 'lucide-react';
import { Button } from '../../ui/Button';
import * as button from '../../ui/Button.css';
import { Screen } from '../../ui/Screen';
import { TextField } from '../../ui/TextField';
import { LoadFailed, Skeleton } from '../asset/parts';
import * as shell from '../shell/AppShell.css';
import * as css from './addressBook.css';

export type AddressBookEntryActor = ActorRefFrom<typeof addressBookEntryMachine>;

const TrashIcon = () => <Trash2 size={20} strokeWidth={2} aria-hidden />;

const noop = () => {};

/**
 * /settings/address-book/{id}/edit (the name editable and saved by Save or Enter, network and address
 * read-only, delete icon) and /{id}/delete (confirmation), spec §2. Renders machine state only.
 */
export function AddressBookEntryScreen({ actor, mode }: { actor: AddressBookEntryActor; mode: 'edit' | 'delete' }) {
  const { t } = useLingui();
  const id = useSelector(actor, (s) => s.context.id);
  const entry = useSelector(actor, selectEntry);
  const loading = useSelector(actor, selectEntryLoading);
  const failed = useSelector(actor, selectEntryFailed);
  const notFound = useSelector(actor, selectEntryNotFound);
  const deleting = useSelector(actor, selectDeleting);
  const canDelete = useSelector(actor, selectCanDelete);
  const draft = useSelector(actor, selectDraftName);
  const problem = useSelector(actor, selectNameProblem);
  const canRename = useSelector(actor, selectCanRename);
  const renaming = useSelector(actor, selectRenaming);
  const nameError =
    problem === 'empty'
      ? t`Enter a name.`
      : problem === 'tooLong'
        ? t`A name can be at most ${ADDRESS_BOOK_NAME_MAX} characters.`
        : undefined;
  const editPath = `/settings/address-book/${encodeURIComponent(id)}/edit`;
  return (
    <Screen
      back={{ to: mode === 'edit' ? '/settings/address-book' : editPath }}
      title={mode === 'edit' ? (entry?.name ?? t`Saved address`) : t`Delete address`}
      titleId="book-entry-title"
      busy={loading}
      onSubmit={mode === 'edit' ? () => actor.send({ type: 'rename.submitted' }) : undefined}
      headerEnd={
        mode === 'edit' && entry ? (
          <Link
            to="/settings/address-book/$id/delete"
            params={{ id }}
            className={css.iconLink}
            aria-label={t`Delete address`}
          >
            <TrashIcon />
          </Link>
        ) : null
      }
      primary={
        entry && mode === 'edit' ? (
          <Button type="submit" busy={renaming} disabled={!canRename}>
            <Trans>Save name</Trans>
          </Button>
        ) : entry && mode === 'delete' ? (
          <Button
            variant="secondary"
            busy={deleting}
            disabled={!canDelete}
            onClick={() => actor.send({ type: 'delete.confirmed' })}
          >
            <span className={css.danger}>
              <Trans>Delete</Trans>
            </span>
          </Button>
        ) : undefined
      }
      secondary={
        entry && mode === 'delete' ? (
          <Link to={editPath} className={button.variant.ghost}>
            <Trans>Cancel</Trans>
          </Link>
        ) : undefined
      }
    >
      {loading ? <Skeleton rows={3} label={t`Loading the address`} /> : null}
      {failed ? (
        <LoadFailed onRetry={() => actor.send({ type: 'entry.retried' })}>
          {notFound ? (
            <Trans>This address is not in your address book.</Trans>
          ) : (
            <Trans>Could not load the address.</Trans>
          )}
        </LoadFailed>
      ) : null}
      {entry && mode === 'edit' ? (
        <>
          <TextField
            label={t`Name`}
            value={draft}
            readOnly={renaming}
            maxLength={ADDRESS_BOOK_NAME_MAX * 2}
            autoComplete="off"
            onValueChange={(name) => actor.send({ type: 'name.changed', name })}
            error={nameError}
          />
          <TextField label={t`Network`} value={entry.blockchain} readOnly onValueChange={noop} />
          <TextField label={t`Address`} value={entry.address} readOnly onValueChange={noop} />
        </>
      ) : null}
      {entry && mode === 'delete' ? (
        <>
          <p className={shell.muted} data-testid="delete-question">
            <Trans>Delete “{entry.name}” from the address book? You can add it again later.</Trans>
          </p>
        </>
      ) : null}
    </Screen>
  );
}
