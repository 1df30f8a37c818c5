import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { forgotMachine } from '../../../machines/forgot.machine';
import { selectBusy, selectCanSubmit, selectEditable, selectEmail } from '../../../machines/forgot.selectors';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import { AuthLink } from './AuthLink';
import { routes } from './effects';
import * as css from './auth.css';

export function ForgotScreen({ actorRef }: { actorRef: ActorRefFrom<typeof forgotMachine> }) {
  const { t } = useLingui();
  const email = useSelector(actorRef, selectEmail);
  const busy = useSelector(actorRef, selectBusy);
  const editable = useSelector(actorRef, selectEditable);
  const canSubmit = useSelector(actorRef, selectCanSubmit);
  return (
    <main className={css.page}>
      <header className={css.header}>
        <h1 className={css.title}><Trans>Forgot password?</Trans></h1>
        <p className={css.subtitle}><Trans>Enter the e-mail of your account and we will send you a link to set a new password.</Trans></p>
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
          <TextField
            label={t`E-mail`}
            inputMode="email"
            autoCapitalize="none"
            spellCheck={false}
            autoComplete="email"
            autoFocus
            readOnly={!editable}
            value={email}
            onValueChange={(value) => actorRef.send({ type: 'email.changed', value })}
          />
        </div>
        <div className={css.actions}>
          <Button type="submit" disabled={!canSubmit} busy={busy}><Trans>Send reset link</Trans></Button>
          <AuthLink target={routes.loginEmail} className={css.link}><Trans>Back to login</Trans></AuthLink>
        </div>
      </form>
    </main>
  );
}
