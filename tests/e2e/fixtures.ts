// The journeys' test API: @playwright/test with one real gateway per worker (a free port, a fresh database;
// scripts/lib/gateway.mjs). A worker runs one test at a time, so no two journeys ever share a gateway at the
// same moment. Journeys that flip the gateway's global dev switches (/dev/swap/behaviour, …) or need it
// started with other settings say so with `test.use({ ownGateway: '<file>' })` / `test.use({ gatewayEnv })`:
// a worker option with a value of its own gets a worker, hence a gateway, of its own.
import { test as base } from '@playwright/test';
import { type StartedGateway, startGateway } from '../../scripts/lib/gateway.mjs';
import { setBaseUrl } from './support';

type Gateway = StartedGateway;

type WorkerFixtures = {
  /** Environment the worker's gateway starts with (e.g. a reset hold of seconds instead of 24 hours). */
  gatewayEnv: Record<string, string>;
  /** A name of its own: the journey's gateway is shared with no other file. */
  ownGateway: string | false;
  gateway: Gateway;
};

export const test = base.extend<{ gatewayLog: void }, WorkerFixtures>({
  gatewayEnv: [{}, { scope: 'worker', option: true }],
  ownGateway: [false, { scope: 'worker', option: true }],
  gateway: [
    // `ownGateway` is read by the runner, not here: its value alone sets the worker apart.
    async ({ gatewayEnv, ownGateway: _ }, provide) => {
      // Several gateways booting at once on a busy 2-core machine (tsx + migrations each) can take a minute.
      const gateway: Gateway = await startGateway(gatewayEnv, { startTimeoutMs: 180_000 });
      setBaseUrl(gateway.baseUrl);
      try {
        await provide(gateway);
      } finally {
        await gateway.stop();
      }
    },
    { scope: 'worker', auto: true, timeout: 200_000 },
  ],
  // What the gateway said, beside the trace of a failed journey.
  gatewayLog: [
    async ({ gateway }, provide, testInfo) => {
      await provide();
      if (testInfo.status !== testInfo.expectedStatus) {
        await testInfo.attach('gateway.log', { body: gateway.log().slice(-20_000), contentType: 'text/plain' });
      }
    },
    { auto: true },
  ],
});
