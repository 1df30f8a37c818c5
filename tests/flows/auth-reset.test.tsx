import { screen } from '@testing-library/react';
import { createActor } from 'xstate';
import { resetMachine } from '../../machines/reset.machine';
import { ResetScreen } from '../../src/features/auth/ResetScreen';
import { resetActions } from '../../src/features/auth/wiring';
import { describeModel } from '../support/mbt';
import { renderInRouter } from '../support/router';
import { fakeEffects, input, submitButton, typeInto } from '../support/authScreens';

const GENERIC = 'Something went wrong...';
const HINT = 'The password must be 8 to 128 characters long.';
const CHANGED = 'Your password has been changed. Log in with the new one.';
const tooShort = {
  status: 400,
  code: 'VALIDATION_ERROR',
  message: 'password must NOT have fewer than 8 characters',
  field: 'password',
};
const expired = {
  status: 400,
  code: 'RESET_CODE_INVALID',
  message: 'Reset code is expired',
  field: 'confirmationCode',
};
const save = () => submitButton(/Save password$/);

describeModel('reset', {
  machine: resetMachine,
  input: { code: 'code-123' },
  events: {
    editing: [
      { type: 'password.changed', value: 'new-password-1' },
      { type: 'password.changed', value: '' },
      { type: 'password.changed', value: ' ' },
      { type: 'visibility.toggled' },
      { type: 'form.submitted' },
    ],
    saving: [
      { type: 'xstate.done.actor.confirmReset' },
      { type: 'xstate.error.actor.confirmReset', error: tooShort },
      { type: 'xstate.error.actor.confirmReset', error: expired },
      { type: 'visibility.toggled' },
    ],
  },
  keepIgnored: (s, e) => e.type === 'form.submitted' && s.context.error === null && !s.context.passwordShown,
  classify: (s) => (s.context.error ? 'passwordError' : 'none'),
  mount: async ({ fakes }) => {
    const fx = fakeEffects();
    const machine = resetMachine.provide({
      actors: { confirmReset: fakes.promise('confirmReset') },
      actions: resetActions(fx),
    });
    const actor = createActor(machine, { input: { code: 'code-123' } }).start();
    await renderInRouter(<ResetScreen actorRef={actor} />, { path: '/auth/forgot/code-123' });
    return { actor, fx };
  },
  drive: {
    'password.changed': (e, h) => typeInto(h.user, input('New password'), e.value),
    'visibility.toggled': (_e, h) => h.user.click(screen.getByRole('button', { name: /show|hide/i })),
    'form.submitted': (_e, h) => h.user.type(input('New password'), '{Enter}'),
  },
  states: {
    '*': (_h, s) => {
      expect(input('New password').value).toBe(s.context.password);
      expect(input('New password').type).toBe(s.context.passwordShown ? 'text' : 'password');
    },
    editing: (h, s, { history }) => {
      expect(save().disabled).toBe(s.context.password === '');
      expect(screen.queryAllByRole('alert').map((a) => a.textContent)).toEqual(s.context.error ? [HINT] : []);
      const toasts = history.filter(
        (e) => e.type === 'xstate.error.actor.confirmReset' && (e as unknown as { error: unknown }).error === expired,
      ).length;
      expect(h.fx.toast).toHaveBeenCalledTimes(toasts);
      if (toasts) expect(h.fx.toast).toHaveBeenLastCalledWith({ kind: 'error', message: GENERIC });
      expect(h.fx.navigate).not.toHaveBeenCalled();
    },
    saving: (h, s) => {
      expect(save().disabled).toBe(true);
      expect(save().getAttribute('aria-busy')).toBe('true');
      expect(h.fakes.calls('confirmReset').at(-1)).toEqual({
        password: s.context.password,
        confirmationCode: 'code-123',
      });
    },
    changed: (h) => {
      expect(h.fx.toast).toHaveBeenLastCalledWith({ kind: 'success', message: CHANGED });
      expect(h.fx.navigate).toHaveBeenCalledWith({ to: '/auth/login/email' });
      // Locked until the login page opens: the used code is not sent twice.
      expect(save().disabled).toBe(true);
      expect(save().getAttribute('aria-busy')).toBe('true');
    },
  },
});
