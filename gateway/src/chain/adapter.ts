import type { Db } from '../db/client.js';
import type { Network } from './addresses.js';

/**
 * The one seam between the wallet and a blockchain.
 *
 * Real adapters plug in here: one per network, backed by a node's RPC (bitcoind/litecoind/dogecoind
 * `listsinceblock`, geth `eth_getLogs` for ERC-20 Transfer events, a TronGrid or TON Center indexer)
 * and by the hot-wallet signer for broadcasts. Only the sandbox adapter (./sandbox/) is implemented;
 * it keeps its own persistent chain in the database so deposits survive restarts.
 *
 * Adapters may report the same deposit any number of times and in any order (a re-org, a restart,
 * two gateway instances): the wallet's reportDeposit is idempotent on (txHash, outputIndex) and
 * never lets a COMPLETED deposit go back, so adapters favour reporting again over missing a report.
 */
export type DepositStatus = 'IN_PROGRESS' | 'COMPLETED' | 'FAILED';

export interface DepositReport {
  currency: string;
  /** Our deposit address the output pays to, exactly as derived (checksummed case for ETH). */
  address: string;
  txHash: string;
  /** vout for UTXO chains, log index for token transfers, 0 for plain account transfers. */
  outputIndex: number;
  amountMinor: bigint;
  confirmations: number;
  requiredConfirmations: number;
  status: DepositStatus;
}

/**
 * Receives each observation. `db` is the database handle to record it with: the sandbox passes the
 * transaction that also advances its own chain row, so the chain's progress and the credit commit
 * together; an external adapter passes the plain pool.
 */
export type DepositListener = (report: DepositReport, db: Db) => Promise<unknown>;

export interface OutgoingTransfer {
  currency: string;
  toAddress: string;
  amountMinor: bigint;
  /** The wallet's own id for the withdrawal: adapters use it to make a retried broadcast a no-op. */
  reference: string;
}

/** What the network knows of one of our broadcasts. */
export interface BroadcastStatus {
  txHash: string;
  confirmations: number;
  requiredConfirmations: number;
  status: DepositStatus;
}

/** The network refused a broadcast for good and nothing was sent: the withdrawal fails, funds return. */
export class BroadcastRejectedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BroadcastRejectedError';
  }
}

export interface ChainAdapter {
  readonly network: Network;
  /** Start observing deposits to our addresses; the returned function stops it (awaits an in-flight poll). */
  watchDeposits(onReport: DepositListener): () => Promise<void>;
  /**
   * Sign and send a withdrawal; resolves once the network accepted it. Throws BroadcastRejectedError
   * when nothing was sent; any other error leaves the outcome unknown (the caller looks it up).
   */
  broadcast(tx: OutgoingTransfer): Promise<{ txHash: string }>;
  /**
   * Our broadcast with this reference as the network (or the hot-wallet signer's own journal) knows
   * it; undefined means it was never sent. Must be authoritative: the withdrawal worker voids the
   * hold of a send the adapter has never seen once the sending worker's lease has run out.
   */
  findBroadcast(reference: string): Promise<BroadcastStatus | undefined>;
  /**
   * Optional: findBroadcast for many references in one call (one RPC batch, one indexer query). The
   * withdrawal worker follows every in-flight send of a network with it once per block; without it
   * the worker asks findBroadcast for each. References the network never saw are left out.
   */
  findBroadcasts?(references: readonly string[]): Promise<Map<string, BroadcastStatus>>;
  /** Current confirmations of a transaction we know about (0 when seen but not yet in a block). */
  confirmations(txHash: string): Promise<number>;
  /**
   * Optional: the network fee of one send of `currency` as the network stands now, in its minor
   * units (what the preliminary fee call shows and a send holds); undefined keeps the flat fee of
   * withdrawals/fees.ts.
   */
  estimateFee?(currency: string): Promise<bigint | undefined>;
}
