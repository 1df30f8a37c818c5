import { ClipboardPaste } from 'lucide-react';
import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ActorRefFrom } from 'xstate';
import { NAME_MAX, type addressBookCreateMachine } from '../../../machines/addressBookCreate.machine';
import {
  selectAddress,
  selectAddressProblem,
  selectBlockchain,
  selectCanSubmit,
  selectEditable,
  selectName,
  selectNameTooLong,
  selectNetworks,
  selectNetworksFailed,
  selectNetworksLoading,
  selectPasting,
  selectSaving,
} from '../../../machines/addressBookCreate.selectors';
import { Button } from '../../ui/Button';
import { Screen } from '../../ui/Screen';
import { TextField } from '../../ui/TextField';
import { LoadFailed, Skeleton } from '../asset/parts';
import { addressBookMessages } from './messages';
import * as css from './addressBook.css';

export type AddressBookCreateActor = ActorRefFrom<typeof addressBookCreateMachine>;

/**
 * /settings/address-book/create: name (with its length against the limit), network and address, the
 * address error under its field as it is typed (spec §5). Renders machine state only.
 */
export function AddressBookCreateScreen({ actor }: { actor: AddressBookCreateActor }) {
  const { t, i18n } = useLingui();
  const networks = useSelector(actor, selectNetworks);
  const loading = useSelector(actor, selectNetworksLoading);
  const failed = useSelector(actor, selectNetworksFailed);
  const name = useSelector(actor, selectName);
  const blockchain = useSelector(actor, selectBlockchain);
  const address = useSelector(actor, selectAddress);
  const problem = useSelector(actor, selectAddressProblem);
  const nameTooLong = useSelector(actor, selectNameTooLong);
  const editable = useSelector(actor, selectEditable);
  const pasting = useSelector(actor, selectPasting);
  const saving = useSelector(actor, selectSaving);
  const canSubmit = useSelector(actor, selectCanSubmit);
  return (
    <Screen
      back={{ to: '/settings/address-book' }}
      title={<Trans>New address</Trans>}
      onSubmit={() => actor.send({ type: 'form.submitted' })}
      primary={
        loading || failed ? undefined : (
          <Button type="submit" busy={saving} disabled={!canSubmit}>
            <Trans>Save</Trans>
          </Button>
        )
      }
    >
      {loading ? <Skeleton rows={3} label={t`Loading networks`} /> : null}
      {failed ? (
        <LoadFailed onRetry={() => actor.send({ type: 'networks.retried' })}>
          <Trans>Could not load the networks.</Trans>
        </LoadFailed>
      ) : null}
      {loading || failed ? null : (
        <>
          <TextField
            label={t`Name`}
            value={name}
            readOnly={!editable}
            onValueChange={(value) => actor.send({ type: 'name.changed', value })}
            error={nameTooLong ? t`A name can be at most ${NAME_MAX} characters.` : undefined}
            {...(nameTooLong ? {} : { 'aria-describedby': 'book-name-count' })}
          />
          <span id="book-name-count" className={css.meta} data-testid="book-name-count">
            {name.length}/{NAME_MAX}
          </span>
          <div className={css.field}>
            <label className={css.label} htmlFor="book-network">
              <Trans>Network</Trans>
            </label>
            <select
              id="book-network"
              className={css.select}
              value={blockchain}
              disabled={!editable}
              onChange={(e) => actor.send({ type: 'network.changed', value: e.target.value })}
            >
              <option value="" disabled>{t`Choose a network`}</option>
              {networks.map((n) => (
                <option key={n.blockchain} value={n.blockchain}>
                  {n.name}
                </option>
              ))}
            </select>
          </div>
          <TextField
            label={t`Address`}
            value={address}
            readOnly={!editable}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            onValueChange={(value) => actor.send({ type: 'address.changed', value })}
            error={
              problem === 'format'
                ? i18n._(addressBookMessages.wrongAddress)
                : problem === 'rejected'
                  ? i18n._(addressBookMessages.rejectedAddress)
                  : undefined
            }
          />
          <button
            type="button"
            className={css.tool}
            disabled={!editable}
            aria-busy={pasting || undefined}
            onClick={() => actor.send({ type: 'address.pasted' })}
          >
            <ClipboardPaste size={18} strokeWidth={2} aria-hidden />
            <Trans>Paste from clipboard</Trans>
          </button>
        </>
      )}
    </Screen>
  );
}
