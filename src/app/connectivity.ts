import { createActor, fromPromise } from 'xstate';
import { connectivityMachine } from '../../machines/connectivity.machine';
import { selectOffline } from '../../machines/connectivity.selectors';
import type { ReachabilityReport } from '../api/reachability';
import type { BalancesActor, ConnectivityActor } from './actors';

/** What the page tells about its network (src/app/network.ts in the browser and the messenger's WebView). */
export type NetworkPort = {
  /** What the page believes now (navigator.onLine): false means surely offline, true only maybe online. */
  online(): boolean;
  /** The page's `online` / `offline` events, and the app coming back to the foreground (focus, visible again). */
  subscribe(listener: (change: 'online' | 'offline' | 'foreground') => void): void;
  /** Resolves when the gateway answers (GET /b2c-wallet/health), rejects when it does not. */
  probe(): Promise<void>;
};

const eventOf = { online: 'network.returned', offline: 'network.lost', foreground: 'app.foregrounded' } as const;

/** The app-wide connectivity actor (started), moved by the page's network events and probing through the port. */
export function createConnectivity(network: NetworkPort): ConnectivityActor {
  const connectivity = createActor(
    connectivityMachine.provide({ actors: { probe: fromPromise(() => network.probe()) } }),
  ).start();
  if (!network.online()) connectivity.send({ type: 'network.lost' });
  network.subscribe((change) => connectivity.send({ type: eventOf[change] }));
  return connectivity;
}

/** The gateway calls' outcomes as connectivity events (src/api/reachability.ts reports them). */
export const reachabilityOf = (connectivity: ConnectivityActor): ReachabilityReport => ({
  reached: () => connectivity.send({ type: 'request.succeeded' }),
  unreached: () => connectivity.send({ type: 'request.failed' }),
});

/**
 * The balances follow the connection: when it comes back they load at once instead of waiting out
 * their backoff (a failed first load is tried again, shown data is refreshed). A poll in flight is left
 * alone: its answer may be what brought the connection back.
 */
export function linkConnectivityToBalances(connectivity: ConnectivityActor, balances: BalancesActor) {
  let offline = selectOffline(connectivity.getSnapshot());
  return connectivity.subscribe((snapshot) => {
    const now = selectOffline(snapshot);
    if (offline && !now) {
      const polls = balances.getSnapshot();
      if (polls.matches('failed')) balances.send({ type: 'balances.retried' });
      if (polls.matches({ loaded: 'waiting' })) balances.send({ type: 'balances.refreshRequested' });
    }
    offline = now;
  });
}
