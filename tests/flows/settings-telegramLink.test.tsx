/** Settings' messenger-connect toggle (spec §1, §2, §7 /user/tg*), driven from the production telegramLink machine. */
import { act, screen, within } from '@testing-library/react';
import { i18n } from '@lingui/core';
import { onTestFinished, vi } from 'vitest';
import {
  TELEGRAM_LINK_CODE_TTL_MS,
  TELEGRAM_LINK_POLL_MS,
  telegramLinkMachine,
} from '../../machines/telegramLink.machine';
import type { AuthInfo } from '../../src/api/userProfile';
import { describeModel, settle } from '../support/mbt';
import { captureLiveActor } from '../support/liveActor';
import { makeUser, mountApp, type MountedApp } from './app/harness';
import { isEnabled, isShown, text } from '../support/dom';

/** A gateway call the test answers: only the newest call counts (a poll cut short by the code's expiry is dropped). */
function deferredCalls<T>() {
  let pending: Array<{ resolve: (v: T) => void; reject: (e: unknown) => void }> = [];
  let made = 0;
  const take = () => {
    const last = pending.at(-1)!;
    pending = [];
    return last;
  };
  return {
    fn: () => {
      made += 1;
      return new Promise<T>((resolve, reject) => void pending.push({ resolve, reject }));
    },
    resolve: (v: T) => act(async () => take().resolve(v)),
    reject: (e: unknown) => act(async () => take().reject(e)),
    get pending() {
      return pending.length;
    },
    get made() {
      return made;
    },
  };
}

const DEEP_LINK = 'https://t.me/wallet_sandbox_bot?startapp=one-time-code';
const forbidden = {
  status: 409,
  code: 'TG_UNLINK_FORBIDDEN',
  message: 'Add an e-mail and password before unlinking Telegram',
};
const offline = { status: 503, code: 'HTTP_503', message: 'offline' };
const pincodeRequired = {
  status: 403,
  code: 'PINCODE_REQUIRED',
  message: 'A passcode is active: send it in the pincode header',
};
const signInRequired = {
  status: 403,
  code: 'TG_LINK_SIGN_IN_REQUIRED',
  message: 'Linking Telegram needs a recent sign-in or your passcode',
};

type Outcome = { type: string; output?: unknown; error?: unknown };
type H = {
  app: MountedApp;
  auth: ReturnType<typeof deferredCalls<AuthInfo>>;
  code: ReturnType<typeof deferredCalls<{ code: string; expiresAt: string; deepLink: string }>>;
  unlink: ReturnType<typeof deferredCalls<void>>;
  actor: ReturnType<typeof captureLiveActor>;
};

const toggle = () => screen.getByRole('switch', { name: /Connect Telegram/ });
const status = () => screen.getByTestId('telegram-link-status').textContent;
const lastToast = (h: H) => h.app.toasts.at(-1)?.message;
const focusWindow = () => act(async () => void window.dispatchEvent(new Event('focus')));

function expectNoPanels() {
  expect(screen.queryByTestId('telegram-link-panel')).toBeNull();
  expect(screen.queryByRole('alertdialog')).toBeNull();
}

describeModel('telegramLink', {
  machine: telegramLinkMachine,
  events: {
    loading: [
      { type: 'xstate.done.actor.loadLinked', output: false },
      { type: 'xstate.done.actor.loadLinked', output: true },
      { type: 'xstate.error.actor.loadLinked', error: offline },
    ],
    failed: [{ type: 'retried' }],
    unlinked: [{ type: 'toggled.on' }, { type: 'window.focused' }],
    requestingCode: [
      { type: 'xstate.done.actor.createCode', output: { deepLink: DEEP_LINK } },
      { type: 'xstate.error.actor.createCode', error: offline },
      { type: 'xstate.error.actor.createCode', error: pincodeRequired },
      { type: 'xstate.error.actor.createCode', error: signInRequired },
    ],
    passcode: [
      { type: 'xstate.done.actor.passcode', output: { deepLink: DEEP_LINK } },
      { type: 'xstate.error.actor.passcode', error: new Error('passcode step crashed') },
      { type: 'passcode.cancelled' },
    ],
    waiting: [{ type: 'link.cancelled' }, { type: 'xstate.after.CODE_TTL.telegramLink.waiting' }],
    'waiting.idle': [{ type: 'xstate.after.POLL.telegramLink.waiting.idle' }, { type: 'window.focused' }],
    'waiting.checking': [
      { type: 'xstate.done.actor.checkLinked', output: true },
      { type: 'xstate.done.actor.checkLinked', output: false },
      { type: 'xstate.error.actor.checkLinked', error: offline },
    ],
    linked: [{ type: 'toggled.off' }, { type: 'window.focused' }],
    confirmingUnlink: [{ type: 'unlink.confirmed' }, { type: 'unlink.cancelled' }],
    unlinking: [
      { type: 'xstate.done.actor.unlink' },
      { type: 'xstate.error.actor.unlink', error: forbidden },
      { type: 'xstate.error.actor.unlink', error: offline },
    ],
  },
  fakeTimers: true,
  // A passcode learnt from PINCODE_REQUIRED changes what the toggle does next.
  classify: (s) => (s.context.passcodeActive ? 'pin' : ''),
  delays: { POLL: TELEGRAM_LINK_POLL_MS, CODE_TTL: TELEGRAM_LINK_CODE_TTL_MS },
  mount: async () => {
    const auth = deferredCalls<AuthInfo>();
    const code = deferredCalls<{ code: string; expiresAt: string; deepLink: string }>();
    const unlink = deferredCalls<void>();
    const actor = captureLiveActor(telegramLinkMachine);
    // The first GET /user/auth goes out at sign-in for Home's banner (src/app/signedIn.ts) and is answered
    // here; the settings screen's own calls are the ones the model drives.
    let atSignIn = true;
    const getAuthInfo = () => (atSignIn ? ((atSignIn = false), Promise.resolve({ tgAuth: false })) : auth.fn());
    const app = mountApp({
      path: '/settings',
      signedIn: makeUser(),
      api: { user: { getAuthInfo, createTelegramCode: code.fn, unlinkTelegram: unlink.fn } },
    });
    await settle();
    return { app, auth, code, unlink, actor };
  },
  drive: {
    'xstate.done.actor.loadLinked': (e: Outcome, h: H) => h.auth.resolve({ tgAuth: e.output as boolean }),
    'xstate.error.actor.loadLinked': (e: Outcome, h: H) => h.auth.reject(e.error),
    'xstate.done.actor.checkLinked': (e: Outcome, h: H) => h.auth.resolve({ tgAuth: e.output as boolean }),
    'xstate.error.actor.checkLinked': (e: Outcome, h: H) => h.auth.reject(e.error),
    'xstate.done.actor.createCode': (e: Outcome, h: H) =>
      h.code.resolve({
        code: 'one-time-code',
        expiresAt: new Date().toISOString(),
        ...(e.output as { deepLink: string }),
      }),
    'xstate.error.actor.createCode': (e: Outcome, h: H) => h.code.reject(e.error),
    'xstate.done.actor.unlink': (_e: Outcome, h: H) => h.unlink.resolve(),
    'xstate.error.actor.unlink': (e: Outcome, h: H) => h.unlink.reject(e.error),
    // The keypad panel: four digits, then the gateway's answer to the code asked for with them.
    'xstate.done.actor.passcode': async (e: Outcome, h: H & { user: { click(element: Element): Promise<void> } }) => {
      const panel = screen.getByTestId('telegram-link-passcode');
      for (const digit of ['1', '2', '3', '4']) await h.user.click(within(panel).getByRole('button', { name: digit }));
      await act(async () => {
        await vi.advanceTimersByTimeAsync(300);
      });
      await h.code.resolve({
        code: 'one-time-code',
        expiresAt: new Date().toISOString(),
        ...(e.output as { deepLink: string }),
      });
    },
    'xstate.error.actor.passcode': (e: Outcome, h: H) => act(async () => void h.actor()!.send(e as never)),
    'passcode.cancelled': (_e, h) =>
      h.user.click(within(screen.getByTestId('telegram-link-passcode')).getByRole('button', { name: 'Cancel' })),
    retried: (_e, h) => h.user.click(screen.getByRole('button', { name: 'Connect Telegram Retry' })),
    'toggled.on': (_e, h) => h.user.click(toggle()),
    'toggled.off': (_e, h) => h.user.click(toggle()),
    'link.cancelled': (_e, h) =>
      h.user.click(within(screen.getByTestId('telegram-link-panel')).getByRole('button', { name: 'Cancel' })),
    'unlink.confirmed': (_e, h) => h.user.click(screen.getByRole('button', { name: 'Disconnect' })),
    'unlink.cancelled': (_e, h) =>
      h.user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel' })),
    'window.focused': () => focusWindow(),
  },
  states: {
    loading: (h, s) => {
      expect(h.auth.pending).toBe(1);
      expect(toggle().getAttribute('aria-busy')).toBe('true');
      expect((toggle() as HTMLButtonElement).disabled).toBe(true);
      // A refresh on focus keeps showing the last answer; only the first load has none.
      const known = s.context.known as boolean | null;
      expect(status()).toBe(known === null ? '…' : known ? 'Linked' : 'Not linked');
      expect(toggle().getAttribute('aria-checked')).toBe(String(known === true));
      expectNoPanels();
    },
    failed: () => {
      expect(screen.queryByRole('switch', { name: /Connect Telegram/ })).toBeNull();
      expect(isEnabled(screen.getByRole('button', { name: 'Connect Telegram Retry' })), 'enabled').toBe(true);
    },
    unlinked: (h, _s, { event }) => {
      expect(toggle().getAttribute('aria-checked')).toBe('false');
      expect((toggle() as HTMLButtonElement).disabled).toBe(false);
      expect(status()).toBe('Not linked');
      expectNoPanels();
      if (event?.type === 'xstate.error.actor.createCode') {
        expect(lastToast(h)).toBe(
          (event as Outcome).error === signInRequired
            ? 'For your security, sign in again to connect Telegram.'
            : 'Something went wrong...',
        );
      }
      if (event?.type === 'xstate.error.actor.passcode') expect(lastToast(h)).toBe('Something went wrong...');
      if (event?.type === 'xstate.done.actor.unlink') expect(lastToast(h)).toBe('Telegram disconnected');
      if (event?.type.startsWith('xstate.after.CODE_TTL')) expect(lastToast(h)).toBe('The link expired. Try again.');
    },
    requestingCode: (h) => {
      expect(h.code.pending).toBe(1);
      expect(toggle().getAttribute('aria-checked')).toBe('true');
      expect(toggle().getAttribute('aria-busy')).toBe('true');
      expect((toggle() as HTMLButtonElement).disabled).toBe(true);
    },
    passcode: (h) => {
      const panel = screen.getByTestId('telegram-link-passcode');
      expect(
        text(within(panel).getByRole('heading', { name: 'Enter your passcode to connect Telegram' })),
        'heading',
      ).toBe('Enter your passcode to connect Telegram');
      expect(isShown(within(panel).getByRole('group', { name: 'Passcode keypad' })), 'shown').toBe(true);
      expect(toggle().getAttribute('aria-checked')).toBe('true');
      expect((toggle() as HTMLButtonElement).disabled).toBe(true);
      expect(screen.queryByTestId('telegram-link-panel')).toBeNull();
      // Nothing is asked of the gateway before the four digits are in.
      expect(h.code.pending).toBe(0);
    },
    waiting: (h) => {
      const panel = screen.getByTestId('telegram-link-panel');
      expect(text(within(panel).getByRole('heading', { name: 'Finish in Telegram' })), 'heading').toBe(
        'Finish in Telegram',
      );
      expect(within(panel).getByTestId('telegram-deep-link').textContent).toBe(DEEP_LINK);
      expect(within(panel).getByTestId('telegram-link-qr').getAttribute('data-value')).toBe(DEEP_LINK);
      expect(within(panel).getByRole('img', { name: DEEP_LINK }).querySelector('svg')).not.toBeNull();
      // The deep link was opened once, when the code arrived.
      expect(h.app.calls.links.filter((l) => l === DEEP_LINK).length).toBeGreaterThan(0);
      expect(toggle().getAttribute('aria-checked')).toBe('true');
      expect(status()).toBe('Waiting for Telegram');
    },
    'waiting.idle': () => {
      expect((toggle() as HTMLButtonElement).disabled).toBe(true);
      expect(screen.queryByRole('alertdialog')).toBeNull();
    },
    'waiting.checking': (h) => {
      expect(h.auth.pending).toBe(1);
      expect(isShown(screen.getByTestId('telegram-link-panel')), 'shown').toBe(true);
    },
    linked: (h, _s, { event }) => {
      expect(toggle().getAttribute('aria-checked')).toBe('true');
      expect((toggle() as HTMLButtonElement).disabled).toBe(false);
      expect(status()).toBe('Linked');
      expectNoPanels();
      if (event?.type === 'xstate.done.actor.checkLinked') expect(lastToast(h)).toBe('Telegram connected');
      if (event?.type === 'xstate.error.actor.unlink') {
        expect(lastToast(h)).toBe(
          (event as Outcome).error === forbidden
            ? 'Telegram is your only way in: add an e-mail and password first.'
            : 'Something went wrong...',
        );
      }
    },
    confirmingUnlink: (h) => {
      const dialog = screen.getByRole('alertdialog', { name: 'Disconnect Telegram?' });
      expect((within(dialog).getByRole('button', { name: 'Disconnect' }) as HTMLButtonElement).disabled).toBe(false);
      expect(h.unlink.made).toBe(0);
      expect(toggle().getAttribute('aria-checked')).toBe('true');
    },
    unlinking: (h) => {
      const dialog = screen.getByRole('alertdialog', { name: 'Disconnect Telegram?' });
      expect(within(dialog).getByRole('button', { name: 'Disconnect' }).getAttribute('aria-busy')).toBe('true');
      expect((within(dialog).getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true);
      expect(h.unlink.pending).toBe(1);
    },
  },
});

describe('messenger-connect toggle', () => {
  it('is not offered inside the messenger (spec §2)', async () => {
    let asked = 0;
    mountApp({
      path: '/settings',
      signedIn: makeUser(),
      isTelegram: true,
      api: { user: { getAuthInfo: async () => (asked++, { tgAuth: true }) } },
    });
    await settle();
    expect(text(screen.getByRole('heading', { name: 'Settings' })), 'heading').toBe('Settings');
    expect(screen.queryByRole('switch', { name: /Connect Telegram/ })).toBeNull();
    expect(asked).toBe(0);
  });

  it('reads in Russian, with the deep link and the unlink confirmation', async () => {
    const { messages } = (await import('../../locales/ru/messages.po?lingui')) as { messages: Record<string, string> };
    i18n.load('ru', messages);
    act(() => i18n.activate('ru'));
    onTestFinished(() => act(() => i18n.activate('en')));
    let linked = false;
    mountApp({
      path: '/settings',
      signedIn: makeUser(),
      preferences: { input: { language: 'RUS', languageChosen: true } },
      api: {
        user: {
          getAuthInfo: async () => ({ tgAuth: linked }),
          createTelegramCode: async () => ({ code: 'c', expiresAt: new Date().toISOString(), deepLink: DEEP_LINK }),
        },
      },
    });
    await settle();
    const ru = () => screen.getByRole('switch', { name: /Подключить Telegram/ });
    expect(screen.getByTestId('telegram-link-status').textContent).toBe('Не привязан');
    await act(async () => ru().click());
    await settle();
    expect(text(screen.getByRole('heading', { name: 'Завершите в Telegram' })), 'heading').toBe('Завершите в Telegram');
    expect(isShown(screen.getByText('Откройте ссылку в Telegram или отсканируйте код телефоном.')), 'shown').toBe(true);
    expect(screen.getByTestId('telegram-link-status').textContent).toBe('Ожидаем Telegram');
    linked = true;
    await focusWindow();
    await settle();
    expect(screen.getByTestId('telegram-link-status').textContent).toBe('Привязан');
    await act(async () => ru().click());
    expect(isShown(screen.getByRole('alertdialog', { name: 'Отключить Telegram?' })), 'shown').toBe(true);
    expect(isShown(screen.getByText('Telegram больше не будет входить в этот аккаунт.')), 'shown').toBe(true);
  });
});
