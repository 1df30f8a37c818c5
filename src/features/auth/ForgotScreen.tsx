import { Trans } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { forgotMachine } from '../../../machines/forgot.machine';
import { selectBusy, selectCanSubmit, selectEditable, selectEmail } from '../../../machines/forgot.selectors';
import { Button } from '../../ui/Button';
import { AuthForm } from './AuthForm';
import { EmailField } from './EmailField';
import { routes } from './effects';

export function ForgotScreen({ actorRef }: { actorRef: ActorRefFrom<typeof forgotMachine> }) {
  const email = useSelector(actorRef, selectEmail);
  const busy = useSelector(actorRef, selectBusy);
  const editable = useSelector(actorRef, selectEditable);
  const canSubmit = useSelector(actorRef, selectCanSubmit);
  return (
    <AuthForm
      title={<Trans>Forgot password?</Trans>}
      subtitle={<Trans>Enter the e-mail of your account and we will send you a link to set a new password.</Trans>}
      busy={busy}
      onSubmit={() => actorRef.send({ type: 'form.submitted' })}
      back={routes.loginEmail}
      primary={
        <Button type="submit" disabled={!canSubmit} busy={busy}>
          <Trans>Send reset link</Trans>
        </Button>
      }
    >
      <EmailField
        autoComplete="email"
        autoFocus
        editable={editable}
        value={email}
        onValueChange={(value) => actorRef.send({ type: 'email.changed', value })}
      />
    </AuthForm>
  );
}
