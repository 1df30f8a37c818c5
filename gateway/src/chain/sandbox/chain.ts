import { randomBytes, randomInt } from 'node:crypto';
import { and, asc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { sandboxChainBehaviour, sandboxChainTransactions } from '../../db/schema/chain.js';
import type { Network } from '../addresses.js';
import { BroadcastRejectedError, type DepositListener, type DepositReport, type OutgoingTransfer } from '../adapter.js';

export type SandboxTx = typeof sandboxChainTransactions.$inferSelect;

export interface SandboxBehaviour {
  /** Time between blocks: one confirmation each. */
  confirmationMs: number;
  /** Confirmations until a new deposit is final. */
  requiredConfirmations: number;
}

/** The knobs as GET/POST /dev/chain/behaviour show them. */
export interface SandboxKnobs extends SandboxBehaviour {
  /** Broadcasts still to refuse: each refusal takes one (tests and demos of a failed send). */
  failNextBroadcasts: number;
}

export interface SandboxLogger {
  error(obj: unknown, msg?: string): void;
}

const BEHAVIOUR_ROW = 'default';
// Enough for a busy sandbox; the rest waits for the next tick.
const CLAIM_BATCH = 100;
const UTXO_NETWORKS: readonly Network[] = ['bitcoin', 'litecoin', 'dogecoin'];

/** A hash shaped like the network's own: 0x-prefixed for Ethereum, bare 64 hex elsewhere (TON explorers take hex too). */
export function sandboxTxHash(network: Network): string {
  const hex = randomBytes(32).toString('hex');
  return network === 'ethereum' ? `0x${hex}` : hex;
}

export function reportOf(row: SandboxTx): DepositReport {
  return {
    currency: row.currency,
    address: row.toAddress,
    txHash: row.txHash,
    outputIndex: row.outputIndex,
    amountMinor: BigInt(row.amount),
    confirmations: row.confirmations,
    requiredConfirmations: row.requiredConfirmations,
    status: row.status,
  };
}

/**
 * The sandbox's persistent chain: incoming transfers live in sandbox_chain_transactions and gain
 * one confirmation per block. Every step runs in one database transaction together with the
 * wallet's reportDeposit, so a crash anywhere simply repeats the step on the next tick; several
 * gateway instances share the work through FOR UPDATE SKIP LOCKED.
 */
export class SandboxChain {
  private readonly listeners = new Map<Network, DepositListener>();
  /** Block time seen by the latest tick, for the block producer's pace. */
  lastConfirmationMs: number | undefined;

  constructor(
    private readonly db: Db,
    private readonly defaults: SandboxBehaviour,
    private readonly log: SandboxLogger = console,
  ) {}

  /** Route reports for `networks` to `listener`; returns a function that unregisters it. */
  listen(networks: readonly Network[], listener: DepositListener): () => void {
    for (const n of networks) this.listeners.set(n, listener);
    return () => {
      for (const n of networks) if (this.listeners.get(n) === listener) this.listeners.delete(n);
    };
  }

  get watching(): boolean {
    return this.listeners.size > 0;
  }

  /** The chain's pace. */
  async behaviour(): Promise<SandboxBehaviour> {
    const { failNextBroadcasts: _, ...pace } = await this.knobs();
    return pace;
  }

  /** The pace and the pending broadcast refusals, as the dev routes show them. */
  async knobs(): Promise<SandboxKnobs> {
    const [row] = await this.db.select().from(sandboxChainBehaviour).where(eq(sandboxChainBehaviour.id, BEHAVIOUR_ROW));
    return {
      confirmationMs: row?.confirmationMs ?? this.defaults.confirmationMs,
      requiredConfirmations: row?.requiredConfirmations ?? this.defaults.requiredConfirmations,
      failNextBroadcasts: row?.failNextBroadcasts ?? 0,
    };
  }

  /** Changes the given knobs; returns the pace (see knobs() for the refusals too). */
  async setBehaviour(patch: Partial<SandboxKnobs>): Promise<SandboxBehaviour> {
    const values = {
      ...(patch.confirmationMs !== undefined ? { confirmationMs: patch.confirmationMs } : {}),
      ...(patch.requiredConfirmations !== undefined ? { requiredConfirmations: patch.requiredConfirmations } : {}),
      ...(patch.failNextBroadcasts !== undefined ? { failNextBroadcasts: patch.failNextBroadcasts } : {}),
    };
    await this.db
      .insert(sandboxChainBehaviour)
      .values({ id: BEHAVIOUR_ROW, ...values })
      .onConflictDoUpdate({ target: sandboxChainBehaviour.id, set: { ...values, updatedAt: sql`now()` } });
    return this.behaviour();
  }

  /** Record an incoming transfer seen in the mempool (0 confirmations) and report it IN_PROGRESS. */
  async receive(input: {
    network: Network;
    currency: string;
    address: string;
    amountMinor: bigint;
  }): Promise<SandboxTx> {
    const listener = this.listenerFor(input.network);
    const { requiredConfirmations } = await this.behaviour();
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(sandboxChainTransactions)
        .values({
          network: input.network,
          currency: input.currency,
          txHash: sandboxTxHash(input.network),
          // A UTXO transaction usually pays change too: the deposit is not always output 0.
          outputIndex: UTXO_NETWORKS.includes(input.network) ? randomInt(0, 3) : 0,
          toAddress: input.address,
          amount: input.amountMinor.toString(),
          requiredConfirmations,
        })
        .returning();
      await listener(reportOf(row!), tx as unknown as Db);
      return row!;
    });
  }

  /**
   * Accept an outgoing transfer into the mempool (0 confirmations); blocks confirm it like a
   * deposit. Idempotent on `reference`: a second broadcast of the same withdrawal returns the first
   * row, so the chain never holds two. A pending failNextBroadcasts refuses it instead.
   */
  async broadcast(network: Network, transfer: OutgoingTransfer): Promise<SandboxTx> {
    const existing = await this.findByReference(transfer.reference);
    if (existing) return existing;
    // Its own statement, so the refusal is used up even though the broadcast throws.
    const refused = await this.db
      .update(sandboxChainBehaviour)
      .set({ failNextBroadcasts: sql`${sandboxChainBehaviour.failNextBroadcasts} - 1`, updatedAt: sql`now()` })
      .where(and(eq(sandboxChainBehaviour.id, BEHAVIOUR_ROW), gt(sandboxChainBehaviour.failNextBroadcasts, 0)))
      .returning({ left: sandboxChainBehaviour.failNextBroadcasts });
    if (refused.length > 0)
      throw new BroadcastRejectedError(`Sandbox ${network}: broadcast refused (failNextBroadcasts)`);
    const { requiredConfirmations } = await this.behaviour();
    const [row] = await this.db
      .insert(sandboxChainTransactions)
      .values({
        network,
        currency: transfer.currency,
        txHash: sandboxTxHash(network),
        toAddress: transfer.toAddress,
        amount: transfer.amountMinor.toString(),
        requiredConfirmations,
        direction: 'OUT',
        reference: transfer.reference,
      })
      .onConflictDoNothing({ target: sandboxChainTransactions.reference })
      .returning();
    return row ?? (await this.findByReference(transfer.reference))!;
  }

  async findByReference(reference: string): Promise<SandboxTx | undefined> {
    const [row] = await this.db
      .select()
      .from(sandboxChainTransactions)
      .where(eq(sandboxChainTransactions.reference, reference));
    return row;
  }

  /** Our broadcasts among these references, in one query (the adapter's findBroadcasts). */
  async findByReferences(references: readonly string[]): Promise<SandboxTx[]> {
    if (references.length === 0) return [];
    return this.db
      .select()
      .from(sandboxChainTransactions)
      .where(inArray(sandboxChainTransactions.reference, [...references]));
  }

  /**
   * One block for every due transfer: +1 confirmation, COMPLETED at the required count, and the
   * new state reported. Returns how many transfers advanced. Safe to call from many processes.
   */
  async tick(): Promise<number> {
    const networks = [...this.listeners.keys()];
    if (networks.length === 0) return 0;
    const { confirmationMs } = await this.behaviour();
    this.lastConfirmationMs = confirmationMs;
    const t = sandboxChainTransactions;
    return this.db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(t)
        .where(
          and(
            eq(t.status, 'IN_PROGRESS'),
            inArray(t.network, networks),
            // The database clock decides, so instances with skewed clocks agree on what is due.
            lte(t.lastBlockAt, sql`now() - make_interval(secs => ${confirmationMs / 1000})`),
          ),
        )
        .orderBy(asc(t.lastBlockAt))
        .limit(CLAIM_BATCH)
        .for('update', { skipLocked: true });
      let advanced = 0;
      for (const row of due) {
        const confirmations = Math.min(row.confirmations + 1, row.requiredConfirmations);
        const status = confirmations >= row.requiredConfirmations ? 'COMPLETED' : 'IN_PROGRESS';
        try {
          // A savepoint per row: one failing report must not undo the others' progress.
          await tx.transaction(async (sp) => {
            // Our own broadcasts are not deposits: the withdrawal worker polls them instead.
            if (row.direction === 'IN')
              await this.listenerFor(row.network as Network)(
                reportOf({ ...row, confirmations, status }),
                sp as unknown as Db,
              );
            await sp
              .update(t)
              .set({ confirmations, status, lastBlockAt: sql`now()`, updatedAt: sql`now()` })
              .where(eq(t.id, row.id));
          });
          advanced += 1;
        } catch (error) {
          this.log.error({ err: error, txHash: row.txHash }, 'sandbox chain: report failed, retrying next block');
          await tx.update(t).set({ lastBlockAt: sql`now()` }).where(eq(t.id, row.id));
        }
      }
      return advanced;
    });
  }

  async find(txHash: string): Promise<SandboxTx | undefined> {
    const [row] = await this.db
      .select()
      .from(sandboxChainTransactions)
      .where(eq(sandboxChainTransactions.txHash, txHash));
    return row;
  }

  private listenerFor(network: Network): DepositListener {
    const listener = this.listeners.get(network);
    if (!listener) throw new Error(`Sandbox chain: nobody watches ${network} deposits`);
    return listener;
  }
}
