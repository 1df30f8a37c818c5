import { Trans } from '@lingui/react/macro';
import { AuthLink } from './AuthLink';
import { routes } from './effects';
import * as css from './auth.css';
import * as local from './StaticScreens.css';

/** /auth/login: welcome and the way in (spec §2). */
export function LoginWelcomeScreen() {
  return (
    <main className={css.page}>
      <div className={css.centered}>
        <span className={css.icon} aria-hidden="true">👛</span>
        <h1 className={css.title}><Trans>Welcome to your wallet</Trans></h1>
        <p className={css.subtitle}><Trans>Keep, send, swap, buy and sell crypto in one place.</Trans></p>
      </div>
      <nav className={css.actions}>
        <AuthLink target={routes.loginEmail} className={local.primaryLink}><Trans>Log in with e-mail</Trans></AuthLink>
        <AuthLink target={routes.signup} className={css.link}><Trans>No account yet? Sign up</Trans></AuthLink>
      </nav>
    </main>
  );
}

/** /auth/signup: how to sign up; e-mail is the one way outside the messenger. */
export function SignupChoiceScreen() {
  return (
    <main className={css.page}>
      <div className={css.centered}>
        <span className={css.icon} aria-hidden="true">✨</span>
        <h1 className={css.title}><Trans>Create your wallet</Trans></h1>
        <p className={css.subtitle}><Trans>It takes a minute: an e-mail, a password and a click on the link we send.</Trans></p>
      </div>
      <nav className={css.actions}>
        <AuthLink target={routes.signupEmail} className={local.primaryLink}><Trans>Sign up with e-mail</Trans></AuthLink>
        <AuthLink target={routes.login} className={css.link}><Trans>Already have an account? Log in</Trans></AuthLink>
      </nav>
    </main>
  );
}

/** /auth/forgot-success: the reset link is on its way. */
export function ForgotSuccessScreen() {
  return (
    <main className={css.page}>
      <div className={css.centered}>
        <span className={css.icon} aria-hidden="true">📬</span>
        <h1 className={css.title}><Trans>Check your mail</Trans></h1>
        <p className={css.subtitle}>
          <Trans>If an account uses this address, we have sent it a link to set a new password.</Trans>
        </p>
      </div>
      <nav className={css.actions}>
        <AuthLink target={routes.loginEmail} className={local.primaryLink}><Trans>Back to login</Trans></AuthLink>
      </nav>
    </main>
  );
}
