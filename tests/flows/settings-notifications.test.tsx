/**
 * Settings → Notifications (issue 24), driven from the production notificationSettings machine on the
 * rendered screen: loading, a failed load with retry, the four switches (Telegram asks Telegram first,
 * inside the Mini App), a refused change that keeps the old value and says so, and security e-mails
 * shown as always on. Then the section in the Settings page, wired to the app: the calls, the web, the Mini App.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createActor, type AnyMachineSnapshot } from 'xstate';
import type { NotificationPreferences } from '../../contracts/notifications';
import {
  canChange,
  notificationSettingsMachine,
  toggled,
  type NotificationNotice,
  type NotificationSettings,
  type NotificationSwitch,
} from '../../machines/notificationSettings.machine';
import { isEnabled } from '../support/dom';
import { describeModel } from '../support/mbt';
import { renderInRouter } from '../support/router';
import { NotificationsSectionView } from '../../src/features/settings/NotificationsSection';
import { fakePlatform, makeUser, mountApp } from './app/harness';

const LABELS: Record<NotificationSwitch, string> = {
  telegram: 'Telegram messages',
  email: 'E-mail',
  money: 'Money',
  security: 'Security alerts in Telegram',
};
const NAMES = Object.keys(LABELS) as NotificationSwitch[];

const prefs = (over: Partial<NotificationPreferences> = {}): NotificationPreferences => ({
  telegram: false,
  email: true,
  money: true,
  security: true,
  ...over,
});
/** A linked Telegram and an e-mail: every switch can move (Telegram is asked first). */
const everything: NotificationSettings = { preferences: prefs(), telegramLinked: true, email: 'ann@example.com' };
/** A web account with neither: Telegram and e-mail cannot move, money and security can. */
const bare: NotificationSettings = { preferences: prefs({ email: true }), telegramLinked: false, email: null };
/** Bot messages on already, money off. */
const allowed: NotificationSettings = {
  preferences: prefs({ telegram: true, money: false }),
  telegramLinked: true,
  email: 'ann@example.com',
};
const offline = { status: 503, code: 'HTTP_503', message: 'offline' };
const notLinked = { status: 409, code: 'TELEGRAM_NOT_LINKED', message: 'Link a Telegram account to get bot messages' };

const switchOf = (name: NotificationSwitch) => screen.getByRole('switch', { name: LABELS[name] }) as HTMLButtonElement;
const RETRY = 'Could not load your notification settings. Retry';
const noticeText = () => screen.getByTestId('notifications-notice').textContent;
/** The notifications API of the mounted app: everything on, and each saved change pushed to `saved` and kept. */
const recordingSaves = (saved: NotificationPreferences[]) => ({
  get: async () => prefs(),
  save: async (p: NotificationPreferences) => {
    saved.push(p);
    return p;
  },
});

/** What the notice says for the machine's notice (the wording the user reads). */
function expectedNotice(notice: NotificationNotice | null, settings: NotificationSettings): string {
  if (!notice) return '';
  switch (notice.kind) {
    case 'writeAccessDenied':
      return "Telegram messages stay off: you did not allow the wallet's bot to message you.";
    case 'writeAccessUnavailable':
      return 'Telegram messages stay off: this Telegram app cannot allow the bot to message you. Update Telegram and try again.';
    case 'askFailed':
      return 'Telegram messages stay off: Telegram did not answer. Try again.';
    case 'saveFailed':
      if (notice.failure.code === 'TELEGRAM_NOT_LINKED') return 'Telegram messages stay off: connect Telegram first.';
      return `Could not save the change: ${LABELS[notice.name]} stays ${settings.preferences[notice.name] ? 'on' : 'off'}. Try again.`;
  }
}

/** Every switch as the preferences say, pressable exactly where the channel can be used, and the always-on row. */
function expectSwitches(s: AnyMachineSnapshot) {
  const settings = s.context.settings as NotificationSettings;
  for (const name of NAMES) {
    const sw = switchOf(name);
    const on = name === 'email' ? settings.preferences.email && settings.email !== null : settings.preferences[name];
    expect(sw.getAttribute('aria-checked'), name).toBe(String(on));
    expect(sw.getAttribute('aria-disabled'), name).toBe(canChange(s.context, name) ? null : 'true');
    expect(sw.getAttribute('aria-busy'), name).toBe(s.context.changing === name ? 'true' : null);
  }
  const always = screen.getByRole('group', { name: 'Security alerts by e-mail' });
  expect(always.textContent).toContain('Always on');
}

describeModel('notificationSettings', {
  machine: notificationSettingsMachine,
  input: { canAskTelegram: true },
  events: (s) => {
    if (s.matches('loading'))
      return [
        { type: 'xstate.done.actor.loadSettings', output: everything },
        { type: 'xstate.done.actor.loadSettings', output: bare },
        { type: 'xstate.done.actor.loadSettings', output: allowed },
        { type: 'xstate.error.actor.loadSettings', error: offline },
      ];
    if (s.matches('failed')) return [{ type: 'load.retried' }];
    if (s.matches('ready')) return NAMES.map((name) => ({ type: 'switch.toggled' as const, name }));
    if (s.matches({ changing: 'asking' }))
      return [
        { type: 'xstate.done.actor.askWriteAccess', output: 'allowed' },
        { type: 'xstate.done.actor.askWriteAccess', output: 'denied' },
        { type: 'xstate.done.actor.askWriteAccess', output: 'unavailable' },
        { type: 'xstate.error.actor.askWriteAccess', error: new Error('WriteAccessRequested: concurrent call') },
      ];
    if (s.matches({ changing: 'saving' })) {
      const settings = s.context.settings as NotificationSettings;
      const next = toggled(settings.preferences, s.context.changing as NotificationSwitch);
      return [
        { type: 'xstate.done.actor.savePreferences', output: next },
        { type: 'xstate.error.actor.savePreferences', error: offline },
        { type: 'xstate.error.actor.savePreferences', error: notLinked },
      ];
    }
    return [];
  },
  mount: async ({ fakes }) => {
    const actor = createActor(
      notificationSettingsMachine.provide({
        actors: {
          loadSettings: fakes.promise('loadSettings'),
          askWriteAccess: fakes.promise('askWriteAccess'),
          savePreferences: fakes.promise('savePreferences'),
        },
      }),
      { input: { canAskTelegram: true } },
    ).start();
    await renderInRouter(<NotificationsSectionView actor={actor} />, { path: '/settings' });
    return { actor };
  },
  drive: {
    'load.retried': (_e, h) => h.user.click(screen.getByRole('button', { name: RETRY })),
    'switch.toggled': (e, h) => h.user.click(switchOf(e.name)),
  },
  states: {
    loading: () => {
      const section = screen.getByRole('region', { name: 'Notifications' });
      expect(section.getAttribute('aria-busy')).toBe('true');
      expect(section.textContent).toContain('Loading your notification settings…');
      expect(screen.queryByRole('switch')).toBeNull();
    },
    failed: () => {
      expect(screen.getByRole('alert').textContent).toBe('Could not load your notification settings. Retry');
      expect(isEnabled(screen.getByRole('button', { name: RETRY }))).toBe(true);
      expect(screen.queryByRole('switch')).toBeNull();
    },
    ready: (_h, s) => {
      expectSwitches(s);
      const settings = s.context.settings as NotificationSettings;
      expect(noticeText()).toBe(expectedNotice(s.context.notice as NotificationNotice | null, settings));
      // The hints say why a channel cannot move, and where it can.
      const telegramHint = switchOf('telegram').getAttribute('aria-describedby')!;
      const hint = document.getElementById(telegramHint)!.textContent;
      if (!settings.telegramLinked) expect(hint).toBe("Connect Telegram first to get messages from the wallet's bot.");
      else if (settings.preferences.telegram) expect(hint).toBe("From the wallet's bot in Telegram.");
      else expect(hint).toBe("Telegram will ask you to let the wallet's bot message you.");
    },
    'changing.asking': (h) => {
      expect(switchOf('telegram').getAttribute('aria-busy')).toBe('true');
      expect(switchOf('telegram').getAttribute('aria-checked')).toBe('false');
      expect(h.fakes.calls('askWriteAccess').length).toBeGreaterThan(0);
    },
    'changing.saving': (h, s) => {
      const name = s.context.changing as NotificationSwitch;
      const settings = s.context.settings as NotificationSettings;
      expect(switchOf(name).getAttribute('aria-busy')).toBe('true');
      // The switch keeps the old value until the gateway has the new one.
      expect(switchOf(name).getAttribute('aria-checked')).toBe(String(settings.preferences[name]));
      expect(h.fakes.calls('savePreferences').at(-1)).toEqual({ preferences: toggled(settings.preferences, name) });
    },
  },
});

describe('the Notifications page in the app', () => {
  it('is a section of Settings: GET /user/notifications with the loaded profile, a change saved with PUT', async () => {
    const saved: NotificationPreferences[] = [];
    mountApp({
      path: '/settings',
      signedIn: makeUser(),
      api: { notifications: recordingSaves(saved) },
    });
    const user = userEvent.setup();
    const money = await screen.findByRole('switch', { name: 'Money' });
    expect(screen.getByRole('region', { name: 'Notifications' }).contains(money)).toBe(true);
    expect(money.getAttribute('aria-checked')).toBe('true');
    // The profile's e-mail names where money e-mails go.
    const email = screen.getByRole('switch', { name: 'E-mail' });
    expect(document.getElementById(email.getAttribute('aria-describedby')!)!.textContent).toBe(
      'Money messages to user@example.com.',
    );
    // In a browser Telegram cannot be asked (and this account has no Telegram linked).
    const telegram = screen.getByRole('switch', { name: 'Telegram messages' });
    expect(telegram.getAttribute('aria-disabled')).toBe('true');
    await user.click(money);
    await waitFor(() => expect(money.getAttribute('aria-checked')).toBe('false'));
    expect(saved).toEqual([prefs({ money: false })]);
    await user.click(telegram);
    expect(saved).toHaveLength(1);
  });

  it("inside the Mini App the Telegram switch asks Telegram's requestWriteAccess, then saves; a denial says why", async () => {
    const answers: Array<'allowed' | 'denied'> = ['denied', 'allowed'];
    const asked: number[] = [];
    const base = fakePlatform(true).platform;
    const platform = {
      ...base,
      requestWriteAccess: async () => {
        asked.push(Date.now());
        return answers.shift()!;
      },
    };
    const saved: NotificationPreferences[] = [];
    // Inside Telegram with a platform that asks (mountApp hands `platform` to createFakeServices).
    const inTelegram = { isTelegram: true, platform };
    mountApp({
      path: '/settings',
      signedIn: makeUser(),
      ...inTelegram,
      account: {
        id: 'user',
        email: null,
        pinCodeActive: false,
        telegram: { id: 42, username: 'ann' },
        accounts: [{ id: 'acc-1', name: 'Account', language: 'ENG', defaultFiatCurrency: 'USD' }],
      },
      api: { notifications: recordingSaves(saved) },
    });
    const user = userEvent.setup();
    const telegram = await screen.findByRole('switch', { name: 'Telegram messages' });
    // A Telegram-only account has no e-mail to switch.
    expect(screen.getByRole('switch', { name: 'E-mail' }).getAttribute('aria-disabled')).toBe('true');
    await user.click(telegram);
    await waitFor(() => expect(noticeText()).toBe(expectedNotice({ kind: 'writeAccessDenied' }, everything)));
    expect(telegram.getAttribute('aria-checked')).toBe('false');
    expect(saved).toEqual([]);
    await user.click(telegram);
    await waitFor(() => expect(telegram.getAttribute('aria-checked')).toBe('true'));
    expect(saved).toEqual([prefs({ telegram: true })]);
    expect(asked).toHaveLength(2);
    expect(noticeText()).toBe('');
  });

  it('a failed load offers Retry, which asks again', async () => {
    let calls = 0;
    mountApp({
      path: '/settings',
      signedIn: makeUser(),
      api: {
        notifications: {
          get: async () => {
            calls += 1;
            if (calls === 1) throw offline;
            return prefs();
          },
        },
      },
    });
    await userEvent.setup().click(await screen.findByRole('button', { name: RETRY }));
    // Loaded on the retry: the switch shows the saved preference (money messages on).
    expect((await screen.findByRole('switch', { name: 'Money' })).getAttribute('aria-checked')).toBe('true');
    expect(calls).toBe(2);
  });
});
