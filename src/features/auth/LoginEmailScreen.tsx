import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { loginMachine } from '../../../machines/login.machine';
import {
  selectBusy,
  selectCanSubmit,
  selectEditable,
  selectEmail,
  selectLoginError,
  selectPassword,
  selectPasswordShown,
} from '../../../machines/login.selectors';
import { Button } from '../../ui/Button';
import { PasswordField } from '../../ui/TextField';
import { AuthForm } from './AuthForm';
import { AuthLink } from './AuthLink';
import { EmailField } from './EmailField';
import { routes } from './effects';
import * as css from './auth.css';
import { loginErrorMessage } from './messages';

export function LoginEmailScreen({ actorRef }: { actorRef: ActorRefFrom<typeof loginMachine> }) {
  const { i18n, t } = useLingui();
  const failed = loginErrorMessage(useSelector(actorRef, selectLoginError));
  const email = useSelector(actorRef, selectEmail);
  const password = useSelector(actorRef, selectPassword);
  const shown = useSelector(actorRef, selectPasswordShown);
  const busy = useSelector(actorRef, selectBusy);
  const editable = useSelector(actorRef, selectEditable);
  const canSubmit = useSelector(actorRef, selectCanSubmit);

  return (
    <AuthForm
      title={<Trans>Log in</Trans>}
      subtitle={<Trans>Enter the e-mail and password of your account.</Trans>}
      busy={busy}
      onSubmit={() => actorRef.send({ type: 'form.submitted' })}
      back={routes.login}
      primary={
        <Button type="submit" disabled={!canSubmit} busy={busy}>
          <Trans>Log in</Trans>
        </Button>
      }
      secondary={
        <AuthLink target={routes.signup} className={css.link}>
          <Trans>No account yet? Sign up</Trans>
        </AuthLink>
      }
    >
      <EmailField
        autoComplete="username"
        autoFocus
        editable={editable}
        value={email}
        onValueChange={(value) => actorRef.send({ type: 'email.changed', value })}
      />
      <PasswordField
        label={t`Password`}
        autoComplete="current-password"
        readOnly={!editable}
        value={password}
        onValueChange={(value) => actorRef.send({ type: 'password.changed', value })}
        shown={shown}
        onToggleShown={() => actorRef.send({ type: 'visibility.toggled' })}
        error={failed ? i18n._(failed) : undefined}
      />
      <AuthLink target={routes.forgot} className={css.linkEnd}>
        <Trans>Forgot password?</Trans>
      </AuthLink>
    </AuthForm>
  );
}
