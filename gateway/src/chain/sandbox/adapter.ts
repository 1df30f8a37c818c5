import { NETWORKS, type Network } from '../addresses.js';
import type { BroadcastStatus, ChainAdapter } from '../adapter.js';
import type { SandboxChain, SandboxLogger } from './chain.js';

/** The sandbox chain seen through the adapter interface, one adapter per network like real ones. */
export function sandboxAdapter(chain: SandboxChain, network: Network): ChainAdapter {
  return {
    network,
    watchDeposits(onReport) {
      const unlisten = chain.listen([network], onReport);
      return async () => unlisten();
    },
    async broadcast(transfer) {
      return { txHash: (await chain.broadcast(network, transfer)).txHash };
    },
    async findBroadcast(reference) {
      const row = await chain.findByReference(reference);
      if (!row || row.network !== network) return undefined;
      return {
        txHash: row.txHash,
        confirmations: row.confirmations,
        requiredConfirmations: row.requiredConfirmations,
        status: row.status,
      };
    },
    async findBroadcasts(references) {
      const found = new Map<string, BroadcastStatus>();
      for (const row of await chain.findByReferences(references)) {
        if (row.network !== network || !row.reference) continue;
        found.set(row.reference, {
          txHash: row.txHash,
          confirmations: row.confirmations,
          requiredConfirmations: row.requiredConfirmations,
          status: row.status,
        });
      }
      return found;
    },
    async confirmations(txHash) {
      return (await chain.find(txHash))?.confirmations ?? 0;
    },
  };
}

export function sandboxAdapters(chain: SandboxChain): ChainAdapter[] {
  return NETWORKS.map((network) => sandboxAdapter(chain, network));
}

/**
 * Produces the sandbox's blocks: a timer that advances due transfers. A self-rescheduling timeout
 * rather than setInterval so a slow tick never overlaps the next one in the same process; other
 * processes are kept apart by the row locks in SandboxChain.tick.
 */
export function startBlockProducer(chain: SandboxChain, opts: { maxTickMs?: number; log?: SandboxLogger } = {}) {
  const maxTickMs = opts.maxTickMs ?? 1000;
  const log = opts.log ?? console;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;

  const schedule = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = (async () => {
        let next = maxTickMs;
        try {
          await chain.tick();
          // Tick at least once per block so a sped-up chain (POST /dev/chain/behaviour) is honoured.
          next = Math.min(maxTickMs, chain.lastConfirmationMs ?? maxTickMs);
        } catch (error) {
          log.error({ err: error }, 'sandbox chain: tick failed');
        }
        schedule(next);
      })();
    }, ms);
    timer.unref?.();
  };
  schedule(0);

  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
