import { screen } from '@testing-library/react';
import { createActor } from 'xstate';
import { signupMachine, type SignupEvent } from '../../machines/signup.machine';
import { fieldOf } from '../../machines/shared/errors';
import { SignupEmailScreen } from '../../src/features/auth/SignupEmailScreen';
import { signupActions } from '../../src/features/auth/wiring';
import { describeModel } from '../support/mbt';
import { renderInRouter } from '../support/router';
import { fakeEffects, input, submitButton, typeInto } from '../support/authScreens';

const SIGNUP_ERROR = 'Wrong address or password. Please check entered information.';
const PASSWORD_HINT = 'The password must be 8 to 128 characters long.';
const EMAIL_HINT = 'Enter a valid e-mail address, like name@example.com.';
const TAKEN = 'An account with this e-mail already exists. Log in or use another address.';

const tooShort = {
  status: 400,
  code: 'VALIDATION_ERROR',
  message: 'password must NOT have fewer than 8 characters',
  field: 'password',
};
const badEmail = { status: 400, code: 'VALIDATION_ERROR', message: 'email must match format "email"', field: 'email' };
const taken = {
  status: 409,
  code: 'EMAIL_TAKEN',
  message: 'An account with this e-mail already exists',
  field: 'email',
};
const down = { status: 500, code: 'INTERNAL_ERROR', message: 'Something went wrong' };

const editing: SignupEvent[] = [
  { type: 'email.changed', value: ' new@example.com ' },
  { type: 'email.changed', value: '' },
  { type: 'password.changed', value: 'long-enough-1' },
  { type: 'password.changed', value: '' },
  { type: 'visibility.toggled' },
  { type: 'form.submitted' },
];

const hints = () => screen.queryAllByRole('alert').map((a) => a.textContent);

describeModel('signup', {
  machine: signupMachine,
  events: {
    editing,
    submitting: [
      { type: 'xstate.done.actor.register' },
      { type: 'xstate.error.actor.register', error: tooShort },
      { type: 'xstate.error.actor.register', error: badEmail },
      { type: 'xstate.error.actor.register', error: taken },
      { type: 'xstate.error.actor.register', error: down },
      { type: 'form.submitted' },
    ],
  },
  keepIgnored: (s, e) => e.type === 'form.submitted' && s.context.error === null,
  classify: (s) => (s.context.error ? `${s.context.error.kind}:${fieldOf(s.context.error)}` : 'none'),
  mount: async ({ fakes }) => {
    const fx = fakeEffects();
    const actor = createActor(
      signupMachine.provide({ actors: { register: fakes.promise('register') }, actions: signupActions(fx) }),
    ).start();
    await renderInRouter(<SignupEmailScreen actorRef={actor} />, { path: '/auth/signup/email' });
    return { actor, fx };
  },
  drive: {
    'email.changed': (e, h) => typeInto(h.user, input('E-mail'), e.value),
    'password.changed': (e, h) => typeInto(h.user, input('Password'), e.value),
    'visibility.toggled': (_e, h) => h.user.click(screen.getByRole('button', { name: /show|hide/i })),
    'form.submitted': (_e, h) => h.user.click(submitButton(/Sign up$/)),
  },
  states: {
    '*': (_h, s) => {
      // Nothing typed is lost, whatever the outcome.
      expect(input('E-mail').value).toBe(s.context.email);
      expect(input('Password').value).toBe(s.context.password);
      expect(input('Password').type).toBe(s.context.passwordShown ? 'text' : 'password');
    },
    editing: (h, s, { history }) => {
      const complete = s.context.email.trim() !== '' && s.context.password !== '';
      expect(submitButton(/Sign up$/).disabled).toBe(!complete);
      const expected: string[] = [];
      if (s.context.error?.kind === 'emailTaken') expected.push(TAKEN);
      if (s.context.error?.kind === 'invalidField')
        expected.push(s.context.error.field === 'email' ? EMAIL_HINT : PASSWORD_HINT);
      expect(hints()).toEqual(expected);
      const toasts = history.filter(
        (e) => e.type === 'xstate.error.actor.register' && (e as unknown as { error: unknown }).error === down,
      ).length;
      expect(h.fx.toast).toHaveBeenCalledTimes(toasts);
      if (toasts) expect(h.fx.toast).toHaveBeenLastCalledWith({ kind: 'error', message: SIGNUP_ERROR });
      expect(h.fx.navigate).not.toHaveBeenCalled();
    },
    submitting: (h, s) => {
      expect(submitButton(/Sign up$/).disabled).toBe(true);
      expect(submitButton(/Sign up$/).getAttribute('aria-busy')).toBe('true');
      expect(hints()).toEqual([]);
      expect(h.fakes.calls('register').at(-1)).toEqual({
        email: s.context.email.trim(),
        password: s.context.password,
        accountName: 'Account',
      });
    },
    registered: (h, s) => {
      expect(h.fx.navigate).toHaveBeenCalledWith({
        to: '/auth/signup/email/success',
        search: { email: s.context.email.trim() },
      });
      // Locked until the check-mail screen opens: no second account.
      expect(submitButton(/Sign up$/).disabled).toBe(true);
      expect(submitButton(/Sign up$/).getAttribute('aria-busy')).toBe('true');
    },
  },
});
