/**
 * Profile (spec §3 GET /user): loaded after sign-in, forgotten on sign-out, asked again after a failure,
 * kept in step with passcode changes and resets (the reset hold follows it) — driven from the production profile machine through the real app
 * (createServices with fake deps), asserting what Settings and Wallet protection show.
 */
import { act, screen } from '@testing-library/react';
import { profileMachine, type Profile } from '../../machines/profile.machine';
import { backoffDelay, FIRST_LOAD_RETRY } from '../../machines/shared/backoff';
import { selectHoldUntil } from '../../machines/resetHold.selectors';
import type { UserProfile } from '../../src/api/userProfile';
import { describeModel, exactlyAfter, settle, type Harness } from '../support/mbt';
import { makeUser, mountApp, pathname, type MountedApp } from './app/harness';
import { isEnabled } from '../support/dom';

const user = makeUser();
const plain: Profile = {
  email: 'ann@example.com',
  accountId: 'acc-1',
  pinCodeActive: false,
  telegram: null,
  language: 'ENG',
  currency: 'USD',
  resetHoldUntil: null,
};
const linked: Profile = {
  email: 'bob@example.com',
  accountId: 'acc-2',
  pinCodeActive: true,
  telegram: { id: 42, username: 'bob' },
  language: 'ENG',
  currency: 'USD',
  resetHoldUntil: null,
};

/** What GET /user answers for a profile (accounts[0] is the active account). */
const fromServer = (p: Profile): UserProfile => ({
  id: 'user-1',
  email: p.email,
  pinCodeActive: p.pinCodeActive,
  accounts: [
    {
      id: p.accountId!,
      name: 'Account',
      language: p.language!,
      defaultFiatCurrency: p.currency! as UserProfile['accounts'][number]['defaultFiatCurrency'],
    },
  ],
  ...(p.telegram ? { telegram: p.telegram } : {}),
  ...(p.resetHoldUntil ? { passcodeResetHoldUntil: p.resetHoldUntil } : {}),
});

/** GET /user calls that wait for the path to answer them, newest first. */
function deferredProfiles() {
  const pending: Array<{ resolve: (v: UserProfile) => void; reject: (e: unknown) => void }> = [];
  let calls = 0;
  return {
    calls: () => calls,
    fn: () => new Promise<UserProfile>((resolve, reject) => void ((calls += 1), pending.push({ resolve, reject }))),
    resolve: (p: Profile) => pending.pop()!.resolve(fromServer(p)),
    reject: (e: unknown) => pending.pop()!.reject(e),
  };
}

type H = { app: MountedApp; load: ReturnType<typeof deferredProfiles>; restored: boolean };
type Outcome = { type: string; output?: unknown; error?: unknown };

const onSettings = (h: H) => pathname(h.app) === '/settings';
const onProtection = (h: H) => pathname(h.app) === '/settings/wallet-protection';

async function openSettings(h: H) {
  if (onSettings(h)) return;
  await act(() => h.app.router.navigate({ to: '/settings' }));
  await settle();
}

describeModel<typeof profileMachine, H>('profile', {
  machine: profileMachine,
  events: {
    signedOut: [{ type: 'session.started' }],
    loading: [
      { type: 'xstate.done.actor.loadProfile', output: plain },
      { type: 'xstate.done.actor.loadProfile', output: linked },
      { type: 'xstate.error.actor.loadProfile', error: { status: 500, code: 'HTTP_500' } },
      { type: 'session.ended' },
    ],
    failed: [{ type: 'profile.retried' }, { type: 'xstate.after.RETRY.profile.failed' }, { type: 'session.ended' }],
    loaded: [
      { type: 'passcode.changed', active: true },
      { type: 'passcode.changed', active: false },
      { type: 'passcode.reset', holdUntil: '2030-01-01T10:00:00.000Z' },
      { type: 'session.ended' },
    ],
  },
  // Each retry wait: after 1, 2, 3 and 4 (capped) failed loads in a row.
  classify: (s) => String(s.context.failures),
  keepIgnored: () => false,
  fakeTimers: true,
  mount: async ({ fakes }) => {
    const load = deferredProfiles();
    const app = mountApp({
      path: '/settings',
      session: { restoreSession: fakes.promise('restoreSession') },
      loadProfile: load.fn,
      // A failed profile is asked again by the next caller (e.g. the balance poll once the fiat is known);
      // the account settings stay unanswered, so only the paths' own steps ask it here.
      preferences: { loadServerSettings: fakes.promise('loadServerSettings') },
    });
    await settle();
    const h: H = { app, load, restored: false };
    return Object.assign(h, { actor: app.profile });
  },
  drive: {
    'session.started': async (_e, h) => {
      if (h.restored) await act(async () => h.app.session.send({ type: 'user.signedIn', user }));
      else await act(async () => h.fakes.resolve('restoreSession', { user, isTelegram: false, linkToken: null }));
      h.restored = true;
      await settle();
      await openSettings(h);
    },
    'xstate.done.actor.loadProfile': (e: Outcome, h: H) => act(async () => h.load.resolve(e.output as Profile)),
    'xstate.error.actor.loadProfile': (e: Outcome, h: H) => act(async () => h.load.reject(e.error)),
    // Settings' Retry asks the profile again (its e-mail comes from it).
    'profile.retried': async (_e, h) => {
      await openSettings(h);
      await h.user.click(screen.getByRole('button', { name: /Could not load your profile/ }));
    },
    // Sent as the protection pages do after a passcode enable/disable; then the user opens Wallet protection.
    'passcode.changed': async (e, h) => {
      await openSettings(h);
      await act(async () => h.app.profile.send(e));
      await h.user.click(screen.getByRole('link', { name: /Wallet protection/ }));
      await settle();
    },
    // Sent as the recovery page does after a Telegram recovery; then the user opens Wallet protection.
    'passcode.reset': async (e, h) => {
      await openSettings(h);
      await act(async () => h.app.profile.send(e));
      await h.user.click(screen.getByRole('link', { name: /Wallet protection/ }));
      await settle();
    },
    'session.ended': (_e, h) => act(async () => h.app.session.send({ type: 'user.signedOut' })),
    // A failed load is asked again by itself: 10 s after the first failure, then 20 s, 40 s, 60 s.
    'xstate.after.RETRY.profile.failed': (_e: unknown, h: Harness<H>) =>
      exactlyAfter(
        backoffDelay(h.app.profile.getSnapshot().context.failures - 1, FIRST_LOAD_RETRY),
        h.load.calls,
        'retry',
      ),
  },
  states: {
    signedOut: () => expect(screen.queryByTestId('profile-email')).toBeNull(),
    loading: (h) => {
      expect(onSettings(h)).toBe(true);
      expect(screen.getByTestId('profile-email').textContent).toBe('…');
    },
    failed: (h) => {
      expect(onSettings(h)).toBe(true);
      expect(screen.queryByTestId('profile-email')).toBeNull();
      expect(isEnabled(screen.getByRole('button', { name: /Could not load your profile/ })), 'enabled').toBe(true);
    },
    loaded: (h, s) => {
      const profile = s.context.profile as Profile;
      if (onSettings(h)) expect(screen.getByTestId('profile-email').textContent).toBe(profile.email);
      else {
        expect(onProtection(h)).toBe(true);
        expect(screen.getByRole('switch', { name: 'Passcode' }).getAttribute('aria-checked')).toBe(
          String(profile.pinCodeActive),
        );
      }
      // The reset hold follows the profile: the app-wide hold knows its end (the money screens show it).
      expect(selectHoldUntil(h.app.services.signedIn()!.resetHold.getSnapshot())).toBe(profile.resetHoldUntil ?? null);
    },
  },
});
