import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createActor } from 'xstate';
import { loginMachine, type LoginEvent } from '../../machines/login.machine';
import { LoginEmailScreen } from '../../src/features/auth/LoginEmailScreen';
import { loginActions } from '../../src/features/auth/wiring';
import { describeModel } from '../support/mbt';
import { renderInRouter } from '../support/router';
import { fakeEffects, input, submitButton, typeInto } from '../support/authScreens';
import { text } from '../support/dom';

const LOGIN_ERROR = 'Wrong address or password. Please check entered information.';
const RATE_LIMITED = 'Too many attempts in a short time. Please wait a few minutes and try again.';

const editingEvents: LoginEvent[] = [
  { type: 'email.changed', value: 'user@example.com' },
  { type: 'email.changed', value: '' },
  { type: 'email.changed', value: '   ' },
  { type: 'password.changed', value: 'secret-1' },
  { type: 'password.changed', value: '' },
  { type: 'visibility.toggled' },
  { type: 'form.submitted' },
];

describeModel('login', {
  machine: loginMachine,
  events: {
    editing: editingEvents,
    submitting: [
      { type: 'xstate.done.actor.signIn' },
      {
        type: 'xstate.error.actor.signIn',
        error: { error: 'invalid_grant', error_description: 'Invalid credentials' },
      },
      { type: 'xstate.error.actor.signIn', error: { status: 503, code: 'HTTP_503', message: 'Unavailable' } },
      { type: 'xstate.error.actor.signIn', error: { status: 429, code: 'RATE_LIMITED', message: 'Slow down' } },
      { type: 'visibility.toggled' },
      { type: 'form.submitted' },
    ],
  },
  // Pressing Enter with a field missing, or again while busy, must do nothing.
  keepIgnored: (s, e) => e.type === 'form.submitted' && !s.context.passwordShown,
  mount: async ({ fakes }) => {
    const fx = fakeEffects();
    const actor = createActor(
      loginMachine.provide({ actors: { signIn: fakes.promise('signIn') }, actions: loginActions(fx) }),
    ).start();
    await renderInRouter(<LoginEmailScreen actorRef={actor} />, { path: '/auth/login/email' });
    return { actor, fx };
  },
  drive: {
    'email.changed': (e, h) => typeInto(h.user, input('E-mail'), e.value),
    'password.changed': (e, h) => typeInto(h.user, input('Password'), e.value),
    'visibility.toggled': (_e, h) => h.user.click(screen.getByRole('button', { name: /show|hide/i })),
    'form.submitted': (_e, h) => h.user.type(input('Password'), '{Enter}'),
  },
  states: {
    '*': (_h, s) => {
      expect(text(screen.getByRole('heading', { name: 'Log in' })), 'heading').toBe('Log in');
      expect(input('E-mail').value).toBe(s.context.email);
      expect(input('Password').value).toBe(s.context.password);
      expect(input('Password').type).toBe(s.context.passwordShown ? 'text' : 'password');
    },
    editing: (h, s, { history }) => {
      const complete = s.context.email.trim() !== '' && s.context.password !== '';
      expect(submitButton(/Log in$/).disabled).toBe(!complete);
      expect(submitButton(/Log in$/).getAttribute('aria-busy')).toBeNull();
      expect(input('E-mail').readOnly).toBe(false);
      // A refused sign-in is said under the password field, tied to it, never in a toast over Log in.
      expect(h.fx.toast).not.toHaveBeenCalled();
      const failed = s.context.error;
      const password = input('Password');
      if (failed) {
        // Only a refused sign-in leaves an error; typing in either field clears it.
        expect(history.at(-1)?.type).toMatch(/^(xstate\.error\.actor\.signIn|visibility\.toggled)$/);
        const alert = screen.getByRole('alert');
        expect(text(alert)).toBe(failed.kind === 'rateLimited' ? RATE_LIMITED : LOGIN_ERROR);
        expect(password.getAttribute('aria-describedby')).toBe(alert.id);
        expect(password.getAttribute('aria-invalid')).toBe('true');
      }
      if (!failed) {
        expect(screen.queryByRole('alert')).toBeNull();
        expect(password.getAttribute('aria-describedby')).toBeNull();
      }
      expect(h.fx.navigate).not.toHaveBeenCalled();
    },
    submitting: (h, s) => {
      expect(submitButton(/Log in$/).disabled).toBe(true);
      expect(submitButton(/Log in$/).getAttribute('aria-busy')).toBe('true');
      expect(input('E-mail').readOnly).toBe(true);
      expect(h.fakes.calls('signIn').at(-1)).toEqual({ email: s.context.email.trim(), password: s.context.password });
    },
    signedIn: (h) => {
      expect(h.fx.navigate).toHaveBeenCalledWith({ to: '/home' });
      expect(submitButton(/Log in$/).disabled).toBe(true);
    },
  },
});

describe('login screen', () => {
  it('focuses the e-mail field and links to password recovery and sign-up', async () => {
    const actor = createActor(loginMachine).start();
    const { router } = await renderInRouter(<LoginEmailScreen actorRef={actor} />, { path: '/auth/login/email' });
    expect(document.activeElement).toBe(input('E-mail'));
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe('/auth/forgot');
    expect(screen.getByRole('link', { name: /sign up/i }).getAttribute('href')).toBe('/auth/signup');
    await userEvent.setup().click(screen.getByRole('link', { name: 'Forgot password?' }));
    expect(router.state.location.pathname).toBe('/auth/forgot');
  });
});
