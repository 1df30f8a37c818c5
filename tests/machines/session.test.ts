import { createActor, fromPromise } from 'xstate';
import {
  accessValid,
  refreshValid,
  sessionMachine,
  startupRoute,
  storedSessionOwner,
  toSessionError,
  type RestoredSession,
  type SessionUser,
} from '../../machines/session.machine';
import { initDataUserId } from '../../src/platform/initDataUser';
import { profileMachine, type Profile } from '../../machines/profile.machine';
import { appMachine } from '../../machines/app.machine';
import { walletMachine } from '../../machines/wallet.machine';

const now = Date.UTC(2025, 2, 10, 12);
const sec = (ms: number) => Math.floor(ms / 1000);
const user = (o: Partial<SessionUser> = {}): SessionUser => ({
  accessToken: 'a',
  refreshToken: 'r',
  expiresAt: sec(now) + 60,
  profile: { sub: 's' },
  ...o,
});
const expiredAccess = { expiresAt: sec(now) - 1 };

describe('token expiry (spec §9: exp × 1000 against now)', () => {
  it('treats the access token as expired from its exp second on', () => {
    expect(accessValid(user({ expiresAt: sec(now) + 1 }), now)).toBe(true);
    expect(accessValid(user({ expiresAt: sec(now) }), now)).toBe(false);
    expect(accessValid(user({ expiresAt: undefined }), now)).toBe(true);
  });

  it('needs a refresh token; an opaque one with unknown expiry is presumed valid', () => {
    expect(refreshValid(user({ refreshToken: undefined }), now)).toBe(false);
    expect(refreshValid(user({ refreshExpiresAt: undefined }), now)).toBe(true);
    expect(refreshValid(user({ refreshExpiresAt: now + 1 }), now)).toBe(true);
    expect(refreshValid(user({ refreshExpiresAt: now }), now)).toBe(false);
  });
});

describe('start-up rules (spec §4)', () => {
  const route = (u: SessionUser | null, isTelegram: boolean, linkToken: string | null = null) =>
    startupRoute({ user: u, isTelegram, linkToken }, now);

  it.each([
    ['stored, valid access, browser', user(), false, null, 'active'],
    ['stored, valid access, messenger', user(), true, null, 'active'],
    ['stored, access expired, refresh valid, browser', user(expiredAccess), false, null, 'silent'],
    ['stored, access expired, refresh valid, messenger', user(expiredAccess), true, null, 'silentThenInitData'],
    ['stored, both expired, browser', user({ ...expiredAccess, refreshExpiresAt: now - 1 }), false, null, 'expired'],
    ['stored, both expired, messenger', user({ ...expiredAccess, refreshExpiresAt: now - 1 }), true, null, 'initData'],
    ['stored, no refresh token, browser', user({ ...expiredAccess, refreshToken: undefined }), false, null, 'expired'],
    ['stored user wins over a link token', user(), true, 'code', 'active'],
    ['none, messenger, link token', null, true, 'code', 'linking'],
    ['none, messenger', null, true, null, 'initData'],
    ['none, browser (a link token alone means nothing there)', null, false, 'code', 'signedOut'],
  ] as const)('%s → %s', (_name, u, tg, link, expected) => {
    expect(route(u as SessionUser | null, tg, link)).toBe(expected);
  });
});

describe('whose Telegram session is stored (issue 20 item 9, guide §8 item 16)', () => {
  const owner = (u: SessionUser | null, isTelegram: boolean, initDataUser: number | null) =>
    storedSessionOwner({ user: u, isTelegram, linkToken: null, initDataUserId: initDataUser }, now);

  it.each([
    ['recorded for the init data user', user({ telegramUserId: 7 }), true, 7, 'same'],
    ['recorded for another Telegram user', user({ telegramUserId: 8 }), true, 7, 'other'],
    ['recorded for another, access expired', user({ ...expiredAccess, telegramUserId: 8 }), true, 7, 'other'],
    ['not recorded, live token: ask the profile', user(), true, 7, 'unknown'],
    ['not recorded, access expired: not provably this user', user(expiredAccess), true, 7, 'other'],
    ['outside the messenger', user({ telegramUserId: 8 }), false, null, 'notApplicable'],
    ['init data without a user', user({ telegramUserId: 8 }), true, null, 'notApplicable'],
    ['no stored user', null, true, 7, 'notApplicable'],
  ] as const)('%s → %s', (_name, u, tg, initDataUser, expected) => {
    expect(owner(u as SessionUser | null, tg, initDataUser)).toBe(expected);
  });

  it("reads the init data's Telegram user id, and nothing from init data without one", () => {
    const user = encodeURIComponent(JSON.stringify({ id: 123456789, first_name: 'Ann' }));
    expect(initDataUserId(`query_id=1&user=${user}&auth_date=1&hash=abc`)).toBe(123456789);
    expect(initDataUserId('query_id=1&user=%7B%7D&hash=abc')).toBeNull();
    expect(initDataUserId('user=not-json')).toBeNull();
    expect(initDataUserId(null)).toBeNull();
  });
});

describe('session errors', () => {
  it('keeps gateway codes and names anything else UNKNOWN', () => {
    expect(toSessionError({ code: 'B2C_USM0025', message: 'bad' })).toEqual({ code: 'B2C_USM0025', message: 'bad' });
    expect(toSessionError(new Error('boom'))).toEqual({ code: 'UNKNOWN', message: 'boom' });
    expect(toSessionError('x')).toEqual({ code: 'UNKNOWN', message: undefined });
  });
});

describe('session actor', () => {
  const start = (restored: RestoredSession, exchangeError?: unknown) => {
    const shown: string[] = [];
    const actor = createActor(
      sessionMachine.provide({
        actors: {
          restoreSession: fromPromise<RestoredSession>(async () => restored),
          exchangeLinkToken: fromPromise<SessionUser, { linkToken: string }>(async () => {
            throw exchangeError;
          }),
        },
        actions: { showError: ({ context }) => void shown.push(context.error!.code) },
      }),
    ).start();
    return { actor, shown };
  };

  it('a link exchange failure shows the error screen once and drops the one-time code', async () => {
    const { actor, shown } = start(
      { user: null, isTelegram: true, linkToken: 'c' },
      { code: 'B2C_USM0024', message: 'used' },
    );
    await vi.waitFor(() => expect(actor.getSnapshot().hasTag('signedOut')).toBe(true));
    expect(shown).toEqual(['B2C_USM0024']);
    expect(actor.getSnapshot().context.linkToken).toBeNull();
  });

  it('signed in from the outside (password login) while signed out', async () => {
    const { actor } = start({ user: null, isTelegram: false, linkToken: null });
    await vi.waitFor(() => expect(actor.getSnapshot().hasTag('signedOut')).toBe(true));
    actor.send({ type: 'user.signedIn', user: user({ expiresAt: undefined }) });
    expect(actor.getSnapshot().matches({ authenticated: 'active' })).toBe(true);
  });

  it('tells preferences about sign-in (once the profile is known) and sign-out, once each', async () => {
    const loaded: Profile = {
      email: 'a@b.c',
      accountId: 'acc-1',
      pinCodeActive: false,
      telegram: null,
      language: null,
      currency: null,
    };
    const seen: string[] = [];
    // The app machine (machines/app.machine.ts) ties the session, the profile and the preferences.
    const app = createActor(
      appMachine.provide({
        actors: {
          session: sessionMachine.provide({
            actors: {
              restoreSession: fromPromise<RestoredSession>(async () => ({
                user: user({ expiresAt: undefined }),
                isTelegram: false,
                linkToken: null,
              })),
            },
          }),
        },
      }),
      {
        input: {
          production: false,
          preferences: { darkTheme: true, language: 'ENG', languageChosen: true },
          signedIn: walletMachine.provide({
            actors: { profile: profileMachine.provide({ actors: { loadProfile: fromPromise(async () => loaded) } }) },
          }),
        },
        inspect: (inspection) => {
          if (inspection.type === '@xstate.event' && inspection.actorRef === preferencesOf())
            seen.push(inspection.event.type);
        },
      },
    );
    const preferencesOf = () => app.getSnapshot().context.preferences;
    app.start();
    const actor = app.getSnapshot().context.session;
    const profile = app.getSnapshot().context.wallet!.getSnapshot().context.profile;
    await vi.waitFor(() => expect(actor.getSnapshot().hasTag('signedIn')).toBe(true));
    await vi.waitFor(() => expect(profile.getSnapshot().matches('loaded')).toBe(true));
    actor.send({ type: 'user.signedIn', user: user({ accessToken: 'b', expiresAt: undefined }) });
    actor.send({ type: 'user.signedOut' });
    expect(seen.filter((type) => type.startsWith('user.'))).toEqual(['user.signedIn', 'user.signedOut']);
  });
});
