/** Settings (spec §2 Other, §3): profile e-mail, links, logout; driven from the production settings machine. */
import { screen } from '@testing-library/react';
import { settingsMachine } from '../../machines/settings.machine';
import type { UserProfile } from '../../src/api/userProfile';
import { linkConfig } from '../../src/linkConfig';
import { describeModel, settle } from '../support/mbt';
import { captureLiveActor } from '../support/liveActor';
import { makeUser, mountApp, pathname, type MountedApp } from './app/harness';

/** Deferred plain functions: the settings page takes services, not actors. */
function deferredCalls<T>() {
  const pending: Array<{ resolve: (v: T) => void; reject: (e: unknown) => void }> = [];
  return {
    fn: () => new Promise<T>((resolve, reject) => void pending.push({ resolve, reject })),
    resolve: (v: T) => pending.shift()!.resolve(v),
    reject: (e: unknown) => pending.shift()!.reject(e),
    get count() {
      return pending.length;
    },
  };
}

const profile: UserProfile = {
  id: 'user-1',
  email: 'profile@example.com',
  accounts: [{ id: 'acc-1', name: 'Account', language: 'ENG', defaultFiatCurrency: 'USD' }],
  pinCodeActive: false,
};

type Outcome = { type: string; output?: unknown; error?: unknown };
type H = { app: MountedApp; load: ReturnType<typeof deferredCalls<UserProfile>>; signOut: ReturnType<typeof deferredCalls<void>> };

const onSettings = (h: H) => pathname(h.app) === '/settings';
const logoutButton = () => screen.getByRole('button', { name: /Log out/ });
function expectSettingsGone() {
  expect(screen.queryByRole('heading', { name: 'Settings' })).toBeNull();
  expect(screen.queryByTestId('profile-email')).toBeNull();
  expect(screen.queryByRole('button', { name: /Retry/ })).toBeNull();
}

describeModel('settings', {
  machine: settingsMachine,
  events: {
    'profile.loading': [
      { type: 'xstate.done.actor.loadProfile', output: { email: profile.email } },
      { type: 'xstate.error.actor.loadProfile', error: { code: 'HTTP_500' } },
    ],
    'profile.failed': [{ type: 'profile.retried' }],
    'account.signedIn': [{ type: 'logout.requested' }],
    'account.signingOut': [
      { type: 'xstate.done.actor.signOut' },
      { type: 'xstate.error.actor.signOut', error: new Error('offline') },
    ],
  },
  fakeTimers: true,
  mount: async () => {
    const load = deferredCalls<UserProfile>();
    const signOut = deferredCalls<void>();
    const actor = captureLiveActor(settingsMachine);
    const app = mountApp({ path: '/settings', signedIn: makeUser(), loadProfile: load.fn, signOut: signOut.fn });
    await settle();
    return { app, load, signOut, actor };
  },
  drive: {
    'xstate.done.actor.loadProfile': (_e: Outcome, h: H) => h.load.resolve(profile),
    'xstate.error.actor.loadProfile': (e: Outcome, h: H) => h.load.reject(e.error),
    'profile.retried': (_e, h) => h.user.click(screen.getByRole('button', { name: /Retry/ })),
    'logout.requested': (_e, h) => h.user.click(logoutButton()),
    // The revocation answers; the machine itself then ends the session and opens login.
    'xstate.done.actor.signOut': (_e: Outcome, h: H) => h.signOut.resolve(),
    'xstate.error.actor.signOut': (e: Outcome, h: H) => h.signOut.reject(e.error),
  },
  states: {
    // Once signed out the settings screen is gone: no profile is shown, whatever its state was.
    'profile.loading': (h) => {
      expect(h.load.count).toBe(1);
      if (!onSettings(h)) return expectSettingsGone();
      expect(screen.getByTestId('profile-email').textContent).toBe('…');
      expect(screen.getByTestId('profile-email').parentElement?.getAttribute('aria-busy')).toBe('true');
    },
    'profile.loaded': (h) => {
      if (!onSettings(h)) return expectSettingsGone();
      expect(screen.getByTestId('profile-email').textContent).toBe(profile.email);
    },
    'profile.failed': (h) => {
      if (!onSettings(h)) return expectSettingsGone();
      expect(screen.queryByTestId('profile-email')).toBeNull();
      expect(screen.getByRole('button', { name: /Retry/ })).toBeTruthy();
    },
    'account.signedIn': (h) => {
      expect(pathname(h.app)).toBe('/settings');
      expect(logoutButton().getAttribute('aria-busy')).toBeNull();
      expect((logoutButton() as HTMLButtonElement).disabled).toBe(false);
      const nav = screen.getByRole('navigation', { name: 'Main' });
      expect(nav.querySelector('[aria-current="page"]')?.textContent).toBe('Settings');
    },
    'account.signingOut': () => {
      expect(logoutButton().getAttribute('aria-busy')).toBe('true');
      expect((logoutButton() as HTMLButtonElement).disabled).toBe(true);
    },
    'account.signedOut': (h) => {
      expect(pathname(h.app)).toBe('/auth/login');
      expect(h.app.session.getSnapshot().hasTag('signedOut')).toBe(true);
      expect(screen.getByRole('heading', { name: 'Welcome to your wallet' })).toBeTruthy();
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
    expect(screen.getByText('Sign-out failed')).toBeTruthy();
    expect(pathname(app)).toBe('/settings');
  });
});
