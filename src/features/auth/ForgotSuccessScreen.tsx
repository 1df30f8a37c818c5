import { Trans } from '@lingui/react/macro';
import { Screen, StatusBlock } from '../../ui/Screen';
import * as screen from '../../ui/Screen.css';
import { AuthLink } from './AuthLink';
import { routes } from './effects';
import { MailIcon } from './icons';
import * as css from './StaticScreens.css';

/** /auth/forgot-success: the reset link is on its way. */
export function ForgotSuccessScreen() {
  return (
    <Screen
      primary={
        <AuthLink target={routes.loginEmail} className={css.primaryLink}>
          <Trans>Back to login</Trans>
        </AuthLink>
      }
    >
      <StatusBlock icon={<MailIcon />} title={<Trans>Check your mail</Trans>}>
        <p className={screen.statusText}>
          <Trans>If an account uses this address, we have sent it a link to set a new password.</Trans>
        </p>
      </StatusBlock>
    </Screen>
  );
}
