/**
 * Spec §4 passcode verify: B2C_USM0031 clears the entry with the wrong-passcode message (haptic
 * error) and, once two or fewer are left, the tries left before a wait (interface 4 `attemptsLeft`); B2C_USM0030 locks the keypad with a live countdown to zero; B2C_USM0032 explains the block
 * and the password reset; other errors show the server's message; success outputs what the caller's
 * submit returned. With biometrics on, "Use biometrics" submits the stored token; a cancel keeps the keypad.
 */
import { screen } from '@testing-library/react';
import { createActor } from 'xstate';
import { passcodeVerifyMachine } from '../../machines/passcodeVerify.machine';
import { PASSCODE_DELAY_MS, TICK_MS } from '../../machines/shared/passcode';
import { PasscodeVerifyScreen } from '../../src/features/passcode';
import { describeModel, settle } from '../support/mbt';
import { renderWithProviders } from '../support/render';
import {
  alertText,
  enterCode,
  fakePasscodeRules,
  filledDots,
  gatewayError,
  key,
  padDisabled,
  padEnabled,
  tapAndUndo,
  triesLeftText,
} from './passcode-support';
import { act } from 'react';
import { isEnabled, isShown, says } from '../support/dom';

const errors = {
  wrong: gatewayError('B2C_USM0031', 'Wrong pin code'),
  wrongThreeLeft: gatewayError('B2C_USM0031', 'Incorrect passcode', { attemptsLeft: 3 }),
  wrongTwoLeft: gatewayError('B2C_USM0031', 'Incorrect passcode', { attemptsLeft: 2 }),
  wrongOneLeft: gatewayError('B2C_USM0031', 'Incorrect passcode', { attemptsLeft: 1 }),
  wait: gatewayError('B2C_USM0030', 'Too many wrong passcodes: try again in 2 s', { waitSeconds: 2 }),
  blocked: gatewayError('B2C_USM0032', 'Passcode blocked'),
  server: gatewayError('B2C_USM0099', 'Passcode service unavailable'),
  network: new TypeError('Failed to fetch'),
};

const texts = {
  wrong: 'Incorrect passcode. Please try again.',
  wait: 'Too many wrong attempts. Please wait before entering the passcode again.',
  blocked: 'Your passcode is blocked after too many wrong attempts.',
};

function mountVerify(fakes: Parameters<Parameters<typeof describeModel>[1]['mount']>[0]['fakes'], biometrics: boolean) {
  const haptics: string[] = [];
  const actor = createActor(
    passcodeVerifyMachine.provide({
      actors: {
        submitPasscode: fakes.promise('submitPasscode'),
        unlockWithBiometrics: fakes.promise('unlockWithBiometrics'),
      },
      actions: { haptic: (_, params) => void haptics.push(params.kind) },
      guards: { biometricsOn: () => biometrics },
    }),
  ).start();
  renderWithProviders(<PasscodeVerifyScreen actorRef={actor} title="Enter passcode" />);
  return { actor, haptics };
}

describeModel('passcodeVerify', {
  // The model offers biometrics (faceIdEnabled), as the live screens do when the flag is on.
  machine: passcodeVerifyMachine.provide({ guards: { biometricsOn: () => true } }),
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
      { type: 'xstate.done.actor.submitPasscode', output: { authorised: true } },
      { type: 'xstate.error.actor.submitPasscode', error: errors.wrong },
      { type: 'xstate.error.actor.submitPasscode', error: errors.wrongThreeLeft },
      { type: 'xstate.error.actor.submitPasscode', error: errors.wrongTwoLeft },
      { type: 'xstate.error.actor.submitPasscode', error: errors.wrongOneLeft },
      { type: 'xstate.error.actor.submitPasscode', error: errors.wait },
      { type: 'xstate.error.actor.submitPasscode', error: errors.blocked },
      { type: 'xstate.error.actor.submitPasscode', error: errors.server },
      { type: 'xstate.error.actor.submitPasscode', error: errors.network },
    ],
    waiting: [{ type: 'xstate.after.TICK.passcodeVerify.waiting' }],
  },
  classify: (s) => {
    const error = s.context.error;
    return error?.kind === 'wrong' ? `wrong:${error.attemptsLeft ?? '?'}` : (error?.kind ?? 'none');
  },
  fakeTimers: true,
  delays: { TICK: TICK_MS, PASSCODE_DELAY: PASSCODE_DELAY_MS },
  mount: ({ fakes }) => mountVerify(fakes, true),
  drive: {
    'passcode.entered': (e, h) => enterCode(h.user, e.code),
    'biometrics.requested': (_e, h) => h.user.click(screen.getByRole('button', { name: 'Use biometrics' })),
    'keypad.tapped': (_e, h) => tapAndUndo(h.user),
  },
  states: {
    '*': () => {
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Enter passcode');
    },
    unlocking: (h) => {
      expect(screen.getAllByRole('status').map(says), 'busy indicators').toEqual(['Checking the passcode']);
      expect(padDisabled()).toBe(true);
      expect(h.fakes.calls('unlockWithBiometrics').length).toBeGreaterThan(0);
    },
    'pad.typing': (h, s, { event }) => {
      expect(padEnabled()).toBe(true);
      expect(filledDots()).toBe(0);
      expect(isEnabled(screen.getByRole('button', { name: 'Use biometrics' })), 'enabled').toBe(true);
      const error = s.context.error;
      if (!error) expect(isShown(screen.getByText('Enter your 4-digit passcode')), 'shown').toBe(true);
      if (error?.kind === 'wrong') {
        expect(screen.getByRole('alert').textContent).toContain(texts.wrong);
        // The warning shows once two or fewer tries are left before a wait, never without the count.
        const left = error.attemptsLeft;
        expect(triesLeftText()).toBe(
          left === 2 ? '2 tries left before a short wait' : left === 1 ? '1 try left before a short wait' : null,
        );
      } else expect(triesLeftText()).toBeNull();
      if (error?.kind === 'server') {
        expect(alertText()).toBe(error.message || 'Something went wrong...');
      }
      if (event?.type === 'xstate.error.actor.submitPasscode') expect(h.haptics.at(-1)).toBe('error');
      if (event?.type === 'keypad.tapped') expect(h.haptics.slice(-2)).toEqual(['tap', 'tap']);
      if (event?.type === 'xstate.after.TICK.passcodeVerify.waiting') {
        // The countdown reached zero: the keypad is back, without the wait message.
        expect(screen.queryByRole('timer')).toBeNull();
        expect(alertText()).toBeNull();
      }
    },
    'pad.submitting': (h, s) => {
      expect(padDisabled()).toBe(true);
      expect(screen.getAllByRole('status').map(says), 'busy indicators').toEqual(['Checking the passcode']);
      expect(h.fakes.calls('submitPasscode').at(-1)).toEqual({ code: s.context.code });
      // Typed codes stay shown as 4 dots; a biometric token never went through the keypad.
      expect(filledDots()).toBe(s.context.code === '1234' ? 4 : 0);
    },
    waiting: (_h, s) => {
      expect(padDisabled()).toBe(true);
      expect(isShown(screen.getByText(texts.wait)), 'shown').toBe(true);
      expect(screen.getByRole('timer').textContent).toBe(`00:0${s.context.secondsLeft}`);
    },
    blocked: (h) => {
      const alert = screen.getByRole('alert');
      expect(alert.textContent).toContain(texts.blocked);
      expect(alert.textContent).toContain('reset your password');
      expect(screen.queryByRole('button', { name: '1' })).toBeNull();
      expect(h.haptics.at(-1)).toBe('error');
    },
    verified: (h, _s, { event }) => {
      const expected =
        event?.type === 'xstate.done.actor.submitPasscode' ? (event as { output?: unknown }).output : undefined;
      expect(h.actor.getSnapshot().output).toEqual(expected);
      expect(h.haptics.at(-1)).toBe('success');
      expect(padDisabled()).toBe(true);
    },
  },
});

describe('passcode verify without biometrics', () => {
  it('starts on the keypad, without a biometrics button, and submits the typed code', async () => {
    vi.useFakeTimers();
    const calls: string[] = [];
    const actor = createActor(
      passcodeVerifyMachine.provide({
        actors: {
          submitPasscode: (await import('xstate')).fromPromise(async ({ input }: { input: { code: string } }) => {
            calls.push(input.code);
            return 'ok';
          }),
        },
      }),
    ).start();
    const userEvent = (await import('@testing-library/user-event')).default;
    const user = userEvent.setup({ delay: null, advanceTimers: vi.advanceTimersByTime });
    renderWithProviders(<PasscodeVerifyScreen actorRef={actor} title="Enter passcode" />);
    expect(padEnabled()).toBe(true);
    expect(screen.queryByRole('button', { name: 'Use biometrics' })).toBeNull();
    await enterCode(user, '0000');
    await settle();
    expect(calls).toEqual(['0000']);
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toBe('ok');
  });

  it('counts a long lockout down live, minute by minute, and unlocks at zero', async () => {
    vi.useFakeTimers();
    const { fromPromise } = await import('xstate');
    let attempt = 0;
    const actor = createActor(
      passcodeVerifyMachine.provide({
        actors: {
          submitPasscode: fromPromise(async () => {
            attempt += 1;
            if (attempt === 1) throw gatewayError('B2C_USM0030', '', { waitSeconds: 65 });
            return 'ok';
          }),
        },
      }),
    ).start();
    renderWithProviders(<PasscodeVerifyScreen actorRef={actor} title="Enter passcode" />);
    for (const d of '1111') await act(async () => key(d).click());
    await act(async () => vi.advanceTimersByTime(PASSCODE_DELAY_MS));
    await settle();
    expect(screen.getByRole('timer').textContent).toBe('01:05');
    await act(async () => vi.advanceTimersByTime(5 * TICK_MS));
    expect(screen.getByRole('timer').textContent).toBe('01:00');
    await act(async () => vi.advanceTimersByTime(59 * TICK_MS));
    expect(screen.getByRole('timer').textContent).toBe('00:01');
    expect(padDisabled()).toBe(true);
    await act(async () => vi.advanceTimersByTime(TICK_MS));
    expect(screen.queryByRole('timer')).toBeNull();
    expect(padEnabled()).toBe(true);
  });
});

describe('passcode verify against the gateway rules (interface 4)', () => {
  it('warns at two and one tries left, and the fifth wrong code shows the wait at once', async () => {
    vi.useFakeTimers();
    const { fromPromise } = await import('xstate');
    const userEvent = (await import('@testing-library/user-event')).default;
    const user = userEvent.setup({ delay: null, advanceTimers: vi.advanceTimersByTime });
    const actor = createActor(
      passcodeVerifyMachine.provide({ actors: { submitPasscode: fromPromise(fakePasscodeRules('2468')) } }),
    ).start();
    renderWithProviders(<PasscodeVerifyScreen actorRef={actor} title="Enter passcode" />);
    const seen: (string | null)[] = [];
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      await enterCode(user, '1111');
      await settle();
      expect(screen.getByRole('alert').textContent).toContain(texts.wrong);
      expect(padEnabled()).toBe(true);
      seen.push(triesLeftText());
    }
    expect(seen).toEqual([null, null, '2 tries left before a short wait', '1 try left before a short wait']);
    await enterCode(user, '1111');
    await settle();
    // The fifth wrong code: no "Incorrect passcode" first, the countdown straight away.
    expect(actor.getSnapshot().value).toBe('waiting');
    expect(isShown(screen.getByText(texts.wait)), 'shown').toBe(true);
    expect(screen.getByRole('timer').textContent).toBe('01:00');
    expect(screen.queryByText(texts.wrong)).toBeNull();
    expect(padDisabled()).toBe(true);
  }, 20_000);
});
