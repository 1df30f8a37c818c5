/**
 * Telegram recovery of a blocked passcode (docs/guide.md "Passcode recovery"): outside Telegram it says where
 * to go; a launch too old for the gateway asks for a reopen (and closes the app); otherwise a new code
 * twice (APP_0001 on a mismatch), the gateway's answer, and the reset hold's end on the success screen.
 */
import { act, screen } from '@testing-library/react';
import { i18n } from '@lingui/core';
import { createActor } from 'xstate';
import { FRESH_INIT_DATA_SECONDS, passcodeRecoveryMachine } from '../../machines/passcodeRecovery.machine';
import { PASSCODE_DELAY_MS } from '../../machines/shared/passcode';
import { PasscodeRecoveryScreen } from '../../src/features/protection/PasscodeRecoveryScreen';
import { describeModel } from '../support/mbt';
import { renderInRouter } from '../support/router';
import {
  alertText,
  enterCode,
  filledDots,
  gatewayError,
  padDisabled,
  padEnabled,
  tapAndUndo,
} from './passcode-support';
import { isShown, says, storedKeys } from '../support/dom';

const HOLD_UNTIL = '2030-01-01T10:00:00.000Z';
const heading = () => screen.queryByRole('heading', { level: 1 })?.textContent ?? null;
const shown = (iso: string) =>
  new Date(iso).toLocaleString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
const stale = gatewayError(
  'TG_RECOVERY_STALE',
  'The Telegram init data is too old: reopen the Mini App from Telegram and try again',
  { status: 403 },
);
const notLinked = gatewayError('TG_RECOVERY_NOT_LINKED', 'This Telegram account is not the one linked to your wallet', {
  status: 403,
});

type Notes = { notes: string[]; haptics: string[] };

async function mountRecovery(
  fakes: { promise: (id: string) => never },
  canClose = true,
): Promise<Notes & { actor: ReturnType<typeof createActor<typeof passcodeRecoveryMachine>> }> {
  const notes: string[] = [];
  const haptics: string[] = [];
  const actor = createActor(
    passcodeRecoveryMachine.provide({
      actors: { readLaunch: fakes.promise('readLaunch'), recoverPasscode: fakes.promise('recoverPasscode') },
      actions: {
        passcodeReset: (_, p) => void notes.push(`reset ${p.holdUntil}`),
        closeApp: () => void notes.push('closed'),
        goHome: () => void notes.push('home'),
        haptic: (_, p) => void haptics.push(p.kind),
      },
    }),
  ).start();
  await renderInRouter(<PasscodeRecoveryScreen actorRef={actor} canClose={canClose} />, {
    path: '/settings/wallet-protection/recover',
  });
  return { actor, notes, haptics };
}

describeModel('passcodeRecovery', {
  machine: passcodeRecoveryMachine,
  events: {
    opening: [
      { type: 'xstate.done.actor.readLaunch', output: { initDataAgeSeconds: 30 } },
      { type: 'xstate.done.actor.readLaunch', output: { initDataAgeSeconds: FRESH_INIT_DATA_SECONDS } },
      { type: 'xstate.done.actor.readLaunch', output: { initDataAgeSeconds: FRESH_INIT_DATA_SECONDS + 1 } },
      { type: 'xstate.done.actor.readLaunch', output: { initDataAgeSeconds: null } },
      { type: 'xstate.error.actor.readLaunch', error: new Error('no launch params') },
    ],
    intro: [{ type: 'recovery.started' }],
    enter: [{ type: 'passcode.entered', code: '1234' }, { type: 'keypad.tapped' }],
    confirm: [
      { type: 'passcode.entered', code: '1234' },
      { type: 'passcode.entered', code: '4321' },
    ],
    saving: [
      { type: 'xstate.done.actor.recoverPasscode', output: { holdUntil: HOLD_UNTIL } },
      { type: 'xstate.error.actor.recoverPasscode', error: stale },
      { type: 'xstate.error.actor.recoverPasscode', error: notLinked },
    ],
    stale: [{ type: 'app.closed' }],
    recovered: [{ type: 'recovery.finished' }],
  },
  classify: (s) => s.context.error?.kind ?? 'none',
  fakeTimers: true,
  delays: { PASSCODE_DELAY: PASSCODE_DELAY_MS },
  mount: async ({ fakes }) => {
    return mountRecovery(fakes as never);
  },
  drive: {
    'recovery.started': (_e, h) => h.user.click(screen.getByRole('button', { name: 'Choose a new passcode' })),
    'passcode.entered': (e, h) => enterCode(h.user, e.code),
    'keypad.tapped': (_e, h) => tapAndUndo(h.user),
    'app.closed': (_e, h) => h.user.click(screen.getByRole('button', { name: 'Close the wallet' })),
    'recovery.finished': (_e, h) => h.user.click(screen.getByRole('button', { name: 'Done' })),
  },
  states: {
    '*': (_h, s) => {
      // The codes are never stored, and forgotten once sent.
      expect(storedKeys(window.localStorage), 'nothing stored').toEqual([]);
      expect(JSON.stringify(s.context)).not.toMatch(/4321/);
    },
    opening: () => {
      expect(heading()).toBe('Reset passcode');
      expect(screen.getAllByRole('status').map(says), 'busy indicators').toEqual(['Loading']);
      expect(screen.queryByTestId('pin-dots')).toBeNull();
    },
    unavailable: () => {
      expect(heading()).toBe('Open the wallet in Telegram');
      expect(isShown(screen.getByText(/open the wallet from the Telegram bot/)), 'shown').toBe(true);
      expect(screen.queryByTestId('pin-dots')).toBeNull();
    },
    intro: (h) => {
      expect(heading()).toBe('Reset passcode with Telegram');
      expect(isShown(screen.getByText(/sending, swapping and selling stay off for a while/)), 'shown').toBe(true);
      expect(screen.queryByTestId('pin-dots')).toBeNull();
      expect(h.fakes.calls('recoverPasscode')).toEqual([]);
    },
    enter: (h, s, { event }) => {
      expect(heading()).toBe('New passcode');
      expect(padEnabled()).toBe(true);
      expect(filledDots()).toBe(0);
      const error = s.context.error;
      if (error?.kind === 'mismatch') {
        expect(alertText()).toBe('Pin codes do not match');
        if (event?.type === 'passcode.entered') expect(h.haptics.at(-1)).toBe('error');
      } else if (error?.kind === 'server') {
        expect(alertText()).toBe('This Telegram account is not the one linked to your wallet');
        if (event?.type === 'xstate.error.actor.recoverPasscode') expect(h.haptics.at(-1)).toBe('error');
      } else {
        expect(alertText()).toBeNull();
        expect(isShown(screen.getByText('Choose 4 digits you will remember')), 'shown').toBe(true);
      }
      if (event?.type === 'keypad.tapped') expect(h.haptics.slice(-2)).toEqual(['tap', 'tap']);
    },
    confirm: () => {
      expect(heading()).toBe('Repeat the new passcode');
      expect(padEnabled()).toBe(true);
      expect(isShown(screen.getByText('Enter the same 4 digits again')), 'shown').toBe(true);
    },
    saving: (h) => {
      expect(padDisabled()).toBe(true);
      expect(screen.getAllByRole('status').map(says), 'busy indicators').toEqual(['Saving the passcode']);
      expect(h.fakes.calls('recoverPasscode').at(-1)).toEqual({ code: '1234' });
    },
    stale: (h, _s, { history }) => {
      expect(heading()).toBe('Reopen the wallet');
      expect(isShown(screen.getByText(/Telegram's confirmation is too old/)), 'shown').toBe(true);
      expect(screen.queryByTestId('pin-dots')).toBeNull();
      const closes = history.filter((e) => e.type === 'app.closed').length;
      expect(h.notes.filter((n) => n === 'closed')).toHaveLength(closes);
      expect(h.notes.some((n) => n.startsWith('reset'))).toBe(false);
    },
    recovered: (h) => {
      expect(heading()).toBe('New passcode set');
      expect(screen.getByTestId('recovered-hold').textContent).toBe(
        `For your safety, money can't leave your account until ${shown(HOLD_UNTIL)}.`,
      );
      expect(h.notes).toEqual([`reset ${HOLD_UNTIL}`]);
      expect(h.haptics.at(-1)).toBe('success');
    },
    finished: (h) => {
      expect(h.notes).toEqual([`reset ${HOLD_UNTIL}`, 'home']);
      expect(heading()).toBe('New passcode set');
    },
  },
});

describe('passcode recovery in Russian', () => {
  it('explains the hold with a Russian date and time', async () => {
    vi.useFakeTimers();
    const { messages } = (await import('../../locales/ru/messages.po?lingui')) as { messages: Record<string, string> };
    i18n.load('ru', messages);
    act(() => i18n.activate('ru'));
    onTestFinished(() => act(() => i18n.activate('en')));
    const { createDeferredActors } = await import('../support/mbt');
    const fakes = createDeferredActors();
    const userEvent = (await import('@testing-library/user-event')).default;
    const user = userEvent.setup({ delay: null, advanceTimers: vi.advanceTimersByTime });
    const h = await mountRecovery(fakes as never, false);
    await act(async () => fakes.resolve('readLaunch', { initDataAgeSeconds: 10 }));
    expect(heading()).toBe('Сбросить код-пароль через Telegram');
    await user.click(screen.getByRole('button', { name: 'Выбрать новый код-пароль' }));
    await enterCode(user, '2468');
    await enterCode(user, '2468');
    await act(async () => fakes.resolve('recoverPasscode', { holdUntil: HOLD_UNTIL }));
    const ru = new Date(HOLD_UNTIL).toLocaleString('ru-RU', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    });
    expect(screen.getByTestId('recovered-hold').textContent).toBe(
      `В целях безопасности деньги не могут покинуть ваш счёт до ${ru}.`,
    );
    expect(h.notes).toEqual([`reset ${HOLD_UNTIL}`]);
  });
});
