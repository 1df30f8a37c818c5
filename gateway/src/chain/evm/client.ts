import { createPublicClient, http, webSocket, type PublicClient } from 'viem';
import type { EvmConfig } from './config.js';

export type Hex = `0x${string}`;
export type EvmClient = PublicClient;

/** A viem client over the node's JSON-RPC (http or ws, as ETH_RPC_URL says). */
export function createEvmClient(config: Pick<EvmConfig, 'rpcUrl'>): EvmClient {
  const transport = /^wss?:/.test(config.rpcUrl)
    ? webSocket(config.rpcUrl)
    : http(config.rpcUrl, { timeout: 10_000, retryCount: 2 });
  // No cache: viem keeps eth_blockNumber for 4 s by default, four blocks late for the follower on a fast chain.
  return createPublicClient({ transport, cacheTime: 0 }) as EvmClient;
}

export interface Fees {
  maxFeePerGas: bigint;
  maxPriorityFeePerGas: bigint;
  /** The base fee the next block will charge. */
  baseFee: bigint;
}

// A tip below this rarely gets a mainnet block; a local node mines anything.
const MIN_PRIORITY_FEE = 100_000_000n; // 0.1 gwei

/**
 * EIP-1559 fees from eth_feeHistory: the tip is the median of the last blocks' median tips (never
 * under 0.1 gwei), the cap twice the next base fee plus the tip, so the send still fits after the
 * base fee climbs for several full blocks (it rises at most 12.5 % a block).
 */
export async function estimateFees(client: EvmClient): Promise<Fees> {
  const history = await client.getFeeHistory({ blockCount: 5, rewardPercentiles: [50], blockTag: 'latest' });
  const baseFee = history.baseFeePerGas.at(-1) ?? 0n;
  const tips = (history.reward ?? [])
    .map((r) => r[0] ?? 0n)
    .filter((t) => t > 0n)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const median = tips.length ? tips[Math.floor(tips.length / 2)]! : 0n;
  const maxPriorityFeePerGas = median > MIN_PRIORITY_FEE ? median : MIN_PRIORITY_FEE;
  return { baseFee, maxPriorityFeePerGas, maxFeePerGas: 2n * baseFee + maxPriorityFeePerGas };
}

/** Raised fees for a replacement: nodes take one only when both fees rise by at least 10 %. */
export function bumpedFees(previous: { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint }, market: Fees): Fees {
  const bump = (x: bigint) => x + x / 8n + 1n; // +12.5 %
  const tip =
    market.maxPriorityFeePerGas > bump(previous.maxPriorityFeePerGas)
      ? market.maxPriorityFeePerGas
      : bump(previous.maxPriorityFeePerGas);
  const cap = market.maxFeePerGas > bump(previous.maxFeePerGas) ? market.maxFeePerGas : bump(previous.maxFeePerGas);
  return { baseFee: market.baseFee, maxPriorityFeePerGas: tip, maxFeePerGas: cap > tip ? cap : tip };
}

/** What a node answers when it already has our transaction, or a later one took its nonce. */
export function isAlreadyKnown(error: unknown): boolean {
  const text = `${(error as Error)?.message ?? ''} ${(error as { details?: string })?.details ?? ''}`;
  return /already known|known transaction|already imported|nonce too low|nonce has already been used|replacement transaction underpriced/i.test(
    text,
  );
}

export const isNotFound = (error: unknown) =>
  /not (be )?found|could not be found/i.test((error as Error)?.message ?? '');
