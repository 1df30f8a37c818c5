/**
 * Offline and stale data (issue 14), driven from the production connectivity machine against the
 * rendered app on Home, with fake timers: the page's offline/online/foreground events, gateway calls
 * that fail or get an answer (real requests through the services' client, reported by its hooks), and
 * probes whose outcome each path decides, backing off 2 s, 4 s… up to 60 s. After every step the
 * banner and Home's "Updated hh:mm" line must say what the machine says, and a return to the network
 * must bring fresh balances.
 */
import { act, screen } from '@testing-library/react';
import { fromPromise, type AnyMachineSnapshot } from 'xstate';
import { connectivityMachine, PROBE_BACKOFF } from '../../machines/connectivity.machine';
import { backoffDelay } from '../../machines/shared/backoff';
import { formatTime } from '../../src/i18n/dates';
import { describeModel, exactlyAfter, settle, type Harness } from '../support/mbt';
import { catalogue, holdingsA, rates } from '../fixtures/wallet';
import { fakeNetwork, makeUser, mountApp, type MountedApp } from './app/harness';
import { isShown } from '../support/dom';

const BANNER = 'You are offline. What you see may be out of date; it refreshes when the connection is back.';
const loadedAt = Date.UTC(2026, 10, 24, 9, 41);

/** The gateway as the services' client reaches it: `reachable` false fails like a dropped connection. */
function gatewayFetch(gateway: { reachable: boolean }): typeof fetch {
  return async () => {
    if (!gateway.reachable) throw new TypeError('Failed to fetch');
    return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
  };
}

type H = {
  app: MountedApp;
  gateway: { reachable: boolean };
  /** Balance loads so far, and how many there were when the connection was last lost. */
  loads: { count: number; whenLost: number };
  wasOffline: boolean;
};

/** One real gateway call through the services' client (POST: ky does not retry it). */
async function call(h: H, reachable: boolean) {
  h.gateway.reachable = reachable;
  await act(async () => {
    await h.app.gateway.authHttp!.post('b2c-wallet/anything', { json: {} }).catch(() => undefined);
  });
}

const offlineEvents = [{ type: 'request.succeeded' }, { type: 'network.lost' }, { type: 'request.failed' }] as const;

describeModel('connectivity', {
  machine: connectivityMachine,
  events: {
    online: [
      { type: 'network.lost' },
      { type: 'request.failed' },
      { type: 'request.succeeded' },
      { type: 'network.returned' },
    ],
    'offline.waiting': [
      ...offlineEvents,
      { type: 'network.returned' },
      { type: 'app.foregrounded' },
      { type: 'xstate.after.PROBE.connectivity.offline.waiting' },
    ],
    'offline.probing': [
      ...offlineEvents,
      { type: 'xstate.done.actor.probe' },
      { type: 'xstate.error.actor.probe', error: new TypeError('Failed to fetch') },
    ],
  },
  // Every outcome from each backoff step (0 to 5 failed probes: 2 s … 60 s).
  classify: (s) => String(s.context.failures),
  // An event the state ignores is worth a path when it could wrongly flip the banner.
  keepIgnored: (s, e) =>
    (s.matches('online') && e.type === 'request.succeeded') || (s.matches('offline') && e.type === 'request.failed'),
  fakeTimers: true,
  mount: async ({ fakes }) => {
    vi.setSystemTime(loadedAt);
    const h = { gateway: { reachable: true }, loads: { count: 0, whenLost: 0 }, wasOffline: false } as H;
    h.app = mountApp({
      path: '/home',
      signedIn: makeUser(),
      network: fakeNetwork({ probe: fakes.promise('probe') }),
      gatewayFetch: gatewayFetch(h.gateway),
      wallet: {
        loadCatalogue: fromPromise(async () => catalogue),
        // The first load is at 09:41; later ones report their own time.
        loadBalances: fromPromise(
          async () => (
            (h.loads.count += 1), { assets: holdingsA, rates, at: h.loads.count === 1 ? loadedAt : Date.now() }
          ),
        ),
      },
    });
    await settle();
    return Object.assign(h, { actor: h.app.connectivity });
  },
  drive: {
    'network.lost': (_e: unknown, h: Harness<H>) => act(() => h.app.network.change('offline')),
    'network.returned': (_e: unknown, h: Harness<H>) => act(() => h.app.network.change('online')),
    'app.foregrounded': (_e: unknown, h: Harness<H>) => act(() => h.app.network.change('foreground')),
    'request.failed': (_e: unknown, h: Harness<H>) => call(h, false),
    'request.succeeded': (_e: unknown, h: Harness<H>) => call(h, true),
    // The probe waits out its backoff: not a millisecond less.
    'xstate.after.PROBE.connectivity.offline.waiting': (_e: unknown, h: Harness<H>) =>
      exactlyAfter(
        backoffDelay(h.app.connectivity.getSnapshot().context.failures, PROBE_BACKOFF),
        () => h.app.network.state.probes,
        'probe',
      ),
  },
  states: {
    '*': (h: Harness<H>, s: AnyMachineSnapshot) => {
      const offline = s.matches('offline');
      // The status region is always there, so the banner's arrival and departure are announced.
      expect(screen.getByTestId('offline-region').getAttribute('role')).toBe('status');
      if (offline && !h.wasOffline) h.loads.whenLost = h.loads.count;
      // Back online: the balances were asked again at once (not at the end of their wait).
      if (!offline && h.wasOffline)
        expect(h.loads.count, 'balances refreshed on reconnect').toBeGreaterThan(h.loads.whenLost);
      h.wasOffline = offline;
    },
    online: () => {
      expect(screen.queryByText(BANNER)).toBeNull();
      expect(screen.queryByTestId('balances-updated')).toBeNull();
      expect(screen.getByTestId('total').hasAttribute('data-dated')).toBe(false);
    },
    offline: (h: Harness<H>) => {
      expect(screen.getByTestId('offline-banner').textContent).toBe(BANNER);
      // The balances on screen are the last ones loaded, marked with their time.
      const updated = screen.getByTestId('balances-updated');
      expect(updated.textContent).toMatch(/^Updated \d{1,2}:\d{2}( [AP]M)?$/);
      const at = h.app.balances.getSnapshot().context.updatedAt!;
      expect(updated.textContent).toBe(`Updated ${formatTime(at, 'en')}`);
      expect(screen.getByTestId('total').getAttribute('data-dated')).toBe('true');
    },
    // Waiting: no probe in flight; the next one comes after the backoff (checked by the timer's driver).
    'offline.waiting': (h: Harness<H>) => {
      expect(isShown(screen.getByTestId('offline-banner')), 'shown').toBe(true);
      expect(h.app.connectivity.getSnapshot().children.probe).toBeUndefined();
    },
    'offline.probing': (h: Harness<H>) => {
      expect(isShown(screen.getByTestId('offline-banner')), 'shown').toBe(true);
      expect(h.app.network.state.probes).toBeGreaterThan(0);
    },
  },
});

describe('connectivity at start and through the page', () => {
  it('a page that starts without a network shows the banner at once and probes after 2 s', async () => {
    vi.useFakeTimers();
    const network = fakeNetwork({ online: false, probe: fromPromise(async () => undefined) });
    const app = mountApp({ path: '/home', signedIn: makeUser(), network });
    await settle();
    expect(screen.getByTestId('offline-banner').textContent).toBe(BANNER);
    expect(network.state.probes).toBe(0);
    await act(() => vi.advanceTimersByTimeAsync(PROBE_BACKOFF.base));
    expect(network.state.probes).toBe(1);
    expect(app.connectivity.getSnapshot().value).toBe('online');
    expect(screen.queryByTestId('offline-banner')).toBeNull();
  });

  it('a GET that finds no gateway is retried by ky first, and only then reported', async () => {
    vi.useFakeTimers();
    let attempts = 0;
    const app = mountApp({
      path: '/home',
      signedIn: makeUser(),
      gatewayFetch: async () => {
        attempts += 1;
        throw new TypeError('Failed to fetch');
      },
    });
    await settle();
    const request = app.gateway.authHttp!.get('b2c-wallet/anything').catch((error: Error) => error.name);
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(app.connectivity.getSnapshot().value).toBe('online');
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(await request).toBe('NetworkError');
    expect(attempts).toBe(3);
    expect(app.connectivity.getSnapshot().matches('offline')).toBe(true);
  });

  it('a gateway that answers with an error is still reachable: no banner', async () => {
    vi.useFakeTimers();
    const app = mountApp({
      path: '/home',
      signedIn: makeUser(),
      gatewayFetch: async () => new Response('{"code":"X"}', { status: 503 }),
    });
    await settle();
    await act(async () => {
      await app.gateway.authHttp!.post('b2c-wallet/anything', { json: {} }).catch(() => undefined);
    });
    expect(app.connectivity.getSnapshot().value).toBe('online');
    expect(screen.queryByTestId('offline-banner')).toBeNull();
  });
});
