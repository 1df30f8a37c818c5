import { assign, fromPromise, setup } from 'xstate';
import { backoffDelay, countFailure, type Backoff } from './shared/backoff';

export type ConnectivityContext = {
  /** Probes that failed in a row while offline, counted up to where the wait stops growing. */
  failures: number;
};

export type ConnectivityEvent =
  /** The page says the device lost its network (the `offline` event). */
  | { type: 'network.lost' }
  /** The page says the device has a network again (the `online` event). */
  | { type: 'network.returned' }
  /** The app came back to the foreground (focus, or the page became visible again). */
  | { type: 'app.foregrounded' }
  /** A gateway call got no answer at all (network error or timeout, after ky's retries). */
  | { type: 'request.failed' }
  /** A gateway call got an answer (any status: the gateway is reachable). */
  | { type: 'request.succeeded' };

/** While offline, the gateway is probed after 2 s, 4 s, 8 s… and then every 60 s. */
export const PROBE_BACKOFF: Backoff = { base: 2_000, cap: 60_000 };

/**
 * Whether the gateway can be reached, app-wide (issue 14 "Offline and stale data"). The page's
 * online/offline events and the outcome of every gateway call move it; while offline it probes the
 * gateway with a capped exponential backoff, and at once when the page says the network is back or the
 * user returns to the app. The balances poll and the money screens read it: the banner shows while
 * offline and actions that move money wait for the connection.
 */
export const connectivityMachine = setup({
  types: {
    context: {} as ConnectivityContext,
    events: {} as ConnectivityEvent,
    tags: {} as 'offline' | 'probing',
  },
  delays: {
    PROBE: ({ context }) => backoffDelay(context.failures, PROBE_BACKOFF),
  },
  actors: {
    /** Resolves when the gateway answered (GET /b2c-wallet/health), rejects when it did not. */
    probe: fromPromise<void>(async () => {
      throw new Error('probe not provided');
    }),
  },
  actions: {
    forgetFailures: assign({ failures: 0 }),
    countFailure: assign({ failures: ({ context }) => countFailure(context.failures, PROBE_BACKOFF) }),
  },
}).createMachine({
  id: 'connectivity',
  context: { failures: 0 },
  // A page that starts without a network is told so at once (src/app/connectivity.ts).
  initial: 'online',
  states: {
    online: {
      on: {
        'network.lost': 'offline',
        'request.failed': 'offline',
      },
    },
    offline: {
      tags: ['offline'],
      initial: 'waiting',
      entry: 'forgetFailures',
      on: { 'request.succeeded': 'online' },
      states: {
        waiting: {
          description: 'Waits before the next probe; the wait doubles with each failed probe, up to 60 s.',
          after: { PROBE: 'probing' },
          on: {
            // Worth asking now rather than at the end of the wait.
            'network.returned': 'probing',
            'app.foregrounded': 'probing',
          },
        },
        probing: {
          tags: ['probing'],
          invoke: {
            id: 'probe',
            src: 'probe',
            onDone: '#connectivity.online',
            onError: { target: 'waiting', actions: 'countFailure' },
          },
        },
      },
    },
  },
});
