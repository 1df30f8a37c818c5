import { assign, fromPromise, setup } from 'xstate';
import { toAuthError, type AuthError } from './shared/errors';

/** E-mail confirmation from the link in the sign-up mail (spec §2 /auth/signup/confirm/:code). */
export type ConfirmInput = { code: string };
export type ConfirmContext = { code: string; error: AuthError | null };
export type ConfirmEvent = { type: 'continue.chosen' };
export type ConfirmTag = 'busy';

export const confirmMachine = setup({
  types: {
    input: {} as ConfirmInput,
    context: {} as ConfirmContext,
    events: {} as ConfirmEvent,
    tags: {} as ConfirmTag,
  },
  actors: {
    confirmEmail: fromPromise<void, { confirmationCode: string }>(async () => {
      throw new Error('confirmEmail not provided');
    }),
  },
  actions: {
    showConfirmError: () => {},
    navigateToLogin: () => {},
    navigateToLoginEmail: () => {},
  },
}).createMachine({
  id: 'confirm',
  context: ({ input }) => ({ code: input.code, error: null }),
  initial: 'confirming',
  states: {
    confirming: {
      tags: 'busy',
      description: 'The code is sent as soon as the page opens: following the mail link is the confirmation.',
      invoke: {
        id: 'confirmEmail',
        src: 'confirmEmail',
        input: ({ context }) => ({ confirmationCode: context.code }),
        onDone: 'confirmed',
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => toAuthError(event.error) }),
        },
      },
    },
    confirmed: {
      on: { 'continue.chosen': 'continuing' },
    },
    continuing: { type: 'final', entry: 'navigateToLoginEmail' },
    failed: {
      type: 'final',
      description: 'Spec §2: a failed confirmation shows the auth_confirm_error toast and goes to login.',
      entry: ['showConfirmError', 'navigateToLogin'],
    },
  },
});
