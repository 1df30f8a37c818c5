import { useActorRef, useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ActorRefFrom } from 'xstate';
import { findableMachine } from '../../../machines/findable.machine';
import { selectFindable, selectFindableBusy, selectFindableFailed } from '../../../machines/findable.selectors';
import { useFeatureActors } from '../../app/featureActors';
import { useSignedInServices } from '../../app/signedInContext';
import { createFindableActors } from './services';
import * as css from './settings.css';

/** Settings' "Let wallet users find me" switch (issue 25): off by default; on, others can pay you by name. */
export function FindableSwitch() {
  const { showToast } = useSignedInServices();
  const { t } = useLingui();
  const actors = useFeatureActors(createFindableActors);
  const actor = useActorRef(
    findableMachine.provide({
      actors,
      actions: {
        notifySaveFailed: () => showToast({ kind: 'error', message: t`Could not change who can find you` }),
      },
    }),
  );
  return <FindableRow actor={actor} />;
}

/** The switch itself: renders the machine's state only. */
export function FindableRow({ actor }: { actor: ActorRefFrom<typeof findableMachine> }) {
  const findable = useSelector(actor, selectFindable);
  const busy = useSelector(actor, selectFindableBusy);
  const failed = useSelector(actor, selectFindableFailed);
  return (
    <li>
      {failed ? (
        <button type="button" className={css.row} onClick={() => actor.send({ type: 'retried' })}>
          <span>
            <Trans>Let wallet users find me</Trans>
          </span>
          <span className={css.value}>
            <Trans>Retry</Trans>
          </span>
        </button>
      ) : (
        <button
          type="button"
          role="switch"
          aria-checked={findable}
          aria-busy={busy || undefined}
          disabled={busy}
          className={css.row}
          onClick={() => actor.send({ type: 'toggled' })}
        >
          <span>
            <Trans>Let wallet users find me</Trans>
            <span className={css.hint}>
              <Trans>By your @username or e-mail, to pay you without an address</Trans>
            </span>
          </span>
          <span className={css.track}>
            <span className={css.thumb} />
          </span>
        </button>
      )}
    </li>
  );
}
