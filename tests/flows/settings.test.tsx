/** Settings (spec §2 Other, §3): links and logout, driven from the production settings machine; the profile e-mail shown. */
import { screen } from '@testing-library/react';
import { settingsMachine } from '../../machines/settings.machine';
import type { UserProfile } from '../../src/api/userProfile';
import { linkConfig } from '../../src/linkConfig';
import { describeModel, settle } from '../support/mbt';
import { captureLiveActor } from '../support/liveActor';
import { makeUser, mountApp, pathname, type MountedApp } from './app/harness';
import { isShown, text } from '../support/dom';

/** Deferred plain functions: the settings page takes services, not actors. */
function deferredCalls<T>() {
  const pending: Array<{ resolve: (v: T) => void; reject: (e: unknown) => void }> = [];
  return {
    fn: () => new Promise<T>((resolve, reject) => void pending.push({ resolve, reject })),
    resolve: (v: T) => pending.shift()!.resolve(v),
    reject: (e: unknown) => pending.shift()!.reject(e),
  };
}

const profile: UserProfile = {
  id: 'user-1',
  email: 'profile@example.com',
  accounts: [{ id: 'acc-1', name: 'Account', language: 'ENG', defaultFiatCurrency: 'USD' }],
  pinCodeActive: false,
};

type Outcome = { type: string; output?: unknown; error?: unknown };
type H = { app: MountedApp; signOut: ReturnType<typeof deferredCalls<void>> };

const logoutButton = () => screen.getByRole('button', { name: /Log out/ });

// The e-mail and its Retry follow the app-wide profile: tests/flows/profile.test.tsx walks them on this screen.
describeModel('settings', {
  machine: settingsMachine,
  events: {
    signedIn: [{ type: 'logout.requested' }],
    signingOut: [
      { type: 'xstate.done.actor.signOut' },
      { type: 'xstate.error.actor.signOut', error: new Error('offline') },
    ],
  },
  fakeTimers: true,
  mount: async () => {
    const signOut = deferredCalls<void>();
    const actor = captureLiveActor(settingsMachine);
    const app = mountApp({
      path: '/settings',
      signedIn: makeUser(),
      loadProfile: async () => profile,
      signOut: signOut.fn,
    });
    await settle();
    return { app, signOut, actor };
  },
  drive: {
    'logout.requested': (_e, h) => h.user.click(logoutButton()),
    // The revocation answers; the machine itself then ends the session and opens login.
    'xstate.done.actor.signOut': (_e: Outcome, h: H) => h.signOut.resolve(),
    'xstate.error.actor.signOut': (e: Outcome, h: H) => h.signOut.reject(e.error),
  },
  states: {
    signedIn: (h) => {
      expect(pathname(h.app)).toBe('/settings');
      expect(screen.getByTestId('profile-email').textContent).toBe(profile.email);
      expect(logoutButton().getAttribute('aria-busy')).toBeNull();
      expect((logoutButton() as HTMLButtonElement).disabled).toBe(false);
      const nav = screen.getByRole('navigation', { name: 'Main' });
      expect(nav.querySelector('[aria-current="page"]')?.textContent).toBe('Settings');
    },
    signingOut: () => {
      expect(logoutButton().getAttribute('aria-busy')).toBe('true');
      expect((logoutButton() as HTMLButtonElement).disabled).toBe(true);
    },
    signedOut: (h) => {
      expect(pathname(h.app)).toBe('/auth/login');
      expect(h.app.session.getSnapshot().hasTag('signedOut')).toBe(true);
      expect(text(screen.getByRole('heading', { name: 'Welcome to your wallet' })), 'heading').toBe(
        'Welcome to your wallet',
      );
      expect(screen.queryByTestId('profile-email')).toBeNull();
    },
  },
});

describe('settings screen', () => {
  it('opens terms, privacy and feedback through the platform', async () => {
    const app = mountApp({ path: '/settings', signedIn: makeUser(), loadProfile: async () => profile });
    await settle();
    for (const name of ['Terms of use', 'Privacy policy', 'Feedback']) screen.getByRole('button', { name }).click();
    expect(app.calls.links).toEqual([linkConfig.termsUrl, linkConfig.privacyUrl, `mailto:${linkConfig.supportEmail}`]);
  });

  it('hides logout inside the messenger (spec §6)', async () => {
    mountApp({ path: '/settings', signedIn: makeUser(), isTelegram: true, loadProfile: async () => profile });
    await settle();
    expect(screen.getByTestId('profile-email').textContent).toBe(profile.email);
    expect(screen.queryByRole('button', { name: /Log out/ })).toBeNull();
  });

  it('shows "sign-out failed" when revocation throws', async () => {
    const app = mountApp({
      path: '/settings',
      signedIn: makeUser(),
      loadProfile: async () => profile,
      signOut: async () => {
        throw new Error('offline');
      },
    });
    await settle();
    logoutButton().click();
    await settle();
    expect(isShown(screen.getByText('Sign-out failed')), 'shown').toBe(true);
    expect(pathname(app)).toBe('/settings');
  });
});

describe('"Signed in as" for a Telegram account (issue 22)', () => {
  const tgProfile = (username: string | null): UserProfile => ({
    ...profile,
    email: null,
    telegram: { id: 5550001, username },
  });
  const initData = (user: Record<string, unknown>) =>
    `query_id=1&user=${encodeURIComponent(JSON.stringify(user))}&auth_date=1&hash=abc`;

  it('inside the messenger: the Telegram name, with the @username under it', async () => {
    mountApp({
      path: '/settings',
      signedIn: makeUser(),
      isTelegram: true,
      initData: initData({ id: 5550001, first_name: 'Ada', last_name: 'Lovelace', username: 'ada_tg' }),
      loadProfile: async () => tgProfile('ada_tg'),
    });
    await settle();
    expect(text(screen.getByTestId('profile-email'))).toBe('Ada Lovelace');
    expect(text(screen.getByTestId('profile-username'))).toBe('@ada_tg');
    expect(screen.queryByText('…')).toBeNull();
  });

  it('a Telegram user without a @username: the name alone', async () => {
    mountApp({
      path: '/settings',
      signedIn: makeUser(),
      isTelegram: true,
      initData: initData({ id: 5550001, first_name: 'Newcomer' }),
      loadProfile: async () => tgProfile(null),
    });
    await settle();
    expect(text(screen.getByTestId('profile-email'))).toBe('Newcomer');
    expect(screen.queryByTestId('profile-username')).toBeNull();
  });

  it('outside the messenger (no init data): the @username, else Telegram and the id', async () => {
    mountApp({ path: '/settings', signedIn: makeUser(), loadProfile: async () => tgProfile('ada_tg') });
    await settle();
    expect(text(screen.getByTestId('profile-email'))).toBe('@ada_tg');
    expect(screen.queryByTestId('profile-username')).toBeNull();
  });

  it('an init data user other than the linked one does not lend their name', async () => {
    mountApp({
      path: '/settings',
      signedIn: makeUser(),
      isTelegram: true,
      initData: initData({ id: 999, first_name: 'Mallory', username: 'mallory' }),
      loadProfile: async () => tgProfile(null),
    });
    await settle();
    expect(text(screen.getByTestId('profile-email'))).toBe('Telegram 5550001');
  });
});
