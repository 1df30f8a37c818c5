import { Trans } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { confirmMachine } from '../../../machines/confirm.machine';
import { selectConfirmed, selectConfirming } from '../../../machines/confirm.selectors';
import { Button } from '../../ui/Button';
import { Screen, StatusBlock } from '../../ui/Screen';
import * as screen from '../../ui/Screen.css';
import { Spinner } from '../../ui/Spinner';
import { glyph } from './icons';

const ConfirmedIcon = () => (
  <svg {...glyph}>
    <circle cx="12" cy="12" r="10" />
    <path d="m16 9-5.5 5.5L8 12" />
  </svg>
);

export function ConfirmScreen({ actorRef }: { actorRef: ActorRefFrom<typeof confirmMachine> }) {
  const confirming = useSelector(actorRef, selectConfirming);
  const confirmed = useSelector(actorRef, selectConfirmed);
  return (
    <Screen
      busy={confirming}
      primary={
        confirmed ? (
          <Button autoFocus onClick={() => actorRef.send({ type: 'continue.chosen' })}>
            <Trans>Continue</Trans>
          </Button>
        ) : undefined
      }
    >
      {confirmed ? (
        <StatusBlock icon={<ConfirmedIcon />} tone="success" title={<Trans>E-mail confirmed</Trans>}>
          <p className={screen.statusText}>
            <Trans>Your account is ready. Log in to start using your wallet.</Trans>
          </p>
        </StatusBlock>
      ) : (
        <StatusBlock icon={<Spinner size={40} />} title={<Trans>Confirming your e-mail…</Trans>} />
      )}
    </Screen>
  );
}
