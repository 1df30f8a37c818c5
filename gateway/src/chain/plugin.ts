import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { reportDeposit } from '../wallet/deposits.js';
import { setBitcoinNetwork } from './addresses.js';
import { loadSeed } from './seed.js';
import type { ChainAdapter, DepositListener } from './adapter.js';
import type { Network } from './addresses.js';
import { devChainRoutes } from './devRoutes.js';
import { createEvmAdapter, type EvmAdapter } from './evm/adapter.js';
import { sandboxAdapters, startBlockProducer } from './sandbox/adapter.js';
import { SandboxChain } from './sandbox/chain.js';

/** Every adapter reports into the wallet the same way; the wallet makes repeats harmless. */
export const creditDeposits: DepositListener = (report, db) => reportDeposit(db, report);

/**
 * Chains for this gateway. Ethereum and its tokens run on a real node when ETH_RPC_URL is set
 * (./evm/, sandbox or not); every other network, and Ethereum without it, is the sandbox's pretend
 * chain (sandbox mode only), which watches deposits, produces blocks and gets dev routes.
 */
export type ChainAdapters = Map<Network, ChainAdapter>;

/** `adapters` is filled with this gateway's adapter per network, for the withdrawal worker. */
export async function chainPlugin(
  app: FastifyInstance,
  { db, config, adapters }: { db: Db; config: Config; adapters?: ChainAdapters },
) {
  setBitcoinNetwork(config.bitcoinNetwork);
  // Production must not start without its seed: better a failed deploy than a failed first deposit.
  if (config.production && !config.sandbox) loadSeed(config);
  let evm: EvmAdapter | undefined;
  if (config.evm) {
    evm = await createEvmAdapter({ db, config: config.evm, seed: loadSeed(config), log: app.log });
    adapters?.set(evm.network, evm);
    const stop = evm.watchDeposits(creditDeposits);
    app.addHook('onClose', stop);
    app.log.info({ chainId: evm.chainId, hotWallet: evm.hotWalletAddress }, 'Ethereum: following a real node');
  }
  if (!config.sandbox) return;
  const chain = new SandboxChain(
    db,
    {
      confirmationMs: config.sandboxBlockMs,
      requiredConfirmations: config.sandboxConfirmations,
    },
    app.log,
  );
  const all = sandboxAdapters(chain).filter((a) => !(evm && a.network === evm.network));
  for (const adapter of all) adapters?.set(adapter.network, adapter);
  const stops = all.map((adapter) => adapter.watchDeposits(creditDeposits));
  const producer = startBlockProducer(chain, { maxTickMs: Math.min(1000, config.sandboxBlockMs), log: app.log });
  app.addHook('onClose', async () => {
    await producer.stop();
    await Promise.all(stops.map((stop) => stop()));
  });
  await app.register(devChainRoutes, { db, chain, ...(evm ? { evm } : {}) });
}
