import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { signupMachine } from '../../../machines/signup.machine';
import {
  selectBusy,
  selectCanSubmit,
  selectEditable,
  selectEmail,
  selectError,
  selectPassword,
  selectPasswordShown,
} from '../../../machines/signup.selectors';
import { Button } from '../../ui/Button';
import { PasswordField } from '../../ui/TextField';
import { AuthForm } from './AuthForm';
import { AuthLink } from './AuthLink';
import { EmailField } from './EmailField';
import { routes } from './effects';
import { fieldMessage } from './messages';
import * as css from './auth.css';

export function SignupEmailScreen({ actorRef }: { actorRef: ActorRefFrom<typeof signupMachine> }) {
  const { t, i18n } = useLingui();
  const email = useSelector(actorRef, selectEmail);
  const password = useSelector(actorRef, selectPassword);
  const shown = useSelector(actorRef, selectPasswordShown);
  const error = useSelector(actorRef, selectError);
  const busy = useSelector(actorRef, selectBusy);
  const editable = useSelector(actorRef, selectEditable);
  const canSubmit = useSelector(actorRef, selectCanSubmit);
  const emailError = fieldMessage(error, 'email');
  const passwordError = fieldMessage(error, 'password');

  return (
    <AuthForm
      title={<Trans>Create an account</Trans>}
      subtitle={<Trans>We will send a confirmation link to your e-mail.</Trans>}
      busy={busy}
      onSubmit={() => actorRef.send({ type: 'form.submitted' })}
      back={routes.signup}
      primary={
        <Button type="submit" disabled={!canSubmit} busy={busy}>
          <Trans>Sign up</Trans>
        </Button>
      }
      secondary={
        <AuthLink target={routes.loginEmail} className={css.link}>
          <Trans>Already have an account? Log in</Trans>
        </AuthLink>
      }
    >
      <EmailField
        autoComplete="email"
        autoFocus
        editable={editable}
        value={email}
        error={emailError ? i18n._(emailError) : undefined}
        onValueChange={(value) => actorRef.send({ type: 'email.changed', value })}
      />
      <PasswordField
        label={t`Password`}
        autoComplete="new-password"
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
