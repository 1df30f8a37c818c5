import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { toAuthError, type AuthError, type FieldError } from './shared/errors';
import { hasPassword } from './shared/validation';

/** New password from the reset mail's link (spec §2 /auth/forgot/:code, §4 "a reset confirm leads to login"). */
export type ResetInput = { code: string };
export type ResetContext = { code: string; password: string; passwordShown: boolean; error: FieldError | null };
export type ResetEvent =
  | { type: 'password.changed'; value: string }
  | { type: 'visibility.toggled' }
  | { type: 'form.submitted' };
export type ResetTag = 'editable' | 'busy';

const passwordError = (error: AuthError): FieldError | null =>
  error.kind === 'invalidField' && error.field === 'password' ? error : null;

export const resetMachine = setup({
  types: {
    input: {} as ResetInput,
    context: {} as ResetContext,
    events: {} as ResetEvent,
    tags: {} as ResetTag,
  },
  actors: {
    confirmReset: fromPromise<void, { password: string; confirmationCode: string }>(async () => {
      throw new Error('confirmReset not provided');
    }),
  },
  guards: {
    hasPassword: ({ context }) => hasPassword(context.password),
    isPasswordError: ({ event }) => passwordError(toAuthError((event as { error?: unknown }).error)) !== null,
  },
  actions: {
    setPassword: assign(({ event }) => {
      assertEvent(event, 'password.changed');
      return { password: event.value, error: null };
    }),
    toggleVisibility: assign({ passwordShown: ({ context }) => !context.passwordShown }),
    showPasswordChanged: () => {},
    navigateToLoginEmail: () => {},
    showResetError: (_, _params: { error: AuthError }) => {},
  },
}).createMachine({
  id: 'reset',
  context: ({ input }) => ({ code: input.code, password: '', passwordShown: false, error: null }),
  initial: 'editing',
  on: {
    'visibility.toggled': { actions: 'toggleVisibility' },
  },
  states: {
    editing: {
      tags: 'editable',
      on: {
        'password.changed': { actions: 'setPassword' },
        'form.submitted': { guard: 'hasPassword', target: 'saving' },
      },
    },
    saving: {
      tags: 'busy',
      invoke: {
        id: 'confirmReset',
        src: 'confirmReset',
        input: ({ context }) => ({ password: context.password, confirmationCode: context.code }),
        onDone: 'changed',
        onError: [
          {
            guard: 'isPasswordError',
            target: 'editing',
            description: 'The server refused the password itself: say so beside the field, no toast.',
            actions: assign({ error: ({ event }) => passwordError(toAuthError(event.error)) }),
          },
          {
            target: 'editing',
            actions: { type: 'showResetError', params: ({ event }) => ({ error: toAuthError(event.error) }) },
          },
        ],
      },
    },
    changed: {
      type: 'final',
      entry: ['showPasswordChanged', 'navigateToLoginEmail'],
    },
  },
});
