/**
 * Settings → Sign out of all devices (issue 20 item 3), driven from the production signOutEverywhere
 * machine on the rendered settings screen: confirmation, busy state, error toast, and on success this
 * device's session ends (login outside the messenger; inside, the init data signs in again, once).
 */
import { act, screen, within } from '@testing-library/react';
import { i18n } from '@lingui/core';
import { onTestFinished } from 'vitest';
import { fromPromise } from 'xstate';
import { signOutEverywhereMachine } from '../../machines/signOutEverywhere.machine';
import type { UserProfile } from '../../src/api/userProfile';
import { describeModel, settle } from '../support/mbt';
import { captureLiveActor } from '../support/liveActor';
import { makeUser, mountApp, pathname, type MountedApp } from './app/harness';
import { isEnabled, isShown, text } from '../support/dom';

/** A gateway call the test answers: the oldest pending call first. */
function deferredCalls<T>() {
  const pending: Array<{ resolve: (v: T) => void; reject: (e: unknown) => void }> = [];
  let made = 0;
  return {
    fn: () => {
      made += 1;
      return new Promise<T>((resolve, reject) => void pending.push({ resolve, reject }));
    },
    resolve: (v: T) => act(async () => pending.shift()!.resolve(v)),
    reject: (e: unknown) => act(async () => pending.shift()!.reject(e)),
    get pending() {
      return pending.length;
    },
    get made() {
      return made;
    },
  };
}

const profile: UserProfile = {
  id: 'user-1',
  email: 'profile@example.com',
  accounts: [{ id: 'acc-1', name: 'Account', language: 'ENG', defaultFiatCurrency: 'USD' }],
  pinCodeActive: false,
};
const offline = { status: 503, code: 'HTTP_503', message: 'offline' };

type Outcome = { type: string; output?: unknown; error?: unknown };
type H = { app: MountedApp; revoke: ReturnType<typeof deferredCalls<{ revoked: number }>> };

const rowButton = () => screen.getByRole('button', { name: 'Sign out of all devices' });
const dialog = () => screen.getByRole('alertdialog', { name: 'Sign out of all devices?' });
const confirmButton = () => within(dialog()).getByRole('button', { name: 'Sign out everywhere' });
const cancelButton = () => within(dialog()).getByRole('button', { name: 'Cancel' });
const lastToast = (h: H) => h.app.toasts.at(-1);

describeModel('signOutEverywhere', {
  machine: signOutEverywhereMachine,
  events: {
    idle: [{ type: 'signOutEverywhere.requested' }],
    confirming: [{ type: 'signOutEverywhere.confirmed' }, { type: 'signOutEverywhere.cancelled' }],
    revoking: [
      { type: 'xstate.done.actor.revokeSessions', output: { revoked: 3 } },
      { type: 'xstate.error.actor.revokeSessions', error: offline },
    ],
  },
  fakeTimers: true,
  mount: async () => {
    const revoke = deferredCalls<{ revoked: number }>();
    const actor = captureLiveActor(signOutEverywhereMachine);
    const app = mountApp({
      path: '/settings',
      signedIn: makeUser(),
      loadProfile: async () => profile,
      api: { sessions: { revokeAll: revoke.fn } },
    });
    await settle();
    return { app, revoke, actor };
  },
  drive: {
    'signOutEverywhere.requested': (_e, h) => h.user.click(rowButton()),
    'signOutEverywhere.confirmed': (_e, h) => h.user.click(confirmButton()),
    // Keyboard: Escape inside the confirmation cancels it.
    'signOutEverywhere.cancelled': (_e, h) => h.user.keyboard('{Escape}'),
    'xstate.done.actor.revokeSessions': (e: Outcome, h: H) => h.revoke.resolve(e.output as { revoked: number }),
    'xstate.error.actor.revokeSessions': (e: Outcome, h: H) => h.revoke.reject(e.error),
  },
  states: {
    idle: (h, _s, { event }) => {
      if (event?.type === 'xstate.done.actor.revokeSessions') {
        // This device's grant is gone too: the local session ends and login shows.
        expect(pathname(h.app)).toBe('/auth/login');
        expect(h.app.session.getSnapshot().hasTag('signedOut')).toBe(true);
        expect(h.app.removed.length).toBe(1);
        expect(text(screen.getByRole('heading', { name: 'Welcome to your wallet' })), 'heading').toBe(
          'Welcome to your wallet',
        );
        expect(lastToast(h)).toEqual({ kind: 'success', message: 'Signed out of all devices' });
        return;
      }
      expect(pathname(h.app)).toBe('/settings');
      expect(screen.queryByRole('alertdialog')).toBeNull();
      expect((rowButton() as HTMLButtonElement).disabled).toBe(false);
      expect(rowButton().getAttribute('aria-expanded')).toBe('false');
      expect(h.app.session.getSnapshot().hasTag('signedIn')).toBe(true);
      if (event?.type === 'xstate.error.actor.revokeSessions') {
        expect(lastToast(h)).toEqual({ kind: 'error', message: 'Could not sign out of all devices. Try again.' });
      } else expect(h.app.toasts).toEqual([]);
      // Focus returns to the row once the confirmation closes.
      if (event) expect(document.activeElement).toBe(rowButton());
      expect(h.revoke.pending).toBe(0);
    },
    confirming: (h) => {
      expect(dialog().getAttribute('aria-describedby')).toBeTruthy();
      expect(
        isShown(within(dialog()).getByText('Every device signed in to your wallet is signed out, this one too.')),
        'shown',
      ).toBe(true);
      // Focus moves into the confirmation; nothing is revoked until it is confirmed.
      expect(document.activeElement).toBe(dialog());
      expect((confirmButton() as HTMLButtonElement).disabled).toBe(false);
      expect(rowButton().getAttribute('aria-expanded')).toBe('true');
      expect(h.revoke.made).toBe(0);
    },
    revoking: (h) => {
      expect(confirmButton().getAttribute('aria-busy')).toBe('true');
      expect((confirmButton() as HTMLButtonElement).disabled).toBe(true);
      expect((cancelButton() as HTMLButtonElement).disabled).toBe(true);
      expect(h.revoke.pending).toBe(1);
      expect(pathname(h.app)).toBe('/settings');
    },
  },
});

describe('sign out of all devices inside the messenger', () => {
  /** Settings inside the messenger, where every grant ends with `revoked` and Telegram signs in with `signIn`. */
  const mountInTelegram = (revoked: number, signIn: () => Promise<ReturnType<typeof makeUser>>) =>
    mountApp({
      path: '/settings',
      signedIn: makeUser(),
      isTelegram: true,
      loadProfile: async () => profile,
      api: { sessions: { revokeAll: async () => ({ revoked }) } },
      session: { signInWithInitData: fromPromise(signIn) },
    });

  it('signs in again with the init data once and stays on Settings', async () => {
    let initDataSignIns = 0;
    const app = mountInTelegram(2, async () => {
      initDataSignIns += 1;
      return makeUser({ accessToken: `access-tg-${initDataSignIns}` });
    });
    await settle();
    await act(async () => rowButton().click());
    expect(
      isShown(
        within(dialog()).getByText(
          'Every device signed in to your wallet is signed out, this one too. Telegram then signs you in here again.',
        ),
      ),
      'shown',
    ).toBe(true);
    await act(async () => confirmButton().click());
    await settle();
    expect(initDataSignIns).toBe(1);
    expect(app.session.getSnapshot().matches({ authenticated: 'active' })).toBe(true);
    expect(app.session.getSnapshot().context.user?.accessToken).toBe('access-tg-1');
    expect(pathname(app)).toBe('/settings');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(app.toasts.at(-1)).toEqual({ kind: 'success', message: 'Signed out of all devices' });
    await settle();
    expect(initDataSignIns).toBe(1);
  });

  it('signs out when the init data cannot sign in again (no retry loop)', async () => {
    let initDataSignIns = 0;
    const app = mountInTelegram(1, async () => {
      initDataSignIns += 1;
      throw { code: 'B2C_USM0022', message: 'expired' };
    });
    await settle();
    await act(async () => rowButton().click());
    await act(async () => confirmButton().click());
    await settle();
    expect(initDataSignIns).toBe(1);
    expect(app.session.getSnapshot().hasTag('signedOut')).toBe(true);
  });

  it('reads in Russian', async () => {
    const { messages } = (await import('../../locales/ru/messages.po?lingui')) as { messages: Record<string, string> };
    i18n.load('ru', messages);
    act(() => i18n.activate('ru'));
    onTestFinished(() => act(() => i18n.activate('en')));
    mountApp({
      path: '/settings',
      signedIn: makeUser(),
      preferences: { input: { language: 'RUS', languageChosen: true } },
      loadProfile: async () => profile,
    });
    await settle();
    await act(async () => screen.getByRole('button', { name: 'Выйти на всех устройствах' }).click());
    const ru = screen.getByRole('alertdialog', { name: 'Выйти на всех устройствах?' });
    expect(isShown(within(ru).getByText('Вы выйдете из кошелька на всех устройствах, включая это.')), 'shown').toBe(
      true,
    );
    expect(isEnabled(within(ru).getByRole('button', { name: 'Выйти везде' })), 'enabled').toBe(true);
  });
});
