import { fromPromise } from 'xstate';
import type { Credentials } from '../../../machines/login.machine';
import type { SignupRequest } from '../../../machines/signup.machine';
import type { AuthFormsApi } from '../../api/authForms';

export type AuthDeps = {
  forms: AuthFormsApi;
  /** Password sign-in with the identity provider; resolves once the session is signed in. */
  signIn: (credentials: Credentials) => Promise<void>;
};

/** Real implementations of the auth machines' actors. */
export function createAuthActors({ forms, signIn }: AuthDeps) {
  // A confirmation code works once. React's development double mount restarts the page's actor, so the
  // second start must reuse the first request instead of spending the code again and reporting failure.
  const confirmations = new Map<string, Promise<void>>();
  return {
    signIn: fromPromise<void, Credentials>(({ input }) => signIn(input)),
    register: fromPromise<void, SignupRequest>(({ input }) => forms.registerUser(input)),
    confirmEmail: fromPromise<void, { confirmationCode: string }>(({ input }) => {
      const pending = confirmations.get(input.confirmationCode) ?? forms.confirmEmail(input);
      confirmations.set(input.confirmationCode, pending);
      return pending;
    }),
    requestReset: fromPromise<void, { email: string }>(({ input }) => forms.requestPasswordReset(input)),
    confirmReset: fromPromise<void, { password: string; confirmationCode: string }>(({ input }) =>
      forms.confirmPasswordReset(input),
    ),
  };
}

export type AuthActors = ReturnType<typeof createAuthActors>;
