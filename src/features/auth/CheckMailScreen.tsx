import { Trans } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { checkMailMachine } from '../../../machines/checkMail.machine';
import { selectCanOpenMail, selectEmail } from '../../../machines/checkMail.selectors';
import { Button } from '../../ui/Button';
import { Screen, StatusBlock } from '../../ui/Screen';
import * as screen from '../../ui/Screen.css';
import { AuthLink } from './AuthLink';
import { routes } from './effects';
import { MailIcon } from './icons';
import * as css from './auth.css';

export function CheckMailScreen({ actorRef }: { actorRef: ActorRefFrom<typeof checkMailMachine> }) {
  const email = useSelector(actorRef, selectEmail);
  const canOpenMail = useSelector(actorRef, selectCanOpenMail);
  const back = (
    <AuthLink target={routes.loginEmail} className={css.link}>
      <Trans>Back to login</Trans>
    </AuthLink>
  );
  return (
    <Screen
      primary={
        canOpenMail ? (
          <Button onClick={() => actorRef.send({ type: 'mailbox.opened' })}>
            <Trans>Open mail</Trans>
          </Button>
        ) : (
          back
        )
      }
      secondary={canOpenMail ? back : undefined}
    >
      <StatusBlock icon={<MailIcon />} title={<Trans>Check your mail</Trans>}>
        <p className={screen.statusText}>
          {email ? (
            <Trans>
              We sent a confirmation link to <span className={css.emphasis}>{email}</span>. Follow it to finish signing
              up.
            </Trans>
          ) : (
            <Trans>We sent you a confirmation link. Follow it to finish signing up.</Trans>
          )}
        </p>
      </StatusBlock>
    </Screen>
  );
}
