import { Trans } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { checkMailMachine } from '../../../machines/checkMail.machine';
import { selectCanOpenMail, selectEmail } from '../../../machines/checkMail.selectors';
import { Button } from '../../ui/Button';
import { AuthLink } from './AuthLink';
import { routes } from './effects';
import * as css from './auth.css';

export function CheckMailScreen({ actorRef }: { actorRef: ActorRefFrom<typeof checkMailMachine> }) {
  const email = useSelector(actorRef, selectEmail);
  const canOpenMail = useSelector(actorRef, selectCanOpenMail);
  return (
    <main className={css.page}>
      <div className={css.centered}>
        <span className={css.icon} aria-hidden="true">✉️</span>
        <h1 className={css.title}><Trans>Check your mail</Trans></h1>
        <p className={css.subtitle}>
          {email ? (
            <Trans>We sent a confirmation link to <span className={css.emphasis}>{email}</span>. Follow it to finish signing up.</Trans>
          ) : (
            <Trans>We sent you a confirmation link. Follow it to finish signing up.</Trans>
          )}
        </p>
      </div>
      <div className={css.actions}>
        {canOpenMail ? (
          <Button onClick={() => actorRef.send({ type: 'mailbox.opened' })}><Trans>Open mail</Trans></Button>
        ) : null}
        <AuthLink target={routes.loginEmail} className={css.link}><Trans>Back to login</Trans></AuthLink>
      </div>
    </main>
  );
}
