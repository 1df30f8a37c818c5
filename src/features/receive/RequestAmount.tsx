import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { receiveMachine } from '../../../machines/receive.machine';
import { selectRequest, selectRequestAmount } from '../../../machines/receive.selectors';
import { TextField } from '../../ui/TextField';
import * as shell from '../shell/AppShell.css';
import * as css from './receive.css';

/**
 * Request an amount on Receive (issue 25): the amount field, and once it is above zero the payment link
 * the QR and Share carry (the network's standard URI inside the app's `/pay?uri=` link).
 */
export function RequestAmount({ actor, unit }: { actor: ActorRefFrom<typeof receiveMachine>; unit: string }) {
  const { t } = useLingui();
  const amount = useSelector(actor, selectRequestAmount);
  const request = useSelector(actor, selectRequest);
  return (
    <div className={shell.card}>
      <TextField
        label={t`Request an amount, ${unit} (optional)`}
        value={amount}
        inputMode="decimal"
        placeholder="0"
        autoComplete="off"
        onValueChange={(value) => actor.send({ type: 'amount.changed', value })}
      />
      {request ? (
        <>
          <span className={shell.muted} id="receive-link-label">
            <Trans>Payment link</Trans>
          </span>
          <p className={css.link} aria-labelledby="receive-link-label" data-testid="receive-link">
            {request.link}
          </p>
        </>
      ) : null}
    </div>
  );
}
