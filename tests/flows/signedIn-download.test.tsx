/**
 * The signed-in part of the services (profile, catalogue, balances, wallet calls: src/app/signedIn.ts)
 * is a download in the live app. The sign-in screens never ask for it; a stored user's start asks for it
 * once, Home waits for it behind the start-up spinner, and the part joins a session that is already signed
 * in: the profile, the catalogue and the balances start, and the preferences get the account's settings.
 */
import { screen, waitFor } from '@testing-library/react';
import { fromPromise } from 'xstate';
import { asset, catalogue, rates } from '../fixtures/wallet';
import { makeUser, mountApp, pathname } from './app/harness';

function deferred() {
  let release!: () => void;
  const promise = new Promise<void>((resolve) => (release = resolve));
  return { promise, release };
}

describe('the signed-in part, downloaded', () => {
  it('is not downloaded for the login screen', async () => {
    const download = deferred();
    const app = mountApp({
      path: '/auth/login',
      session: { restoreSession: fromPromise(async () => ({ user: null, isTelegram: false, linkToken: null })) },
      signedInDownload: download.promise,
    });
    expect((await screen.findByRole('link', { name: /log in/i })).textContent).toMatch(/log in/i);
    expect(app.downloads.signedIn).toBe(0);
    expect(app.services.signedIn()).toBeUndefined();
  });

  it('arrives after the sign-in, then starts the wallet and Home renders', async () => {
    const download = deferred();
    let profileLoads = 0;
    const app = mountApp({
      path: '/home',
      signedIn: makeUser(),
      loadProfile: async () => {
        profileLoads += 1;
        return {
          id: 'user',
          email: 'ann@example.com',
          pinCodeActive: true,
          accounts: [{ id: 'acc-1', name: 'Account', language: 'RUS', defaultFiatCurrency: 'EUR' }],
        };
      },
      wallet: {
        loadCatalogue: fromPromise(async () => catalogue),
        loadBalances: fromPromise(async () => ({ assets: [asset('BTC', '0.5')], rates })),
        loadUserFlags: fromPromise(async () => ({ pinCodeActive: true, tgLinked: true })),
      },
      signedInDownload: download.promise,
    });
    // Signed in, but the part has not arrived: no Home yet, no gateway call yet.
    await waitFor(() => expect(app.downloads.signedIn).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('Total balance')).toBeNull();
    expect(profileLoads).toBe(0);

    download.release();
    expect((await screen.findByText('Total balance')).tagName).toBe('H1');
    expect(pathname(app)).toBe('/home');
    const part = app.services.signedIn()!;
    await waitFor(() => expect(part.profile.getSnapshot().matches('loaded')).toBe(true));
    await waitFor(() => expect(part.balances.getSnapshot().context.fiat).toBe('EUR'));
    expect(part.coins.getSnapshot().matches('loaded')).toBe(true);
    // The preferences took the account's settings from the loaded profile, without asking GET /user again.
    await waitFor(() => expect(app.preferences.getSnapshot().context.language).toBe('RUS'));
    expect(profileLoads).toBe(1);
    // One download, however many asked for it (the session link and the route's loader).
    expect(app.downloads.signedIn).toBe(1);
  });
});
