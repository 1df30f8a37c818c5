import { Trans } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { confirmMachine } from '../../../machines/confirm.machine';
import { selectConfirmed, selectConfirming } from '../../../machines/confirm.selectors';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import * as css from './auth.css';

export function ConfirmScreen({ actorRef }: { actorRef: ActorRefFrom<typeof confirmMachine> }) {
  const confirming = useSelector(actorRef, selectConfirming);
  const confirmed = useSelector(actorRef, selectConfirmed);
  return (
    <main className={css.page} aria-busy={confirming || undefined}>
      <div className={css.centered}>
        {confirmed ? (
          <>
            <span className={css.icon} aria-hidden="true">✅</span>
            <h1 className={css.title}><Trans>E-mail confirmed</Trans></h1>
            <p className={css.subtitle}><Trans>Your account is ready. Log in to start using your wallet.</Trans></p>
          </>
        ) : (
          <>
            <Spinner size={64} />
            <h1 className={css.title}><Trans>Confirming your e-mail…</Trans></h1>
          </>
        )}
      </div>
      {confirmed ? (
        <div className={css.actions}>
          <Button autoFocus onClick={() => actorRef.send({ type: 'continue.chosen' })}><Trans>Continue</Trans></Button>
        </div>
      ) : null}
    </main>
  );
}
