import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ActorRefFrom } from 'xstate';
import type { addressBookEntryMachine } from '../../../machines/addressBookEntry.machine';
import {
  selectCanDelete, selectDeleting, selectEntry, selectEntryFailed, selectEntryLoading, selectEntryNotFound,
} from '../../../machines/addressBookEntry.selectors';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import { LoadFailed, Skeleton } from '../asset/parts';
import * as shell from '../shell/AppShell.css';
import * as css from './addressBook.css';

export type AddressBookEntryActor = ActorRefFrom<typeof addressBookEntryMachine>;

const TrashIcon = () => (
  <svg width={20} height={20} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden>
    <path d="M4 7h16M10 11v6M14 11v6M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4h6v3" />
  </svg>
);

const noop = () => {};

/**
 * /settings/address-book/{id}/edit (read-only fields, delete icon) and /{id}/delete (confirmation),
 * spec §2. Renders machine state only.
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
  const editPath = `/settings/address-book/${encodeURIComponent(id)}/edit`;
  return (
    <section className={shell.page} aria-labelledby="book-entry-title" aria-busy={loading || undefined}>
      <Link to={mode === 'edit' ? '/settings/address-book' : editPath} className={shell.muted}><Trans>‹ Back</Trans></Link>
      <div className={css.header}>
        <h1 id="book-entry-title" className={shell.title}>{mode === 'edit' ? entry?.name ?? t`Saved address` : t`Delete address`}</h1>
        {mode === 'edit' && entry ? (
          <Link to="/settings/address-book/$id/delete" params={{ id }} className={css.iconLink} aria-label={t`Delete address`}><TrashIcon /></Link>
        ) : null}
      </div>
      {loading ? <Skeleton rows={3} label={t`Loading the address`} /> : null}
      {failed ? (
        <LoadFailed onRetry={() => actor.send({ type: 'entry.retried' })}>
          {notFound ? <Trans>This address is not in your address book.</Trans> : <Trans>Could not load the address.</Trans>}
        </LoadFailed>
      ) : null}
      {entry && mode === 'edit' ? (
        <>
          <TextField label={t`Name`} value={entry.name} readOnly onValueChange={noop} />
          <TextField label={t`Network`} value={entry.blockchain} readOnly onValueChange={noop} />
          <TextField label={t`Address`} value={entry.address} readOnly onValueChange={noop} />
        </>
      ) : null}
      {entry && mode === 'delete' ? (
        <>
          <p className={shell.muted} data-testid="delete-question">
            <Trans>Delete “{entry.name}” from the address book? You can add it again later.</Trans>
          </p>
          <Button variant="secondary" busy={deleting} disabled={!canDelete} onClick={() => actor.send({ type: 'delete.confirmed' })}>
            <span className={css.danger}><Trans>Delete</Trans></span>
          </Button>
          <Link to={editPath} className={shell.muted}><Trans>Cancel</Trans></Link>
        </>
      ) : null}
    </section>
  );
}
