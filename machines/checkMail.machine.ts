import { setup } from 'xstate';
import { mailSiteFor } from './shared/mailSites';

/** The "check your mail" screen after sign-up (spec §2 /auth/signup/email/success). */
export type CheckMailInput = { email: string };
export type CheckMailContext = { email: string; mailSite: string | null };
export type CheckMailEvent = { type: 'mailbox.opened' };

export const checkMailMachine = setup({
  types: {
    input: {} as CheckMailInput,
    context: {} as CheckMailContext,
    events: {} as CheckMailEvent,
  },
  guards: {
    hasMailSite: ({ context }) => context.mailSite !== null,
  },
  actions: {
    openLink: (_, _params: { url: string }) => {},
  },
}).createMachine({
  id: 'checkMail',
  context: ({ input }) => ({ email: input.email.trim(), mailSite: mailSiteFor(input.email) }),
  initial: 'waiting',
  states: {
    waiting: {
      description:
        'Waiting for the user to follow the link in the mail; the mail site can be opened any number of times.',
      on: {
        'mailbox.opened': {
          guard: 'hasMailSite',
          actions: { type: 'openLink', params: ({ context }) => ({ url: context.mailSite ?? '' }) },
        },
      },
    },
  },
});
