import { Trans } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import {
  selectFoundRecipient,
  selectLookingUp,
  selectLookupFailed,
  selectRequestProblem,
  selectUserUnknown,
} from '../../../machines/send.selectors';
import { Button } from '../../ui/Button';
import { RequestProblemText } from './RequestProblemText';
import * as shell from '../shell/AppShell.css';
import * as css from './send.css';
import type { SendActor } from './types';

/**
 * The notes of issue 25 under the address field: a scanned request the form could not take, the wallet
 * user being looked up, found (their name), not found (unknown and hidden read the same), or a failed look-up.
 */
export function WalletUserNotes({ actor }: { actor: SendActor }) {
  const currency = useSelector(actor, (s) => s.context.currency);
  const problem = useSelector(actor, selectRequestProblem);
  const found = useSelector(actor, selectFoundRecipient);
  const lookingUp = useSelector(actor, selectLookingUp);
  const unknown = useSelector(actor, selectUserUnknown);
  const failed = useSelector(actor, selectLookupFailed);
  return (
    <>
      {problem ? (
        <p role="alert" className={css.note} data-testid="request-problem">
          <RequestProblemText problem={problem} currency={currency} />
        </p>
      ) : null}
      {lookingUp ? (
        <p role="status" className={css.note}>
          <Trans>Looking for the wallet user…</Trans>
        </p>
      ) : null}
      {found ? (
        <p className={css.note} data-testid="send-recipient-name">
          <Trans>Paying {found.displayName}</Trans>
        </p>
      ) : null}
      {unknown ? (
        <p role="alert" className={css.note} data-testid="send-user-unknown">
          <Trans>
            No wallet user can be found by that name. They may not have turned on "Let wallet users find me".
          </Trans>
        </p>
      ) : null}
      {failed ? (
        <div role="alert" className={shell.card}>
          <p className={shell.muted}>
            <Trans>Could not look for the wallet user.</Trans>
          </p>
          <Button variant="secondary" onClick={() => actor.send({ type: 'address.retried' })}>
            <Trans>Retry</Trans>
          </Button>
        </div>
      ) : null}
    </>
  );
}
