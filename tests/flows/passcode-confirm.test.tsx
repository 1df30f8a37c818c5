/**
 * The money flows' passcode step (send, swap, sell): typed input (the request and whether biometric
 * unlock is offered), the keypad or the biometric token, then the flow's request with the code.
 * B2C_USM0031 clears the entry with the tries left once two are left; B2C_USM0030 locks the keypad
 * with the countdown actor; B2C_USM0032 explains the block; other failures show the server's message
 * and are told to the flow; success outputs the request's answer.
 */
import { act, screen } from '@testing-library/react';
import { createActor, fromPromise } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import { passcodeConfirmMachine, type ConfirmInput } from '../../machines/passcodeConfirm.machine';
import { PASSCODE_DELAY_MS } from '../../machines/shared/passcode';
import { PasscodeConfirmScreen } from '../../src/features/passcode';
import { describeModel, settle, type MountTools } from '../support/mbt';
import { renderWithProviders } from '../support/render';
import {
  alertText,
  enterCode,
  filledDots,
  gatewayError,
  key,
  padDisabled,
  padEnabled,
  tapAndUndo,
  triesLeftText,
} from './passcode-support';
import { isEnabled, isShown, says } from '../support/dom';

const REQUEST = { orderId: 'order-1', idempotencyKey: 'key-1' };
const errors = {
  wrong: gatewayError('B2C_USM0031', 'Wrong pin code'),
  wrongTwoLeft: gatewayError('B2C_USM0031', 'Incorrect passcode', { attemptsLeft: 2 }),
  wait: gatewayError('B2C_USM0030', 'Too many wrong passcodes: try again in 2 s', { waitSeconds: 2 }),
  blocked: gatewayError('B2C_USM0032', 'Passcode blocked'),
  server: gatewayError('NOT_ENOUGH_FUNDS', 'Not enough funds'),
  network: new TypeError('Failed to fetch'),
};
const texts = {
  wrong: 'Incorrect passcode. Please try again.',
  wait: 'Too many wrong attempts. Please wait before entering the passcode again.',
  blocked: 'Your passcode is blocked after too many wrong attempts.',
};

function mount({ fakes }: Pick<MountTools, 'fakes'>, input: ConfirmInput<unknown>) {
  const haptics: string[] = [];
  const failed: string[] = [];
  const actor = createActor(
    passcodeConfirmMachine.provide({
      actors: { authorise: fakes.promise('authorise'), unlockWithBiometrics: fakes.promise('unlockWithBiometrics') },
      actions: {
        haptic: (_, params) => void haptics.push(params.kind),
        notifyFailed: (_, { failure }) => void failed.push(failure.code),
      },
    }),
    { input },
  ).start();
  renderWithProviders(<PasscodeConfirmScreen actorRef={actor} title="Confirm with your passcode" />);
  return { actor, haptics, failed };
}

describeModel('passcodeConfirm', {
  machine: passcodeConfirmMachine,
  input: { request: REQUEST, biometrics: true },
  events: {
    unlocking: [
      { type: 'xstate.done.actor.unlockWithBiometrics', output: '4321' },
      { type: 'xstate.done.actor.unlockWithBiometrics', output: null },
      { type: 'xstate.error.actor.unlockWithBiometrics', error: new Error('Biometrics unavailable') },
    ],
    'pad.typing': [
      { type: 'passcode.entered', code: '1234' },
      { type: 'biometrics.requested' },
      { type: 'keypad.tapped' },
    ],
    'pad.submitting': [
      { type: 'xstate.done.actor.authorise', output: { id: 'tx-1', state: 'IN_PROGRESS' } },
      { type: 'xstate.error.actor.authorise', error: errors.wrong },
      { type: 'xstate.error.actor.authorise', error: errors.wrongTwoLeft },
      { type: 'xstate.error.actor.authorise', error: errors.wait },
      { type: 'xstate.error.actor.authorise', error: errors.blocked },
      { type: 'xstate.error.actor.authorise', error: errors.server },
      { type: 'xstate.error.actor.authorise', error: errors.network },
    ],
    waiting: [{ type: 'xstate.done.actor.countdown' }],
  },
  classify: (s) => {
    const error = s.context.error;
    return error?.kind === 'wrong' ? `wrong:${error.attemptsLeft ?? '?'}` : (error?.kind ?? 'none');
  },
  fakeTimers: true,
  delays: { PASSCODE_DELAY: PASSCODE_DELAY_MS },
  mount: (tools) => mount(tools, { request: REQUEST, biometrics: true }),
  drive: {
    'passcode.entered': (e, h) => enterCode(h.user, e.code),
    'biometrics.requested': (_e, h) => h.user.click(screen.getByRole('button', { name: 'Use biometrics' })),
    'keypad.tapped': (_e, h) => tapAndUndo(h.user),
    // The server's wait (2 s) runs out on the countdown child.
    'xstate.done.actor.countdown': () => act(() => void vi.advanceTimersByTime(2000)),
  },
  states: {
    '*': () => {
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Confirm with your passcode');
    },
    unlocking: (h) => {
      expect(screen.getAllByRole('status').map(says), 'busy indicators').toEqual(['Checking the passcode']);
      expect(padDisabled()).toBe(true);
      expect(h.fakes.calls('unlockWithBiometrics').length).toBeGreaterThan(0);
    },
    'pad.typing': (h, s, { event }) => {
      expect(padEnabled()).toBe(true);
      expect(filledDots()).toBe(0);
      // The biometric key is the keypad's own, left of 0 (the thumb zone), to ask again after a cancel.
      const keys = Array.from(screen.getByRole('group', { name: 'Passcode keypad' }).querySelectorAll('button'));
      expect(keys.map(says).slice(-3)).toEqual(['Use biometrics', '0', 'Delete last digit']);
      expect(isEnabled(screen.getByRole('button', { name: 'Use biometrics' })), 'enabled').toBe(true);
      const error = s.context.error;
      if (!error) expect(isShown(screen.getByText('Enter your 4-digit passcode')), 'shown').toBe(true);
      if (error?.kind === 'wrong') {
        expect(screen.getByRole('alert').textContent).toContain(texts.wrong);
        expect(triesLeftText()).toBe(error.attemptsLeft === 2 ? '2 tries left before a short wait' : null);
      } else expect(triesLeftText()).toBeNull();
      // A failure that is not the passcode's shows on the keypad and is the flow's to tell (a toast).
      if (error?.kind === 'server') {
        expect(alertText()).toBe(error.message || 'Something went wrong...');
        expect(h.failed.at(-1)).toBe(error.code);
      } else if (event?.type === 'xstate.error.actor.authorise') expect(h.failed).toEqual([]);
      if (event?.type === 'xstate.error.actor.authorise') expect(h.haptics.at(-1)).toBe('error');
      if (event?.type === 'keypad.tapped') expect(h.haptics.slice(-2)).toEqual(['tap', 'tap']);
      if (event?.type === 'xstate.done.actor.countdown') {
        expect(screen.queryByRole('timer')).toBeNull();
        expect(alertText()).toBeNull();
      }
    },
    'pad.submitting': (h, s) => {
      expect(padDisabled()).toBe(true);
      expect(screen.getAllByRole('status').map(says), 'busy indicators').toEqual(['Checking the passcode']);
      // The flow's request, as typed input, with the code entered or the biometric token.
      expect(h.fakes.calls('authorise').at(-1)).toEqual({ request: REQUEST, code: s.context.code });
      expect(filledDots()).toBe(s.context.code === '1234' ? 4 : 0);
    },
    waiting: () => {
      expect(padDisabled()).toBe(true);
      expect(isShown(screen.getByText(texts.wait)), 'shown').toBe(true);
      expect(screen.getByRole('timer').textContent).toBe('00:02');
    },
    blocked: (h) => {
      const alert = screen.getByRole('alert');
      expect(alert.textContent).toContain(texts.blocked);
      expect(alert.textContent).toContain('reset your password');
      expect(screen.queryByRole('button', { name: '1' })).toBeNull();
      expect(h.haptics.at(-1)).toBe('error');
    },
    authorised: (h, _s, { event }) => {
      const expected = event?.type === 'xstate.done.actor.authorise' ? (event as { output?: unknown }).output : null;
      expect(h.actor.getSnapshot().output).toEqual(expected);
      expect(h.haptics.at(-1)).toBe('success');
      expect(padDisabled()).toBe(true);
    },
  },
});

describe('passcode confirm without biometrics', () => {
  it('offers no biometrics, authorises the request with the typed code and outputs the answer', async () => {
    vi.useFakeTimers();
    const calls: unknown[] = [];
    const actor = createActor(
      passcodeConfirmMachine.provide({
        actors: {
          authorise: fromPromise<unknown, { request: unknown; code: string }>(async ({ input }) => {
            calls.push(input);
            return { id: 'tx-9' };
          }),
        },
      }),
      { input: { request: REQUEST, biometrics: false } },
    ).start();
    renderWithProviders(<PasscodeConfirmScreen actorRef={actor} title="Confirm" />);
    expect(screen.queryByRole('button', { name: 'Use biometrics' })).toBeNull();
    actor.send({ type: 'biometrics.requested' });
    expect(actor.getSnapshot().value).toEqual({ pad: 'typing' });
    for (const d of '0000') await act(async () => key(d).click());
    await act(async () => vi.advanceTimersByTime(PASSCODE_DELAY_MS));
    await settle();
    expect(calls).toEqual([{ request: REQUEST, code: '0000' }]);
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ id: 'tx-9' });
  });
});
