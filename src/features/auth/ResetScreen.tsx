import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { resetMachine } from '../../../machines/reset.machine';
import {
  selectBusy,
  selectCanSubmit,
  selectEditable,
  selectError,
  selectPassword,
  selectPasswordShown,
} from '../../../machines/reset.selectors';
import { Button } from '../../ui/Button';
import { PasswordField } from '../../ui/TextField';
import { AuthForm } from './AuthForm';
import { fieldMessage } from './messages';

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
    <AuthForm
      title={<Trans>New password</Trans>}
      subtitle={<Trans>Choose a new password for your account.</Trans>}
      busy={busy}
      onSubmit={() => actorRef.send({ type: 'form.submitted' })}
      primary={
        <Button type="submit" disabled={!canSubmit} busy={busy}>
          <Trans>Save password</Trans>
        </Button>
      }
    >
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
    </AuthForm>
  );
}
