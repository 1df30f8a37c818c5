import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createActor } from 'xstate';
import { checkMailMachine } from '../../machines/checkMail.machine';
import { CheckMailScreen } from '../../src/features/auth/CheckMailScreen';
import { checkMailActions } from '../../src/features/auth/wiring';
import { describeModel } from '../support/mbt';
import { renderInRouter } from '../support/router';
import { fakeEffects } from '../support/authScreens';
import { isShown, text } from '../support/dom';

async function mount(email: string) {
  const fx = fakeEffects();
  const actor = createActor(checkMailMachine.provide({ actions: checkMailActions(fx) }), { input: { email } }).start();
  const rendered = await renderInRouter(<CheckMailScreen actorRef={actor} />, {
    path: `/auth/signup/email/success?email=${encodeURIComponent(email)}`,
  });
  return { actor, fx, router: rendered.router };
}

describeModel('checkMail', {
  machine: checkMailMachine,
  input: { email: 'someone@gmail.com' },
  events: [{ type: 'mailbox.opened' }],
  mount: () => mount('someone@gmail.com'),
  drive: {
    'mailbox.opened': (_e, h) => h.user.click(screen.getByRole('button', { name: 'Open mail' })),
  },
  states: {
    waiting: (h, _s, { history }) => {
      expect(text(screen.getByRole('heading', { name: 'Check your mail' })), 'heading').toBe('Check your mail');
      expect(isShown(screen.getByText('someone@gmail.com')), 'shown').toBe(true);
      expect(h.fx.openLink).toHaveBeenCalledTimes(history.length);
      if (history.length) expect(h.fx.openLink).toHaveBeenLastCalledWith('https://mail.google.com');
    },
  },
});

describe('check mail screen', () => {
  it('offers no mail button without a usable address, and links back to login', async () => {
    const { router } = await mount('');
    expect(screen.queryByRole('button', { name: 'Open mail' })).toBeNull();
    expect(isShown(screen.getByText('We sent you a confirmation link. Follow it to finish signing up.')), 'shown').toBe(
      true,
    );
    await userEvent.setup().click(screen.getByRole('link', { name: 'Back to login' }));
    expect(router.state.location.pathname).toBe('/auth/login/email');
  });
});
