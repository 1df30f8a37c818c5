import { screen } from '@testing-library/react';
import { createActor } from 'xstate';
import { forgotMachine } from '../../machines/forgot.machine';
import { ForgotScreen } from '../../src/features/auth/ForgotScreen';
import { forgotActions } from '../../src/features/auth/wiring';
import { describeModel } from '../support/mbt';
import { renderInRouter } from '../support/router';
import { fakeEffects, input, submitButton, typeInto } from '../support/authScreens';
import { text } from '../support/dom';

const GENERIC = 'Something went wrong...';
const send = () => submitButton(/Send reset link$/);

describeModel('forgot', {
  machine: forgotMachine,
  events: {
    editing: [
      { type: 'email.changed', value: 'user@example.com' },
      { type: 'email.changed', value: '' },
      { type: 'email.changed', value: '  ' },
      { type: 'form.submitted' },
    ],
    sending: [
      { type: 'xstate.done.actor.requestReset' },
      {
        type: 'xstate.error.actor.requestReset',
        error: { status: 500, code: 'INTERNAL_ERROR', message: 'Something went wrong' },
      },
      { type: 'form.submitted' },
    ],
  },
  keepIgnored: (_s, e) => e.type === 'form.submitted',
  mount: async ({ fakes }) => {
    const fx = fakeEffects();
    const actor = createActor(
      forgotMachine.provide({ actors: { requestReset: fakes.promise('requestReset') }, actions: forgotActions(fx) }),
    ).start();
    await renderInRouter(<ForgotScreen actorRef={actor} />, { path: '/auth/forgot' });
    return { actor, fx };
  },
  drive: {
    'email.changed': (e, h) => typeInto(h.user, input('E-mail'), e.value),
    'form.submitted': (_e, h) => h.user.type(input('E-mail'), '{Enter}'),
  },
  states: {
    '*': (_h, s) => {
      expect(text(screen.getByRole('heading', { name: 'Forgot password?' })), 'heading').toBe('Forgot password?');
      expect(input('E-mail').value).toBe(s.context.email);
    },
    editing: (h, s, { history }) => {
      expect(send().disabled).toBe(s.context.email.trim() === '');
      expect(input('E-mail').readOnly).toBe(false);
      const failures = history.filter((e) => e.type === 'xstate.error.actor.requestReset').length;
      expect(h.fx.toast).toHaveBeenCalledTimes(failures);
      if (failures) expect(h.fx.toast).toHaveBeenLastCalledWith({ kind: 'error', message: GENERIC });
      expect(h.fx.navigate).not.toHaveBeenCalled();
    },
    sending: (h, s) => {
      expect(send().disabled).toBe(true);
      expect(send().getAttribute('aria-busy')).toBe('true');
      expect(h.fakes.calls('requestReset').at(-1)).toEqual({ email: s.context.email.trim() });
    },
    sent: (h) => {
      expect(h.fx.navigate).toHaveBeenCalledWith({ to: '/auth/forgot-success' });
      // Locked until the next screen opens: no second request.
      expect(send().disabled).toBe(true);
      expect(send().getAttribute('aria-busy')).toBe('true');
    },
  },
});
