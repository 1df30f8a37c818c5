import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { resetMachine } from '../../../machines/reset.machine';
import {
  selectBusy, selectCanSubmit, selectEditable, selectError, selectPassword, selectPasswordShown,
} from '../../../machines/reset.selectors';
import { Button } from '../../ui/Button';
import { PasswordField } from '../../ui/TextField';
import { fieldMessage } from './messages';
import * as css from './auth.css';

export function ResetScreen({ actorRef }: { actorRef: ActorRefFrom<typeof resetMachine> }) {
  const { t, i18n } = useLingui();
  const password = useSelector(actorRef, selectPassword);
  const shown = useSelector(actorRef, selectPasswordShown);
  const error = useSelector(actorRef, selectError);
  const busy = useSelector(actorRef, selectBusy);
  const editable = useSelector(actorRef, selectEditable);
  const canSubmit = useSelector(actorRef, selectCanSubmit);
  const passwordError = fieldMessage(error, 'password');
  return (
    <main className={css.page}>
      <header className={css.header}>
        <h1 className={css.title}><Trans>New password</Trans></h1>
        <p className={css.subtitle}><Trans>Choose a new password for your account.</Trans></p>
      </header>
      <form
        className={css.form}
        noValidate
        aria-busy={busy || undefined}
        onSubmit={(e) => {
          e.preventDefault();
          actorRef.send({ type: 'form.submitted' });
        }}
      >
        <div className={css.fields}>
          <PasswordField
            label={t`New password`}
            autoComplete="new-password"
            autoFocus
            readOnly={!editable}
            value={password}
            error={passwordError ? i18n._(passwordError) : undefined}
            onValueChange={(value) => actorRef.send({ type: 'password.changed', value })}
            shown={shown}
            onToggleShown={() => actorRef.send({ type: 'visibility.toggled' })}
          />
        </div>
        <div className={css.actions}>
          <Button type="submit" disabled={!canSubmit} busy={busy}><Trans>Save password</Trans></Button>
        </div>
      </form>
    </main>
  );
}
