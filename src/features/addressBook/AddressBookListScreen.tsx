import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ActorRefFrom } from 'xstate';
import type { addressBookListMachine } from '../../../machines/addressBookList.machine';
import {
  selectEntries,
  selectListEmpty,
  selectListFailed,
  selectListLoading,
} from '../../../machines/addressBookList.selectors';
import { shortenAddress } from '../../../machines/shared/address';
import { Plus } from 'lucide-react';
import * as button from '../../ui/Button.css';
import { Screen } from '../../ui/Screen';
import { LoadFailed, Skeleton } from '../asset/parts';
import * as shell from '../shell/AppShell.css';
import * as css from './addressBook.css';

export type AddressBookListActor = ActorRefFrom<typeof addressBookListMachine>;

const icon = { size: 20, strokeWidth: 2, 'aria-hidden': true } as const;

/** /settings/address-book: saved addresses, or the empty state (spec §2). Renders machine state only. */
export function AddressBookListScreen({ actor }: { actor: AddressBookListActor }) {
  const { t } = useLingui();
  const entries = useSelector(actor, selectEntries);
  const loading = useSelector(actor, selectListLoading);
  const failed = useSelector(actor, selectListFailed);
  const empty = useSelector(actor, selectListEmpty);
  return (
    <Screen
      back={{ to: '/settings' }}
      title={<Trans>Address book</Trans>}
      busy={loading}
      primary={
        failed || loading ? undefined : (
          <Link to="/settings/address-book/create" className={button.variant.primary}>
            <Plus {...icon} />
            <Trans>Add address</Trans>
          </Link>
        )
      }
    >
      {loading ? <Skeleton rows={3} label={t`Loading the address book`} /> : null}
      {failed ? (
        <LoadFailed onRetry={() => actor.send({ type: 'list.retried' })}>
          <Trans>Could not load the address book.</Trans>
        </LoadFailed>
      ) : null}
      {empty ? (
        <p className={shell.muted} data-testid="book-empty">
          <Trans>No saved addresses yet. Save the addresses you send to often.</Trans>
        </p>
      ) : null}
      {entries.length ? (
        <ul className={css.list} aria-label={t`Saved addresses`}>
          {entries.map((entry) => (
            <li key={entry.id}>
              <Link
                to="/settings/address-book/$id/edit"
                params={{ id: entry.id }}
                className={css.row}
                data-testid="book-row"
              >
                <span className={css.name}>{entry.name}</span>
                <span className={css.meta}>
                  {entry.blockchain} · {shortenAddress(entry.address, 15)}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </Screen>
  );
}
