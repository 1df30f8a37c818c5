import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { toAuthError, type AuthError } from './shared/errors';
import { hasPassword, isFilled, normalizeEmail } from './shared/validation';

/** E-mail and password sign-in (spec §2 /auth/login/email, §5 first bullet). */
export type LoginContext = {
  email: string;
  password: string;
  passwordShown: boolean;
  /** Why the last sign-in failed, said under the password field until either field changes. */
  error: AuthError | null;
};

export type LoginEvent =
  | { type: 'email.changed'; value: string }
  | { type: 'password.changed'; value: string }
  | { type: 'visibility.toggled' }
  | { type: 'form.submitted' };

export type Credentials = { email: string; password: string };

export type LoginTag = 'editable' | 'busy';

export const loginMachine = setup({
  types: {
    context: {} as LoginContext,
    events: {} as LoginEvent,
    tags: {} as LoginTag,
  },
  actors: {
    // Resolves once the session holds the signed-in user.
    signIn: fromPromise<void, Credentials>(async () => {
      throw new Error('signIn not provided');
    }),
  },
  guards: {
    isComplete: ({ context }) => isFilled(context.email) && hasPassword(context.password),
  },
  actions: {
    setEmail: assign({
      email: ({ event }) => {
        assertEvent(event, 'email.changed');
        return event.value;
      },
      error: null,
    }),
    setPassword: assign({
      password: ({ event }) => {
        assertEvent(event, 'password.changed');
        return event.value;
      },
      error: null,
    }),
    keepError: assign((_, params: { error: AuthError }) => ({ error: params.error })),
    toggleVisibility: assign({ passwordShown: ({ context }) => !context.passwordShown }),
    navigateHome: () => {},
  },
}).createMachine({
  id: 'login',
  context: { email: '', password: '', passwordShown: false, error: null },
  initial: 'editing',
  on: {
    'visibility.toggled': { actions: 'toggleVisibility' },
  },
  states: {
    editing: {
      tags: 'editable',
      on: {
        'email.changed': { actions: 'setEmail' },
        'password.changed': { actions: 'setPassword' },
        'form.submitted': { guard: 'isComplete', target: 'submitting', actions: assign({ error: null }) },
      },
    },
    submitting: {
      tags: 'busy',
      description: 'Signing in with the identity provider; fields are locked so what is sent is what is shown.',
      invoke: {
        id: 'signIn',
        src: 'signIn',
        input: ({ context }) => ({ email: normalizeEmail(context.email), password: context.password }),
        onDone: 'signedIn',
        onError: {
          target: 'editing',
          actions: { type: 'keepError', params: ({ event }) => ({ error: toAuthError(event.error) }) },
        },
      },
    },
    signedIn: {
      type: 'final',
      entry: 'navigateHome',
    },
  },
});
