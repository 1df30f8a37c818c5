import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { fieldOf, isFieldError, toAuthError, type AuthError, type FieldError, type FormField } from './shared/errors';
import { hasPassword, isFilled, normalizeEmail } from './shared/validation';

/** Sign-up with e-mail and password (spec §2 /auth/signup/email, §4 "sign-up success leads to check-mail"). */
/** `error` holds only errors shown beside a field; others are raised as a toast and not kept. */
export type SignupContext = { email: string; password: string; passwordShown: boolean; error: FieldError | null };

export type SignupEvent =
  | { type: 'email.changed'; value: string }
  | { type: 'password.changed'; value: string }
  | { type: 'visibility.toggled' }
  | { type: 'form.submitted' };

/** Spec §7: POST /user takes the account name too, fixed to "Account". */
export type SignupRequest = { email: string; password: string; accountName: 'Account' };

export type SignupTag = 'editable' | 'busy';

/** An error shown beside a field is stale once that field is edited; the other field's still stands. */
const clearedFor = (field: FormField, error: FieldError | null) => (error && fieldOf(error) === field ? null : error);

export const signupMachine = setup({
  types: {
    context: {} as SignupContext,
    events: {} as SignupEvent,
    tags: {} as SignupTag,
  },
  actors: {
    register: fromPromise<void, SignupRequest>(async () => {
      throw new Error('register not provided');
    }),
  },
  guards: {
    isComplete: ({ context }) => isFilled(context.email) && hasPassword(context.password),
    isFieldError: ({ event }) => isFieldError(toAuthError((event as { error?: unknown }).error)),
  },
  actions: {
    setEmail: assign(({ context, event }) => {
      assertEvent(event, 'email.changed');
      return { email: event.value, error: clearedFor('email', context.error) };
    }),
    setPassword: assign(({ context, event }) => {
      assertEvent(event, 'password.changed');
      return { password: event.value, error: clearedFor('password', context.error) };
    }),
    toggleVisibility: assign({ passwordShown: ({ context }) => !context.passwordShown }),
    clearError: assign({ error: null }),
    navigateToCheckMail: (_, _params: { email: string }) => {},
    showSignupError: (_, _params: { error: AuthError }) => {},
  },
}).createMachine({
  id: 'signup',
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
        'form.submitted': { guard: 'isComplete', target: 'submitting', actions: 'clearError' },
      },
    },
    submitting: {
      tags: 'busy',
      invoke: {
        id: 'register',
        src: 'register',
        input: ({ context }) => ({
          email: normalizeEmail(context.email),
          password: context.password,
          accountName: 'Account' as const,
        }),
        onDone: 'registered',
        onError: [
          {
            guard: 'isFieldError',
            target: 'editing',
            description: 'Address taken or a field refused: said beside the field, no toast.',
            actions: assign({ error: ({ event }) => toAuthError(event.error) as FieldError }),
          },
          {
            target: 'editing',
            actions: { type: 'showSignupError', params: ({ event }) => ({ error: toAuthError(event.error) }) },
          },
        ],
      },
    },
    registered: {
      type: 'final',
      description: 'Account created and a confirmation mail sent; the check-mail screen takes over.',
      entry: { type: 'navigateToCheckMail', params: ({ context }) => ({ email: normalizeEmail(context.email) }) },
    },
  },
});
