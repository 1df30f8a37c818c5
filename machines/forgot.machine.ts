import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { toAuthError, type AuthError } from './shared/errors';
import { isFilled, normalizeEmail } from './shared/validation';

/** Password recovery request (spec §2 /auth/forgot, §5 "a reset request needs a non-empty e-mail"). */
export type ForgotContext = { email: string };
export type ForgotEvent = { type: 'email.changed'; value: string } | { type: 'form.submitted' };
export type ForgotTag = 'editable' | 'busy';

export const forgotMachine = setup({
  types: {
    context: {} as ForgotContext,
    events: {} as ForgotEvent,
    tags: {} as ForgotTag,
  },
  actors: {
    requestReset: fromPromise<void, { email: string }>(async () => {
      throw new Error('requestReset not provided');
    }),
  },
  guards: {
    hasEmail: ({ context }) => isFilled(context.email),
  },
  actions: {
    setEmail: assign({
      email: ({ event }) => {
        assertEvent(event, 'email.changed');
        return event.value;
      },
    }),
    navigateToSent: () => {},
    showResetRequestError: (_, _params: { error: AuthError }) => {},
  },
}).createMachine({
  id: 'forgot',
  context: { email: '' },
  initial: 'editing',
  states: {
    editing: {
      tags: 'editable',
      on: {
        'email.changed': { actions: 'setEmail' },
        'form.submitted': { guard: 'hasEmail', target: 'sending' },
      },
    },
    sending: {
      tags: 'busy',
      invoke: {
        id: 'requestReset',
        src: 'requestReset',
        input: ({ context }) => ({ email: normalizeEmail(context.email) }),
        onDone: 'sent',
        onError: {
          target: 'editing',
          actions: { type: 'showResetRequestError', params: ({ event }) => ({ error: toAuthError(event.error) }) },
        },
      },
    },
    sent: {
      type: 'final',
      description: 'The gateway answers the same whether or not the address is known; the sent screen takes over.',
      entry: 'navigateToSent',
    },
  },
});
