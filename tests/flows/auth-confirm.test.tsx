import { screen } from '@testing-library/react';
import { createActor } from 'xstate';
import { confirmMachine } from '../../machines/confirm.machine';
import { ConfirmScreen } from '../../src/features/auth/ConfirmScreen';
import { confirmActions } from '../../src/features/auth/wiring';
import { describeModel } from '../support/mbt';
import { renderInRouter } from '../support/router';
import { fakeEffects } from '../support/authScreens';
import { says, text } from '../support/dom';

const CONFIRM_ERROR = "Confirmation code doesn't exists!";
const invalid = {
  status: 400,
  code: 'CONFIRMATION_CODE_INVALID',
  message: "Confirmation code doesn't exist, was used or has expired",
};

describeModel('confirm', {
  machine: confirmMachine,
  input: { code: 'abc' },
  events: {
    confirming: [
      { type: 'xstate.done.actor.confirmEmail' },
      { type: 'xstate.error.actor.confirmEmail', error: invalid },
      { type: 'xstate.error.actor.confirmEmail', error: new TypeError('Failed to fetch') },
    ],
    confirmed: [{ type: 'continue.chosen' }],
  },
  // The error is kept as data only; an Error instance does not survive the JSON comparison.
  compareContext: false,
  mount: async ({ fakes }) => {
    const fx = fakeEffects();
    const machine = confirmMachine.provide({
      actors: { confirmEmail: fakes.promise('confirmEmail') },
      actions: confirmActions(fx),
    });
    const actor = createActor(machine, { input: { code: 'abc' } }).start();
    await renderInRouter(<ConfirmScreen actorRef={actor} />, { path: '/auth/signup/confirm/abc' });
    return { actor, fx };
  },
  drive: {
    'continue.chosen': (_e, h) => h.user.click(screen.getByRole('button', { name: 'Continue' })),
  },
  states: {
    confirming: (h) => {
      expect(text(screen.getByRole('heading', { name: 'Confirming your e-mail…' })), 'heading').toBe(
        'Confirming your e-mail…',
      );
      expect(screen.getAllByRole('status').map(says), 'busy indicators').toEqual(['Loading']);
      expect(document.querySelector('[aria-busy="true"]')).not.toBeNull();
      expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
      expect(h.fakes.calls('confirmEmail')).toEqual([{ confirmationCode: 'abc' }]);
    },
    confirmed: (h) => {
      expect(text(screen.getByRole('heading', { name: 'E-mail confirmed' })), 'heading').toBe('E-mail confirmed');
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Continue' }));
      expect(h.fx.navigate).not.toHaveBeenCalled();
      expect(h.fx.toast).not.toHaveBeenCalled();
    },
    continuing: (h) => {
      expect(h.fx.navigate).toHaveBeenCalledWith({ to: '/auth/login/email' });
      // The confirmation stays on screen while the login page opens.
      expect(text(screen.getByRole('heading', { name: 'E-mail confirmed' })), 'heading').toBe('E-mail confirmed');
    },
    failed: (h) => {
      // Nothing to continue with and nothing pending: the login page takes over.
      expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
      // The screen is no longer marked busy (the scaffold's root carries aria-busy while confirming).
      expect(document.querySelector('[aria-busy="true"]')).toBeNull();
      expect(h.fx.toast).toHaveBeenCalledWith({ kind: 'error', message: CONFIRM_ERROR });
      expect(h.fx.navigate).toHaveBeenCalledWith({ to: '/auth/login' });
    },
  },
});
