import { Trans } from '@lingui/react/macro';
import { Logo } from '../../ui/Logo';
import { Screen, StatusBlock } from '../../ui/Screen';
import * as screen from '../../ui/Screen.css';
import { AuthLink } from './AuthLink';
import { routes } from './effects';
import * as css from './auth.css';
import * as local from './StaticScreens.css';

/** /auth/login: welcome and the way in (spec §2). */
export function LoginWelcomeScreen() {
  return (
    <Screen
      primary={
        <AuthLink target={routes.loginEmail} className={local.primaryLink}>
          <Trans>Log in with e-mail</Trans>
        </AuthLink>
      }
      secondary={
        <AuthLink target={routes.signup} className={css.link}>
          <Trans>No account yet? Sign up</Trans>
        </AuthLink>
      }
    >
      <StatusBlock icon={<Logo />} title={<Trans>Welcome to your wallet</Trans>}>
        <p className={screen.statusText}>
          <Trans>Keep, send, swap, buy and sell crypto in one place.</Trans>
        </p>
      </StatusBlock>
    </Screen>
  );
}

/** /auth/signup: how to sign up; e-mail is the one way outside the messenger. */
export function SignupChoiceScreen() {
  return (
    <Screen
      back={routes.login}
      primary={
        <AuthLink target={routes.signupEmail} className={local.primaryLink}>
          <Trans>Sign up with e-mail</Trans>
        </AuthLink>
      }
      secondary={
        <AuthLink target={routes.login} className={css.link}>
          <Trans>Already have an account? Log in</Trans>
        </AuthLink>
      }
    >
      <StatusBlock icon={<Logo />} title={<Trans>Create your wallet</Trans>}>
        <p className={screen.statusText}>
          <Trans>It takes a minute: an e-mail, a password and a click on the link we send.</Trans>
        </p>
      </StatusBlock>
    </Screen>
  );
}
