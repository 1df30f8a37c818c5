/**
 * Start-up, auth state and the 401 re-authentication (spec §2, §4, §7) driven from the production
 * session machine against the rendered app root: spinner, error screen, home or login. Inside the
 * messenger the stored session must be the init data's Telegram user's (issue 20 item 9): Telegram user
 * B opens the app where A's session is stored, and never gets A's session.
 */
import { act, screen } from '@testing-library/react';
import { sessionMachine, type RestoredSession, type SessionEvent } from '../../machines/session.machine';
import { describeModel } from '../support/mbt';
import { inPast, makeUser, mountApp, pathname, rootSpinner, type MountedApp } from './app/harness';
import { isEnabled, text } from '../support/dom';

const valid = makeUser();
const refreshable = makeUser({ expiresAt: inPast });
const expired = makeUser({ expiresAt: inPast, refreshExpiresAt: Date.UTC(2000, 0, 2) });
const fresh = makeUser({ accessToken: 'access-2', refreshToken: 'refresh-2' });
/** Telegram users A (whose session is stored on the device) and B (who opens the app now). */
const TG_A = 710001;
const TG_B = 720002;
const asB = (u: typeof valid) => ({ ...u, telegramUserId: TG_B });
/** A's session: another account, recorded for Telegram user A. */
const ofA = makeUser({
  accessToken: 'access-a',
  refreshToken: 'refresh-a',
  profile: { sub: 'user-a' },
  telegramUserId: TG_A,
});
const renewed = makeUser({ accessToken: 'access-3', refreshToken: 'refresh-3' });
const renewedTg = makeUser({
  accessToken: 'access-tg-2',
  profile: { sub: 'tg-1', email: 'tg@example.com' },
  telegramUserId: TG_B,
});
const fromInitData = makeUser({
  accessToken: 'access-tg',
  profile: { sub: 'tg-1', email: 'tg@example.com' },
  telegramUserId: TG_B,
});

/** Inside the messenger the init data is always B's. */
const restored = (user: RestoredSession['user'], isTelegram: boolean, linkToken: string | null = null) => ({
  type: 'xstate.done.actor.restoreSession' as const,
  output: { user, isTelegram, linkToken, ...(isTelegram ? { initDataUserId: TG_B } : {}) } satisfies RestoredSession,
});
const failed = (id: string, code: string) => ({
  type: `xstate.error.actor.${id}` as const,
  error: { code, message: `${code} from the gateway` },
});

const events = {
  loading: [
    restored(null, false),
    restored(valid, false),
    restored(refreshable, false),
    restored(expired, false),
    restored(null, true),
    restored(null, true, 'one-time-code'),
    // B's own stored session: spec §4 as it stands.
    restored(asB(valid), true),
    restored(asB(refreshable), true),
    restored(asB(expired), true),
    // A's session stored where B opens the app, with and without a link token.
    restored(ofA, true),
    restored(ofA, true, 'one-time-code'),
    // No Telegram user recorded: the profile is asked while the token lives; an expired one is not B's.
    restored(valid, true),
    restored(refreshable, true),
    { type: 'xstate.error.actor.restoreSession' as const, error: new Error('storage unavailable') },
  ],
  'startup.silentThenInitData': [
    { type: 'xstate.done.actor.signinSilent' as const, output: fresh },
    { type: 'xstate.error.actor.signinSilent' as const, error: { code: 'invalid_grant' } },
  ],
  'startup.silent': [
    { type: 'xstate.done.actor.signinSilent' as const, output: fresh },
    { type: 'xstate.error.actor.signinSilent' as const, error: { code: 'invalid_grant' } },
  ],
  'startup.initData': [
    { type: 'xstate.done.actor.signInWithInitData' as const, output: fromInitData },
    failed('signInWithInitData', 'B2C_USM0027'),
    failed('signInWithInitData', 'B2C_USM0022'),
  ],
  'startup.verifyingOwner': [
    { type: 'xstate.done.actor.loadTelegramOwner' as const, output: TG_B },
    { type: 'xstate.done.actor.loadTelegramOwner' as const, output: TG_A },
    { type: 'xstate.done.actor.loadTelegramOwner' as const, output: null },
    { type: 'xstate.error.actor.loadTelegramOwner' as const, error: { code: 'UNAUTHORIZED' } },
  ],
  'startup.discarding': [
    { type: 'xstate.done.actor.discardSession' as const },
    { type: 'xstate.error.actor.discardSession' as const, error: new Error('offline') },
  ],
  'startup.linking': [
    { type: 'xstate.done.actor.exchangeLinkToken' as const, output: fromInitData },
    failed('exchangeLinkToken', 'B2C_USM0023'),
    failed('exchangeLinkToken', 'B2C_USM0022'),
  ],
  'authenticated.active': [
    { type: 'token.rejected' as const },
    { type: 'user.signedOut' as const },
    { type: 'session.expired' as const },
    { type: 'user.unloaded' as const },
    { type: 'user.signedIn' as const, user: fresh },
    // Sign out of all devices ended this grant too (issue 20 item 3).
    { type: 'session.revoked' as const },
  ],
  // Distinct outcomes from the start-up ones, so the traversal does not merge the two paths.
  'authenticated.reauthenticating.viaSilent': [
    { type: 'xstate.done.actor.signinSilent' as const, output: renewed },
    { type: 'xstate.error.actor.signinSilent' as const, error: { code: 'refresh_revoked' } },
  ],
  'authenticated.reauthenticating.viaInitData': [
    { type: 'xstate.done.actor.signInWithInitData' as const, output: renewedTg },
    failed('signInWithInitData', 'init_data_expired'),
  ],
  'unauthenticated.grace': [
    { type: 'xstate.after.AUTH_REDIRECT_GRACE.session.unauthenticated.grace' as const },
    { type: 'user.signedIn' as const, user: fresh },
  ],
  'unauthenticated.settled': [{ type: 'user.signedIn' as const, user: fresh }],
};

type H = { app: MountedApp };

const clearsStoredUser = ['B2C_USM0022', 'SESSION_EXPIRED', 'invalid_grant', 'refresh_revoked', 'init_data_expired'];

const discardFailures = (history: { type: string }[]) =>
  history.filter((e) => e.type === 'xstate.error.actor.discardSession').length;

const send = (h: H, event: SessionEvent) => act(() => h.app.session.send(event));
const errorCode = (h: H) => h.app.session.getSnapshot().context.error?.code ?? '';
/** Errors from the gateway's messenger sign-in have a screen; a broken local store just signs out. */
const showsErrorScreen = (code: string) => code.startsWith('B2C_');

function expectHome(h: H) {
  expect(pathname(h.app)).toBe('/home');
  expect(rootSpinner()).toBeNull();
  expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Total balance');
  const nav = screen.getByRole('navigation', { name: 'Main' });
  expect(nav.querySelector('[aria-current="page"]')?.textContent).toBe('Home');
}

function expectErrorScreen(h: H, code: string, inTelegram: boolean) {
  expect(pathname(h.app)).toBe(`/error/${code}`);
  expect(rootSpinner()).toBeNull();
  expect(text(screen.getByRole('heading', { name: 'Unable to sign in' })), 'heading').toBe('Unable to sign in');
  // Every error screen has a way on (issue 22): inside the messenger the wallet opened afresh (the init data
  // signs in again, without the spent link), in a browser the sign-in screens.
  if (inTelegram) {
    expect(screen.getByRole('link', { name: 'Open my wallet' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('button', { name: 'Log in' })).toBeNull();
  } else {
    expect(isEnabled(screen.getByRole('button', { name: 'Log in' })), 'enabled').toBe(true);
    expect(screen.queryByRole('link', { name: 'Open my wallet' })).toBeNull();
  }
  expect(Boolean(screen.queryByRole('button', { name: 'Contact support' }))).toBe(code === 'B2C_USM0027');
}

describeModel('session start-up', {
  machine: sessionMachine,
  events,
  fakeTimers: true,
  delays: { AUTH_REDIRECT_GRACE: 1000 },
  mount: ({ fakes }) => {
    const app = mountApp({
      path: '/home',
      session: {
        restoreSession: fakes.promise('restoreSession'),
        signinSilent: fakes.promise('signinSilent'),
        signInWithInitData: fakes.promise('signInWithInitData'),
        exchangeLinkToken: fakes.promise('exchangeLinkToken'),
        loadTelegramOwner: fakes.promise('loadTelegramOwner'),
        discardSession: fakes.promise('discardSession'),
      },
    });
    return { app, actor: app.session };
  },
  drive: {
    'token.rejected': (e, h) => send(h, e),
    'user.signedOut': (e, h) => send(h, e),
    'session.expired': (e, h) => send(h, e),
    'user.unloaded': (e, h) => send(h, e),
    'session.revoked': (e, h) => send(h, e),
    'user.signedIn': async (e, h) => {
      // From a browser's error screen the way to sign in again is its Log in button.
      const logIn = pathname(h.app).startsWith('/error/') ? screen.queryByRole('button', { name: 'Log in' }) : null;
      if (logIn) await h.user.click(logIn);
      await send(h, e);
    },
  },
  states: {
    '*': (h, s) => {
      // Inside the messenger the window is expanded once, as soon as start-up knows the host.
      expect(h.app.calls.expand).toBe(s.context.isTelegram ? 1 : 0);
      // Item 9: A's session is never the one in use once B opened the app, and it was revoked and removed on the way.
      const user = s.context.user as RestoredSession['user'];
      if (s.matches('authenticated') || s.matches({ startup: 'initData' }) || s.matches({ startup: 'linking' })) {
        expect(user?.accessToken).not.toBe(ofA.accessToken);
      }
      const discards = h.app.discarded.map((u) => u.accessToken);
      expect(discards.length).toBeLessThanOrEqual(1);
      if (discards.length) expect([ofA.accessToken, valid.accessToken, refreshable.accessToken]).toContain(discards[0]);
    },
    unauthenticated: (h) => {
      // The stored user goes when the session is over or the gateway says so (0022); not for other codes.
      const code = errorCode(h);
      if (clearsStoredUser.includes(code)) expect(h.app.removed.length).toBeGreaterThan(0);
      if (code === 'B2C_USM0023') expect(h.app.removed).toEqual([]);
      expect(h.app.session.getSnapshot().context.user).toBeNull();
    },
    loading: () => {
      expect(rootSpinner()).not.toBeNull();
      expect(screen.queryByRole('heading')).toBeNull();
    },
    'startup.silentThenInitData': () => expect(rootSpinner()).not.toBeNull(),
    'startup.silent': () => expect(rootSpinner()).not.toBeNull(),
    'startup.initData': () => expect(rootSpinner()).not.toBeNull(),
    'startup.verifyingOwner': (h) => {
      // The spinner stays while the profile is asked, with the stored token as it is.
      expect(rootSpinner()).not.toBeNull();
      expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
      expect(h.fakes.calls('loadTelegramOwner')).toEqual([{ accessToken: valid.accessToken }]);
      expect(h.app.discarded).toEqual([]);
    },
    'startup.discarding': (h, s) => {
      // Nothing of the stored session's wallet shows while it is revoked and removed.
      expect(rootSpinner()).not.toBeNull();
      expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
      expect(h.app.discarded).toEqual([s.context.user]);
      expect(h.fakes.calls('signInWithInitData')).toEqual([]);
      expect(h.fakes.calls('exchangeLinkToken')).toEqual([]);
    },
    'startup.linking': (h) => {
      expect(rootSpinner()).not.toBeNull();
      expect(h.app.session.getSnapshot().context.linkToken).toBe('one-time-code');
    },
    'startup.initDataFailed': (h, _s, { history }) => {
      // Spec §4: the spinner stays in the init-data path; the app has still moved to the error route.
      expect(rootSpinner()).not.toBeNull();
      expect(pathname(h.app)).toBe(`/error/${errorCode(h)}`);
      // 0022 clears the stored user once, besides the removal after a discard whose revocation failed.
      if (errorCode(h) === 'B2C_USM0022') expect(h.app.removed.length).toBe(1 + discardFailures(history));
    },
    'authenticated.active': (h, s, { event }) => {
      expectHome(h);
      // The profile named B as the account's Telegram user: kept beside the stored session for the next start.
      if (event?.type === 'xstate.done.actor.loadTelegramOwner') {
        expect(h.app.owners).toEqual([{ sub: valid.profile.sub, telegramUserId: TG_B }]);
        expect((s.context.user as RestoredSession['user'])?.telegramUserId).toBe(TG_B);
      } else expect(h.app.owners).toEqual([]);
    },
    // Re-authentication is invisible: the screen stays, calls wait for it.
    'authenticated.reauthenticating.viaSilent': (h) => {
      expectHome(h);
      expect(h.fakes.calls('signinSilent').length).toBeGreaterThan(0);
    },
    'authenticated.reauthenticating.viaInitData': (h) => {
      expectHome(h);
      expect(h.fakes.calls('signInWithInitData').length).toBeGreaterThan(0);
    },
    'unauthenticated.grace': (h, s) => {
      if (showsErrorScreen(errorCode(h))) return expectErrorScreen(h, errorCode(h), s.context.isTelegram);
      expect(pathname(h.app)).toBe('/home');
      expect(rootSpinner()).not.toBeNull();
      expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    },
    'unauthenticated.settled': (h, s) => {
      if (showsErrorScreen(errorCode(h))) {
        expectErrorScreen(h, errorCode(h), s.context.isTelegram);
        if (errorCode(h) === 'B2C_USM0022') expect(h.app.removed.length).toBe(1);
        return;
      }
      expect(pathname(h.app)).toBe('/auth/login');
      expect(text(screen.getByRole('heading', { name: 'Welcome to your wallet' })), 'heading').toBe(
        'Welcome to your wallet',
      );
    },
  },
});
