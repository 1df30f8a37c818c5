/**
 * Analytics inside the real app (router, guards, shell, services): every route is on the allow-list,
 * screen views carry route templates, sign-in and a passcode set are recorded, and each batch says
 * whether the app runs inside Telegram (tg) or not (web) and goes with the session's token.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fromPromise } from 'xstate';
import { ANALYTICS_SCREENS, type AnalyticsEvent } from '../../contracts/analytics';
import type { UserProfile } from '../../src/api/userProfile';
import { screenOf } from '../../src/app/router';
import { settle } from '../support/mbt';
import { makeUser, mountApp, pathname, type MountedApp } from './app/harness';
import { enterCode } from './passcode-support';

const profile: UserProfile = {
  id: 'user-1',
  email: 'ann@example.com',
  pinCodeActive: false,
  accounts: [{ id: 'acc-1', name: 'Account', language: 'ENG', defaultFiatCurrency: 'USD' }],
};

async function sent(app: MountedApp) {
  await app.services.analytics.flush();
  return app.analytics;
}
const events = (batches: { batch: { events: AnalyticsEvent[] } }[]) =>
  batches.flatMap((b) => b.batch.events.map(({ name, props }) => ({ name, props })));

afterEach(() => vi.useRealTimers());

describe('analytics in the app', () => {
  it("the allow-list of screens is exactly the router's routes", async () => {
    const app = mountApp({ path: '/auth/login' });
    await settle();
    const routes = new Set(Object.values(app.router.routesById).map((r) => screenOf(r.fullPath)));
    expect([...routes].sort()).toEqual([...ANALYTICS_SCREENS].sort());
    app.view.unmount();
  });

  it('on the web: screen views as route templates, a passcode set, each batch with appType web and the token', async () => {
    vi.useFakeTimers();
    const enabled: string[] = [];
    const app = mountApp({
      path: '/settings/wallet-protection',
      signedIn: makeUser(),
      account: profile,
      recordAnalytics: true,
      api: {
        passcode: {
          enable: async (code) => void enabled.push(code),
          validate: async () => {},
          change: async () => {},
          disable: async () => {},
        },
      },
    });
    await settle();
    await settle();
    const user = userEvent.setup({ delay: null, advanceTimers: vi.advanceTimersByTime });
    await user.click(screen.getByRole('switch', { name: 'Passcode' }));
    await settle();
    for (let i = 0; i < 2; i++) await enterCode(user, '1357'); // created, then repeated
    await settle();
    expect(enabled).toEqual(['1357']);

    const batches = await sent(app);
    expect(events(batches)).toEqual([
      { name: 'screen_viewed', props: { screen: '/settings/wallet-protection' } },
      { name: 'screen_viewed', props: { screen: '/settings/wallet-protection/set' } },
      { name: 'passcode_set', props: {} },
    ]);
    expect(batches.every(({ batch, accessToken }) => batch.appType === 'web' && accessToken === 'access-1')).toBe(true);
    expect(JSON.stringify(batches)).not.toMatch(/1357|ann@example\.com/);
    app.view.unmount();
  });

  it('an asset screen is recorded as its template, not with the coin in the path', async () => {
    vi.useFakeTimers();
    const app = mountApp({
      path: '/home/asset/BTC/receive',
      signedIn: makeUser(),
      account: profile,
      recordAnalytics: true,
    });
    await settle();
    expect(events(await sent(app))).toContainEqual({
      name: 'screen_viewed',
      props: { screen: '/home/asset/$currency/receive' },
    });
    app.view.unmount();
  });

  it('inside Telegram: the init-data sign-in and the screens, with appType tg', async () => {
    vi.useFakeTimers();
    const app = mountApp({
      path: '/',
      isTelegram: true,
      account: profile,
      recordAnalytics: true,
      session: {
        restoreSession: fromPromise(async () => ({ user: null, isTelegram: true, linkToken: null })),
        signInWithInitData: fromPromise(async () => makeUser()),
      },
    });
    await settle();
    await settle();
    expect(pathname(app)).toBe('/home');
    const batches = await sent(app);
    expect(events(batches)).toContainEqual({ name: 'signed_in', props: { method: 'telegram' } });
    expect(events(batches)).toContainEqual({ name: 'screen_viewed', props: { screen: '/home' } });
    expect(batches.every(({ batch }) => batch.appType === 'tg')).toBe(true);
    app.view.unmount();
  });
});
