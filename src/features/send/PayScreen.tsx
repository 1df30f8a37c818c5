import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { payMachine } from '../../../machines/pay.machine';
import { selectPayBusy, selectPayLoadFailed, selectPayProblem } from '../../../machines/pay.selectors';
import { Button } from '../../ui/Button';
import * as button from '../../ui/Button.css';
import { Screen } from '../../ui/Screen';
import * as shell from '../shell/AppShell.css';
import { RequestProblemText } from './RequestProblemText';

export type PayActor = ActorRefFrom<typeof payMachine>;

/** /pay: opening a payment request; what the machine found wrong with it, or a spinner until the send form opens. */
export function PayScreen({ actor }: { actor: PayActor }) {
  const { t } = useLingui();
  const busy = useSelector(actor, selectPayBusy);
  const problem = useSelector(actor, selectPayProblem);
  const failed = useSelector(actor, selectPayLoadFailed);
  return (
    <Screen back={{ to: '/home' }} title={<Trans>Payment request</Trans>} busy={busy}>
      {busy ? (
        <p role="status" className={shell.muted}>
          {t`Opening the payment request…`}
        </p>
      ) : null}
      {problem ? (
        <p role="alert" className={shell.card} data-testid="pay-problem">
          <RequestProblemText problem={problem} />
        </p>
      ) : null}
      {failed ? (
        <div role="alert" className={shell.card}>
          <p className={shell.muted}>
            <Trans>Could not load your wallet.</Trans>
          </p>
          <Button variant="secondary" onClick={() => actor.send({ type: 'load.retried' })}>
            <Trans>Retry</Trans>
          </Button>
        </div>
      ) : null}
      {problem?.kind === 'notHeld' ? (
        <Link to="/manage-assets" className={button.variant.secondary}>
          <Trans>Manage assets</Trans>
        </Link>
      ) : null}
    </Screen>
  );
}
