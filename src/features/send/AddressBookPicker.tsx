import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { selectPickerEntries, selectPickerFailed, selectPickerLoading } from '../../../machines/send.selectors';
import { shortenAddress } from '../../../machines/shared/address';
import { Button } from '../../ui/Button';
import { BackButton } from '../../ui/Screen';
import * as screen from '../../ui/Screen.css';
import { Spinner } from '../../ui/Spinner';
import * as shell from '../shell/AppShell.css';
import type { SendActor } from './types';
import * as css from './send.css';

/** The address book on this asset's network, as a full-screen sheet; a tap fills the address. */
export function AddressBookPicker({ actor, network }: { actor: SendActor; network: string }) {
  const { t } = useLingui();
  const loading = useSelector(actor, selectPickerLoading);
  const failed = useSelector(actor, selectPickerFailed);
  const entries = useSelector(actor, selectPickerEntries);
  return (
    <div className={css.sheet} role="dialog" aria-modal="true" aria-labelledby="picker-title">
      {/* The scaffold's header, with an h2: this sheet sits above the send screen and its h1. */}
      <header className={screen.header}>
        <BackButton onClick={() => actor.send({ type: 'picker.closed' })} />
        <h2 id="picker-title" className={screen.title}>
          <Trans>Address book</Trans>
        </h2>
      </header>
      {loading ? <Spinner label={t`Loading the address book`} /> : null}
      {failed ? (
        <div role="alert" className={shell.card}>
          <p className={shell.muted}>
            <Trans>Could not load the address book.</Trans>
          </p>
          <Button variant="secondary" onClick={() => actor.send({ type: 'book.retried' })}>
            <Trans>Retry</Trans>
          </Button>
        </div>
      ) : null}
      {!loading && !failed && entries.length === 0 ? (
        <p className={shell.muted} data-testid="picker-empty">
          <Trans>No saved addresses on the {network} network.</Trans>
        </p>
      ) : null}
      <ul className={css.list} aria-label={t`Saved addresses`}>
        {entries.map((entry) => (
          <li key={entry.id}>
            <button
              type="button"
              className={css.entry}
              onClick={() => actor.send({ type: 'entry.picked', address: entry.address })}
            >
              <strong>{entry.name}</strong>
              <span className={`${css.note} ${css.mono}`}>{shortenAddress(entry.address, 15)}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
