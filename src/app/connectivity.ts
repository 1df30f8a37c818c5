import { fromCallback, fromPromise, type EventObject } from 'xstate';
import { connectivityMachine } from '../../machines/connectivity.machine';
import type { ReachabilityReport } from '../api/reachability';
import type { ConnectivityActor } from './actors';

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

/** The app-wide connectivity machine, probing the gateway through the port (the app machine spawns it). */
export const connectivityLogic = (network: NetworkPort) =>
  connectivityMachine.provide({ actors: { probe: fromPromise(() => network.probe()) } });

/**
 * The page's network events for the connectivity actor, spawned beside it by the app machine: a page
 * that starts without a network says so at once.
 */
export const networkLogic = (network: NetworkPort) =>
  fromCallback<EventObject, { connectivity: ConnectivityActor }>(({ input: { connectivity } }) => {
    if (!network.online()) connectivity.send({ type: 'network.lost' });
    network.subscribe((change) => connectivity.send({ type: eventOf[change] }));
  });

/** The gateway calls' outcomes as connectivity events (src/api/reachability.ts reports them). */
export const reachabilityOf = (connectivity: () => ConnectivityActor): ReachabilityReport => ({
  reached: () => connectivity().send({ type: 'request.succeeded' }),
  unreached: () => connectivity().send({ type: 'request.failed' }),
});
