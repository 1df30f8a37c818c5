import { erc20Abi } from 'viem';
import type { Db } from '../../db/client.js';
import { BroadcastRejectedError, type ChainAdapter, type DepositListener } from '../adapter.js';
import { isValidAddress, normalizeAddress } from '../addresses.js';
import { createEvmClient, estimateFees, type EvmClient, type Hex } from './client.js';
import type { EvmConfig } from './config.js';
import { BlockFollower } from './follower.js';
import { hotWallet } from './keys.js';
import { attemptsOf, callOf, send, signAndRecord, track, type EvmContext, type EvmLogger } from './sender.js';
import { Sweeper } from './sweeper.js';

export interface EvmAdapter extends ChainAdapter {
  readonly chainId: number;
  readonly hotWalletAddress: Hex;
  readonly client: EvmClient;
  /** An ETH send's fee as the market stands, in wei: 21,000 gas × the fee cap, cached for a poll. */
  estimateFee(currency: string): Promise<bigint | undefined>;
  /** One follower + sweeper step by hand (tests); the loop started by watchDeposits runs its own. */
  step(onReport: DepositListener): Promise<void>;
}

const die = () => process.kill(process.pid, 'SIGKILL');
const ETH_TRANSFER_GAS = 21_000n;
const FEE_STEP = 10_000_000_000n; // 1e-8 ETH

/**
 * Ethereum and its ERC-20 tokens over JSON-RPC (viem), on the chain/adapter.ts seam. Connects and
 * checks the chain id at creation, so a wrong ETH_RPC_URL stops the start rather than the first send.
 */
export async function createEvmAdapter(opts: {
  db: Db;
  config: EvmConfig;
  seed: Uint8Array;
  log: EvmLogger;
}): Promise<EvmAdapter> {
  const { db, config, seed, log } = opts;
  const client = createEvmClient(config);
  const chainId = await client.getChainId();
  if (config.chainId !== undefined && config.chainId !== chainId)
    throw new Error(`ETH_CHAIN_ID is ${config.chainId} but the node at ETH_RPC_URL serves chain ${chainId}`);
  const ctx: EvmContext = { db, client, chainId, config, log };
  const hot = hotWallet(seed);
  const follower = new BlockFollower(ctx, [hot.address]);
  await follower.init();
  const sweeper = new Sweeper(ctx, seed, hot);

  const gasOf = async (currency: string, to: Hex, amount: bigint) => {
    const call = callOf(config, currency, to, amount);
    try {
      const gas = await client.estimateGas({ account: hot.address, to: call.to, value: call.value, data: call.data });
      // A token transfer's cost depends on storage the first time; keep a margin the node refunds if unused.
      return currency === 'ETH' ? gas : (gas * 12n) / 10n;
    } catch (error) {
      throw new Error(`The hot wallet cannot make this send yet (${(error as Error).message.split('\n')[0]})`);
    }
  };

  let feeCache: { at: number; wei: bigint } | undefined;
  const step = async (onReport: DepositListener) => {
    if (await follower.tick(onReport)) await sweeper.tick();
  };

  return {
    network: 'ethereum',
    chainId,
    hotWalletAddress: hot.address,
    client,
    step,

    watchDeposits(onReport) {
      let stopped = false;
      let timer: NodeJS.Timeout | undefined;
      let running: Promise<void> | undefined;
      const schedule = () => {
        if (stopped) return;
        timer = setTimeout(() => {
          running = step(onReport)
            .catch((error) => log.error({ err: error }, 'evm: follower step failed; retrying'))
            .finally(() => {
              running = undefined;
              schedule();
            });
        }, config.pollMs);
        timer.unref?.();
      };
      schedule();
      return async () => {
        stopped = true;
        if (timer) clearTimeout(timer);
        await running;
        await follower.release().catch(() => {});
      };
    },

    async broadcast(transfer) {
      // A retry (the worker after a crash, a second replica) sends the bytes signed the first time.
      const latest = (await attemptsOf(db, transfer.reference)).at(-1);
      if (latest) {
        await send(ctx, latest);
        return { txHash: latest.txHash };
      }
      if (transfer.currency !== 'ETH' && !config.tokens[transfer.currency])
        throw new BroadcastRejectedError(
          `${transfer.currency} has no contract configured (${transfer.currency}_CONTRACT)`,
        );
      if (!isValidAddress('ethereum', transfer.toAddress))
        throw new BroadcastRejectedError(`Not an Ethereum address: ${transfer.toAddress}`);
      const to = normalizeAddress('ethereum', transfer.toAddress) as Hex;
      if (transfer.currency !== 'ETH') {
        const held = await client.readContract({
          address: config.tokens[transfer.currency]!,
          abi: erc20Abi,
          functionName: 'balanceOf',
          args: [hot.address],
        });
        // Not a refusal: the send waits (the worker asks again) until a sweep or the operator funds the hot wallet.
        if (held < transfer.amountMinor)
          throw new Error(`The hot wallet holds too little ${transfer.currency} for this send yet`);
      }
      const gas = await gasOf(transfer.currency, to, transfer.amountMinor);
      const fees = await estimateFees(client);
      const chainNonce = BigInt(await client.getTransactionCount({ address: hot.address, blockTag: 'pending' }));
      const row = await signAndRecord(
        ctx,
        hot,
        {
          kind: 'WITHDRAWAL',
          reference: transfer.reference,
          currency: transfer.currency,
          to,
          amount: transfer.amountMinor,
        },
        { gas, fees, chainNonce },
      );
      if (config.crashPoint === 'after-sign') die();
      await send(ctx, row);
      log.info(
        { withdrawal: transfer.reference, txHash: row.txHash, nonce: String(row.nonce) },
        'evm: withdrawal sent',
      );
      return { txHash: row.txHash };
    },

    findBroadcast(reference) {
      return track(ctx, reference, hot);
    },

    async confirmations(txHash) {
      try {
        const receipt = await client.getTransactionReceipt({ hash: txHash as Hex });
        const head = await client.getBlockNumber();
        return Number(head - receipt.blockNumber + 1n);
      } catch {
        return 0;
      }
    },

    async estimateFee(currency) {
      // A token's fee is charged in the token: that needs a price, so tokens keep the flat fee.
      if (currency !== 'ETH') return undefined;
      if (!feeCache || Date.now() - feeCache.at > Math.max(config.pollMs, 1000)) {
        const { maxFeePerGas } = await estimateFees(client);
        // Up to ETH's 8 shown decimals, so the fee shown is the fee held.
        const wei = ETH_TRANSFER_GAS * maxFeePerGas;
        feeCache = { at: Date.now(), wei: ((wei + FEE_STEP - 1n) / FEE_STEP) * FEE_STEP };
      }
      return feeCache.wei;
    },
  };
}
