import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ActorRefFrom } from 'xstate';
import type { receiveMachine } from '../../../machines/receive.machine';
import {
  selectCopying,
  selectReceiveAddress,
  selectReceiveBusy,
  selectReceiveCoin,
  selectReceiveError,
  selectReceiveFailed,
  selectReceiveLoading,
  selectRequest,
  selectSharing,
} from '../../../machines/receive.selectors';
import { RequestAmount } from '../receive/RequestAmount';
import { Button } from '../../ui/Button';
import { assetDisplayName } from '../../i18n/assetName';
import { networkName } from './network';
import { Screen } from '../../ui/Screen';
import { CopyIcon, LoadFailed, ShareIcon, Skeleton } from './parts';
import { QrCode } from './QrCode';
import * as shell from '../shell/AppShell.css';
import * as css from './asset.css';

export type ReceiveActor = ActorRefFrom<typeof receiveMachine>;

/** /home/asset/{currency}/receive: QR, full address, copy, share and the network warning (spec §1). */
export function ReceiveScreen({ actor }: { actor: ReceiveActor }) {
  const { t } = useLingui();
  const currency = useSelector(actor, (s) => s.context.currency);
  const loading = useSelector(actor, selectReceiveLoading);
  const failed = useSelector(actor, selectReceiveFailed);
  const error = useSelector(actor, selectReceiveError);
  const coin = useSelector(actor, selectReceiveCoin);
  const address = useSelector(actor, selectReceiveAddress);
  const busy = useSelector(actor, selectReceiveBusy);
  const copying = useSelector(actor, selectCopying);
  const sharing = useSelector(actor, selectSharing);
  // Issue 25: with an amount asked, the QR carries the network's payment URI and Copy the payment link.
  const request = useSelector(actor, selectRequest);
  const { label, unit } = assetDisplayName(coin ?? currency);
  const network = coin ? networkName(coin) : '';

  return (
    <Screen
      back={{ to: `/home/asset/${encodeURIComponent(currency)}` }}
      title={<Trans>Receive {label}</Trans>}
      busy={loading}
      primary={
        address && coin ? (
          <Button
            variant="primary"
            busy={copying}
            disabled={busy}
            onClick={() => actor.send({ type: 'copy.requested' })}
          >
            <CopyIcon />
            {request ? <Trans>Copy link</Trans> : <Trans>Copy</Trans>}
          </Button>
        ) : undefined
      }
      secondary={
        address && coin ? (
          <Button
            variant="secondary"
            busy={sharing}
            disabled={busy}
            onClick={() => actor.send({ type: 'share.requested' })}
          >
            <ShareIcon />
            <Trans>Share</Trans>
          </Button>
        ) : undefined
      }
    >
      {loading ? <Skeleton rows={2} label={t`Loading address`} /> : null}
      {failed ? (
        <LoadFailed onRetry={() => actor.send({ type: 'address.retried' })}>
          {error?.kind === 'noAddress' ? (
            <Trans>Your deposit address is not ready yet.</Trans>
          ) : error?.kind === 'notFound' ? (
            <Trans>This asset is not in your wallet.</Trans>
          ) : (
            <Trans>Could not load your deposit address.</Trans>
          )}
        </LoadFailed>
      ) : null}
      {address && coin ? (
        <>
          {request ? (
            <QrCode value={request.uri} label={t`QR code of the payment request ${request.uri}`} />
          ) : (
            <QrCode value={address} label={t`QR code of the address ${address}`} />
          )}
          <div className={shell.card}>
            <span className={shell.muted} id="receive-address-label">
              <Trans>Your {label} address</Trans>
            </span>
            <p className={css.fullAddress} aria-labelledby="receive-address-label" data-testid="receive-address">
              {address}
            </p>
          </div>
          <RequestAmount actor={actor} unit={unit} />
          <p className={css.warning} role="note" data-testid="network-warning">
            <Trans>
              Send only {label} on the {network} network to this address. Other assets will be lost.
            </Trans>
          </p>
        </>
      ) : null}
    </Screen>
  );
}
