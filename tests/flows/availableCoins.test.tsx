/**
 * Available coins (spec §3/§4: loading, error, loaded), driven from the production machine through
 * the session (it starts and stops with sign-in) and the home screen's loading, error and list.
 */
import { act, screen, within } from '@testing-library/react';
import { fromPromise } from 'xstate';
import { availableCoinsMachine } from '../../machines/availableCoins.machine';
import { backoffDelay, FIRST_LOAD_RETRY } from '../../machines/shared/backoff';
import { toCoinMap } from '../../machines/shared/coins';
import { describeModel, exactlyAfter, settle } from '../support/mbt';
import { catalogue, holdingsA, rates } from '../fixtures/wallet';
import { makeUser, mountApp, pathname, type MountedApp } from './app/harness';
import { isEnabled, isShown } from '../support/dom';

type H = { app: MountedApp; restored: boolean };
const user = makeUser();

describeModel('availableCoins', {
  machine: availableCoinsMachine,
  input: { production: false },
  events: {
    idle: [{ type: 'session.started' }],
    loading: [
      { type: 'xstate.done.actor.loadCatalogue', output: catalogue },
      { type: 'xstate.error.actor.loadCatalogue', error: { status: 500, code: 'HTTP_500' } },
    ],
    error: [{ type: 'coins.retried' }, { type: 'xstate.after.RETRY.availableCoins.error' }],
    '*': [{ type: 'session.ended' }],
  },
  // Each retry wait: after 1, 2, 3 and 4 (capped) failed loads in a row.
  classify: (s) => `${s.context.failures}`,
  keepIgnored: () => false,
  fakeTimers: true,
  mount: async ({ fakes }) => {
    const h = { restored: false } as H;
    h.app = mountApp({
      path: '/home',
      session: { restoreSession: fakes.promise('restoreSession') },
      wallet: {
        loadCatalogue: fakes.promise('loadCatalogue'),
        loadBalances: fromPromise(async () => ({ assets: holdingsA, rates })),
      },
    });
    return Object.assign(h, { actor: h.app.coins });
  },
  drive: {
    'session.started': async (_e, h) => {
      if (!h.restored) {
        h.restored = true;
        await act(async () => h.fakes.resolve('restoreSession', { user, isTelegram: false, linkToken: null }));
      } else {
        act(() => h.app.session.send({ type: 'user.signedIn', user }));
      }
    },
    'session.ended': (_e, h) => act(() => h.app.session.send({ type: 'user.signedOut' })),
    'coins.retried': (_e, h) => h.user.click(screen.getByRole('button', { name: 'Retry' })),
    // A failed load is tried again by itself: 10 s after the first failure, then 20 s, 40 s, 60 s, not a millisecond sooner.
    'xstate.after.RETRY.availableCoins.error': (_e: unknown, h) =>
      exactlyAfter(
        backoffDelay(h.app.coins.getSnapshot().context.failures - 1, FIRST_LOAD_RETRY),
        () => h.fakes.calls('loadCatalogue').length,
        'retry',
      ),
  },
  states: {
    idle: (h, s) => {
      // Signed out: the start-up spinner on /home, or login once signed out.
      expect(['/home', '/auth/login']).toContain(pathname(h.app));
      expect(s.context.coins).toEqual({});
      expect(screen.queryByTestId('asset-list')).toBeNull();
      expect(screen.queryByText('Total balance')).toBeNull();
    },
    loading: (h) => {
      expect(pathname(h.app)).toBe('/home');
      expect(screen.getByTestId('loading').textContent).toBe('Loading');
      expect(screen.queryByTestId('asset-list')).toBeNull();
      expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    },
    error: (h) => {
      expect(pathname(h.app)).toBe('/home');
      expect(screen.getByRole('alert').textContent).toContain('Could not load your balances.');
      expect(isEnabled(screen.getByRole('button', { name: 'Retry' })), 'enabled').toBe(true);
      expect(screen.queryByTestId('asset-list')).toBeNull();
    },
    loaded: (h, s) => {
      expect(pathname(h.app)).toBe('/home');
      expect(Object.keys(s.context.coins)).not.toContain('OLD');
      const list = screen.getByTestId('asset-list');
      expect(
        within(list)
          .getAllByRole('link')
          .map((a) => a.getAttribute('data-currency')),
      ).toEqual(['BTC', 'USDT_TRX']);
      expect(isShown(within(list).getByText('Bitcoin')), 'shown').toBe(true);
      expect(isShown(within(list).getByText('Tether USD')), 'shown').toBe(true);
    },
  },
});

describe('coin catalogue filter (spec §3/§7)', () => {
  it('keeps entries with an implementation and drops lightning only in production', () => {
    expect(Object.keys(toCoinMap(catalogue, false))).toEqual(['BTC', 'BTC_LNG', 'ETH', 'USDT_TRX', 'TRX', 'TON']);
    expect(Object.keys(toCoinMap(catalogue, true))).toEqual(['BTC', 'ETH', 'USDT_TRX', 'TRX', 'TON']);
    const onlyLightning = { ...catalogue[0], currency: 'WRAP', implementations: [{ currency: 'BTC_LNG' }] };
    expect(toCoinMap([onlyLightning], true)).toEqual({});
  });

  it('asks for the catalogue once per session', async () => {
    let calls = 0;
    const app = mountApp({
      path: '/home',
      signedIn: user,
      wallet: {
        loadCatalogue: fromPromise(async () => ((calls += 1), catalogue)),
        loadBalances: fromPromise(async () => ({ assets: holdingsA, rates })),
      },
    });
    await settle();
    await act(() => app.router.navigate({ to: '/manage-assets' }));
    await act(() => app.router.navigate({ to: '/home' }));
    await settle();
    expect(calls).toBe(1);
  });
});
