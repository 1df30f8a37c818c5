import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ActorRefFrom } from 'xstate';
import type { addressBookCreateMachine } from '../../../machines/addressBookCreate.machine';
import {
  selectAddress, selectBlockchain, selectCanSubmit, selectEditable, selectName, selectNetworks, selectNetworksFailed,
  selectNetworksLoading, selectPasting, selectSaving, selectWrongAddress,
} from '../../../machines/addressBookCreate.selectors';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import { LoadFailed, Skeleton } from '../asset/parts';
import { addressBookMessages } from './messages';
import * as shell from '../shell/AppShell.css';
import * as css from './addressBook.css';

export type AddressBookCreateActor = ActorRefFrom<typeof addressBookCreateMachine>;

/** /settings/address-book/create: name, network and address (spec §5). Renders machine state only. */
export function AddressBookCreateScreen({ actor }: { actor: AddressBookCreateActor }) {
  const { t, i18n } = useLingui();
  const networks = useSelector(actor, selectNetworks);
  const loading = useSelector(actor, selectNetworksLoading);
  const failed = useSelector(actor, selectNetworksFailed);
  const name = useSelector(actor, selectName);
  const blockchain = useSelector(actor, selectBlockchain);
  const address = useSelector(actor, selectAddress);
  const wrong = useSelector(actor, selectWrongAddress);
  const editable = useSelector(actor, selectEditable);
  const pasting = useSelector(actor, selectPasting);
  const saving = useSelector(actor, selectSaving);
  const canSubmit = useSelector(actor, selectCanSubmit);
  return (
    <form
      className={shell.page}
      aria-labelledby="book-create-title"
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'form.submitted' });
      }}
    >
      <Link to="/settings/address-book" className={shell.muted}><Trans>‹ Address book</Trans></Link>
      <h1 id="book-create-title" className={shell.title}><Trans>New address</Trans></h1>
      {loading ? <Skeleton rows={3} label={t`Loading networks`} /> : null}
      {failed ? <LoadFailed onRetry={() => actor.send({ type: 'networks.retried' })}><Trans>Could not load the networks.</Trans></LoadFailed> : null}
      {loading || failed ? null : (
        <>
          <TextField label={t`Name`} value={name} readOnly={!editable} maxLength={64}
            onValueChange={(value) => actor.send({ type: 'name.changed', value })} />
          <div className={css.field}>
            <label className={css.label} htmlFor="book-network"><Trans>Network</Trans></label>
            <select id="book-network" className={css.select} value={blockchain} disabled={!editable}
              onChange={(e) => actor.send({ type: 'network.changed', value: e.target.value })}>
              <option value="" disabled>{t`Choose a network`}</option>
              {networks.map((n) => <option key={n.blockchain} value={n.blockchain}>{n.name}</option>)}
            </select>
          </div>
          <TextField label={t`Address`} value={address} readOnly={!editable} autoComplete="off" autoCapitalize="off" spellCheck={false}
            onValueChange={(value) => actor.send({ type: 'address.changed', value })}
            error={wrong ? i18n._(addressBookMessages.wrongAddress) : undefined} />
          <button type="button" className={css.tool} disabled={!editable} aria-busy={pasting || undefined}
            onClick={() => actor.send({ type: 'address.pasted' })}>
            <Trans>Paste from clipboard</Trans>
          </button>
          <Button type="submit" busy={saving} disabled={!canSubmit}><Trans>Save</Trans></Button>
        </>
      )}
    </form>
  );
}
