import { fromPromise } from 'xstate';
import { useNavigate } from '@tanstack/react-router';
import { signInWithPassword } from '../../auth/password';
import { platform } from '../../platform';
import { showToast } from '../../ui/toast';
import { confirmEmail, confirmPasswordReset, registerUser, requestPasswordReset } from '../../api/authForms';
import type { Credentials } from '../../../machines/login.machine';
import type { SignupRequest } from '../../../machines/signup.machine';
import type { AuthEffects } from './effects';

/** Real implementations of the auth machines' actors. */
export const liveSignIn = fromPromise<void, Credentials>(({ input }) => signInWithPassword(input.email, input.password));

export const liveRegister = fromPromise<void, SignupRequest>(({ input }) => registerUser(input));

// A confirmation code works once. React's development double mount restarts the page's actor, so the
// second start must reuse the first request instead of spending the code again and reporting failure.
const confirmations = new Map<string, Promise<void>>();
export const liveConfirmEmail = fromPromise<void, { confirmationCode: string }>(({ input }) => {
  const pending = confirmations.get(input.confirmationCode) ?? confirmEmail(input);
  confirmations.set(input.confirmationCode, pending);
  return pending;
});

export const liveRequestReset = fromPromise<void, { email: string }>(({ input }) => requestPasswordReset(input));

export const liveConfirmReset = fromPromise<void, { password: string; confirmationCode: string }>(({ input }) =>
  confirmPasswordReset(input),
);

/** The router, the app's toast area and the platform, as the auth screens' effects. */
export function useAuthEffects(): AuthEffects {
  const navigate = useNavigate();
  return {
    // Targets are shared with tests as plain data, so they bypass the typed route lookup.
    navigate: (target) => void navigate({ to: target.to, search: target.search } as never),
    toast: showToast,
    openLink: (url) => platform.openLink(url),
  };
}
