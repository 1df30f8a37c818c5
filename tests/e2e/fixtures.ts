// The journeys' test API: @playwright/test with one real gateway per worker (a free port, a fresh database;
// scripts/lib/gateway.mjs). A worker runs one test at a time, so no two journeys ever share a gateway at the
// same moment. Journeys that flip the gateway's global dev switches (/dev/swap/behaviour, …) or need it
// started with other settings say so with `test.use({ ownGateway: '<file>' })` / `test.use({ gatewayEnv })`:
// a worker option with a value of its own gets a worker, hence a gateway, of its own.
import { test as base } from '@playwright/test';
import type { Hex } from 'viem';
import type { HardhatNode } from '../../gateway/test/support/hardhatNode';
import { type StartedGateway, startGateway } from '../../scripts/lib/gateway.mjs';
import { setBaseUrl } from './support';

type Gateway = StartedGateway;

/** A Hardhat 2 node with the test ERC-20 deployed, for journeys on a real Ethereum chain (docs/evm.md). */
export type EvmChain = { node: HardhatNode; token: Hex };

type WorkerFixtures = {
  /** The worker's gateway runs ETH and its tokens on a local Hardhat node instead of the sandbox chain. */
  evmChain: boolean;
  evm: EvmChain | undefined;
  /** Environment the worker's gateway starts with (e.g. a reset hold of seconds instead of 24 hours). */
  gatewayEnv: Record<string, string>;
  /** A name of its own: the journey's gateway is shared with no other file. */
  ownGateway: string | false;
  gateway: Gateway;
};

type TestFixtures = {
  /**
   * The messenger platform a journey tagged `@platform` plays (its project's, playwright.config.ts): iOS in
   * the default project, Android in the `android` one.
   */
  telegramPlatform: 'ios' | 'android';
  gatewayLog: void;
};

export const test = base.extend<TestFixtures, WorkerFixtures>({
  telegramPlatform: ['ios', { option: true }],
  gatewayEnv: [{}, { scope: 'worker', option: true }],
  ownGateway: [false, { scope: 'worker', option: true }],
  evmChain: [false, { scope: 'worker', option: true }],
  evm: [
    async ({ evmChain }, provide) => {
      if (!evmChain) return provide(undefined);
      // Loaded only here: most workers never start a node.
      const { startHardhatNode } = await import('../../gateway/test/support/hardhatNode');
      const node = await startHardhatNode();
      try {
        await provide({ node, token: await node.deployToken() });
      } finally {
        await node.stop();
      }
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  gateway: [
    // `ownGateway` is read by the runner, not here: its value alone sets the worker apart.
    async ({ gatewayEnv, ownGateway: _, evm }, provide) => {
      // The node first: the gateway checks its chain id at start.
      const chainEnv = evm ? (await import('../../gateway/test/support/evmEnv')).evmEnv(evm.node, evm.token) : {};
      // Several gateways booting at once on a busy 2-core machine (tsx + migrations each) can take a minute.
      const gateway: Gateway = await startGateway({ ...chainEnv, ...gatewayEnv }, { startTimeoutMs: 180_000 });
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

/** The options a project may set (playwright.config.ts). */
export type TestOptions = Pick<TestFixtures, 'telegramPlatform'>;
