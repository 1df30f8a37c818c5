import { randomUUID } from 'node:crypto';
import { and, desc, eq, gt, inArray, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { parseAbiItem, type Block, type Log } from 'viem';
import type { Db } from '../../db/client.js';
import { evmBlocks, evmDeposits, evmFollower, evmSweeps } from '../../db/schema/evm.js';
import { depositAddresses } from '../../db/schema/index.js';
import type { DepositListener } from '../adapter.js';
import type { EvmContext } from './sender.js';

const TRANSFER = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');
/** Blocks kept to find a fork point; a re-org deeper than this is logged and the follower starts over from the fork it can see. */
const KEPT_BLOCKS = 128n;

type Seen = {
  currency: string;
  txHash: string;
  outputIndex: number;
  address: string;
  amount: bigint;
  blockNumber: bigint;
  blockHash: string;
};

/**
 * The block follower: reads new blocks from a cursor kept in evm_follower, finds plain ETH transfers
 * and token Transfer logs to our deposit addresses, and reports every open deposit's confirmations.
 * One replica follows at a time (a lease on the cursor row); the cursor only moves by a
 * compare-and-set, in the same transaction as what was seen, so a crash or a rival replica repeats a
 * step, never skips one. A parent hash that differs from the block we kept is a re-org: the follower
 * rewinds to the last block both agree on, and what was seen above it is looked for again.
 */
export class BlockFollower {
  private readonly me = randomUUID();

  constructor(
    private readonly ctx: EvmContext,
    /** Our own sending addresses (the hot wallet): money from them to a deposit address is a gas top-up, not a deposit. */
    private readonly ownSenders: readonly string[],
  ) {}

  /** Starts following at ETH_START_BLOCK or the current head, unless a cursor exists already. */
  async init(): Promise<void> {
    const { db, client, chainId, config } = this.ctx;
    const [existing] = await db.select().from(evmFollower).where(eq(evmFollower.chainId, chainId));
    if (existing) return;
    const start = config.startBlock !== undefined ? config.startBlock - 1n : await client.getBlockNumber();
    const block = await client.getBlock({ blockNumber: start < 0n ? 0n : start });
    await db
      .insert(evmFollower)
      .values({ chainId, blockNumber: block.number!, blockHash: block.hash! })
      .onConflictDoNothing();
    await db.insert(evmBlocks).values({ chainId, number: block.number!, hash: block.hash! }).onConflictDoNothing();
  }

  /** Takes or keeps the follower's lease; false while another replica holds it. */
  private async lease(): Promise<boolean> {
    const { db, chainId, config } = this.ctx;
    const ms = Math.max(5000, config.pollMs * 5);
    const taken = await db
      .update(evmFollower)
      .set({ leaseHolder: this.me, leaseUntil: sql`now() + make_interval(secs => ${ms / 1000})` })
      .where(
        and(
          eq(evmFollower.chainId, chainId),
          or(
            isNull(evmFollower.leaseUntil),
            eq(evmFollower.leaseHolder, this.me),
            lt(evmFollower.leaseUntil, sql`now()`),
          ),
        ),
      )
      .returning({ chainId: evmFollower.chainId });
    return taken.length > 0;
  }

  async release(): Promise<void> {
    await this.ctx.db
      .update(evmFollower)
      .set({ leaseHolder: null, leaseUntil: null })
      .where(and(eq(evmFollower.chainId, this.ctx.chainId), eq(evmFollower.leaseHolder, this.me)));
  }

  /** One step: follow (or rewind), then report. Returns false when another replica follows. */
  async tick(onReport: DepositListener): Promise<boolean> {
    if (!(await this.lease())) return false;
    const head = await this.ctx.client.getBlockNumber();
    await this.follow(head);
    await this.report(head, onReport);
    return true;
  }

  private async cursor() {
    const [row] = await this.ctx.db.select().from(evmFollower).where(eq(evmFollower.chainId, this.ctx.chainId));
    return row!;
  }

  /** The newest kept block the node still has: where a re-org forked. */
  private async forkPoint(): Promise<{ number: bigint; hash: string }> {
    const { db, client, chainId } = this.ctx;
    const kept = await db
      .select()
      .from(evmBlocks)
      .where(eq(evmBlocks.chainId, chainId))
      .orderBy(desc(evmBlocks.number))
      .limit(Number(KEPT_BLOCKS));
    for (const block of kept) {
      const onChain = await client.getBlock({ blockNumber: block.number }).catch(() => undefined);
      if (onChain?.hash === block.hash) return { number: block.number, hash: block.hash };
    }
    const oldest = kept.at(-1)?.number ?? 0n;
    this.ctx.log.error(
      { oldest: String(oldest) },
      'evm: re-org deeper than the blocks kept; following from the oldest kept',
    );
    const block = await client.getBlock({ blockNumber: oldest > 0n ? oldest - 1n : 0n });
    return { number: block.number!, hash: block.hash! };
  }

  private async rewind(from: { blockNumber: bigint; blockHash: string }, to: { number: bigint; hash: string }) {
    const { db, chainId } = this.ctx;
    this.ctx.log.warn(
      { from: String(from.blockNumber), to: String(to.number) },
      'evm: re-org, rewinding the block follower',
    );
    await db.transaction(async (tx) => {
      const [moved] = await tx
        .update(evmFollower)
        .set({ blockNumber: to.number, blockHash: to.hash, updatedAt: sql`now()` })
        .where(
          and(
            eq(evmFollower.chainId, chainId),
            eq(evmFollower.blockNumber, from.blockNumber),
            eq(evmFollower.blockHash, from.blockHash),
          ),
        )
        .returning();
      if (!moved) return;
      await tx.delete(evmBlocks).where(and(eq(evmBlocks.chainId, chainId), gt(evmBlocks.number, to.number)));
      // Seen in a block that is gone: looked for again from the fork on. A credited one stays credited.
      await tx
        .update(evmDeposits)
        .set({ blockNumber: null, blockHash: null })
        .where(
          and(
            eq(evmDeposits.chainId, chainId),
            gt(evmDeposits.blockNumber, to.number),
            ne(evmDeposits.state, 'COMPLETED'),
          ),
        );
    });
  }

  private async follow(head: bigint): Promise<void> {
    const { client, config } = this.ctx;
    let cursor = await this.cursor();
    if (head < cursor.blockNumber) {
      await this.rewind(cursor, await this.forkPoint());
      cursor = await this.cursor();
    } else {
      const onChain = await client.getBlock({ blockNumber: cursor.blockNumber });
      if (onChain.hash !== cursor.blockHash) {
        await this.rewind(cursor, await this.forkPoint());
        cursor = await this.cursor();
      }
    }
    if (head <= cursor.blockNumber) return;
    const last =
      cursor.blockNumber + BigInt(config.logRange) < head ? cursor.blockNumber + BigInt(config.logRange) : head;
    const blocks: Block<bigint, true>[] = [];
    let parent = cursor.blockHash;
    for (let n = cursor.blockNumber + 1n; n <= last; n++) {
      const block = await client.getBlock({ blockNumber: n, includeTransactions: true });
      if (block.parentHash !== parent) break; // re-org under our feet: the next tick rewinds
      blocks.push(block);
      parent = block.hash!;
    }
    if (blocks.length === 0) return;
    const seen = await this.scan(blocks);
    await this.advance(cursor, blocks, seen);
  }

  private async scan(blocks: Block<bigint, true>[]): Promise<Seen[]> {
    const { client, config, db } = this.ctx;
    const hashes = new Map(blocks.map((b) => [b.number!, b.hash!]));
    const senders = new Set(this.ownSenders.map((a) => a.toLowerCase()));
    const native = blocks.flatMap((b) =>
      b.transactions.filter((t) => t.to && t.value > 0n && !senders.has(t.from.toLowerCase())),
    );
    const contracts = Object.values(config.tokens);
    const logs: Log<bigint, number, false, typeof TRANSFER>[] = contracts.length
      ? await client.getLogs({
          address: contracts,
          event: TRANSFER,
          fromBlock: blocks[0]!.number!,
          toBlock: blocks.at(-1)!.number!,
        })
      : [];
    const candidates = new Set([
      ...native.map((t) => t.to!.toLowerCase()),
      ...logs.map((l) => (l.args.to ?? '').toLowerCase()),
    ]);
    if (candidates.size === 0) return [];
    const ours = await db
      .select({ key: depositAddresses.addressKey, address: depositAddresses.address })
      .from(depositAddresses)
      .where(and(eq(depositAddresses.network, 'ethereum'), inArray(depositAddresses.addressKey, [...candidates])));
    const byKey = new Map(ours.map((o) => [o.key, o.address]));
    const found: Seen[] = [];
    for (const t of native) {
      const address = byKey.get(t.to!.toLowerCase());
      if (!address) continue;
      // A reverted call moves no value: only a successful transaction is a deposit.
      const receipt = await client.getTransactionReceipt({ hash: t.hash });
      if (receipt.status !== 'success') continue;
      found.push({
        currency: 'ETH',
        txHash: t.hash,
        outputIndex: 0,
        address,
        amount: t.value,
        blockNumber: t.blockNumber!,
        blockHash: t.blockHash!,
      });
    }
    const currencyOf = new Map(Object.entries(config.tokens).map(([c, a]) => [a.toLowerCase(), c]));
    for (const l of logs) {
      const address = byKey.get((l.args.to ?? '').toLowerCase());
      const currency = currencyOf.get(l.address.toLowerCase());
      if (!address || !currency || !l.args.value || senders.has((l.args.from ?? '').toLowerCase())) continue;
      // A log from a block we did not read as the chain's (a re-org between the calls) waits for the next step.
      if (hashes.get(l.blockNumber) !== l.blockHash)
        throw new Error('evm: logs and blocks disagree (re-org in flight)');
      found.push({
        currency,
        txHash: l.transactionHash,
        outputIndex: l.logIndex,
        address,
        amount: l.args.value,
        blockNumber: l.blockNumber,
        blockHash: l.blockHash,
      });
    }
    return found;
  }

  /** What a step saw, and the cursor moved past it, in one transaction guarded by the old cursor. */
  private async advance(
    cursor: { blockNumber: bigint; blockHash: string },
    blocks: Block<bigint, true>[],
    seen: Seen[],
  ) {
    const { db, chainId } = this.ctx;
    const top = blocks.at(-1)!;
    await db.transaction(async (tx) => {
      const [moved] = await tx
        .update(evmFollower)
        .set({ blockNumber: top.number!, blockHash: top.hash!, updatedAt: sql`now()` })
        .where(
          and(
            eq(evmFollower.chainId, chainId),
            eq(evmFollower.blockNumber, cursor.blockNumber),
            eq(evmFollower.blockHash, cursor.blockHash),
          ),
        )
        .returning();
      if (!moved) return; // another replica moved it: its view wins, ours is dropped
      await tx
        .insert(evmBlocks)
        .values(blocks.map((b) => ({ chainId, number: b.number!, hash: b.hash! })))
        .onConflictDoUpdate({ target: [evmBlocks.chainId, evmBlocks.number], set: { hash: sql`excluded.hash` } });
      await tx
        .delete(evmBlocks)
        .where(and(eq(evmBlocks.chainId, chainId), lt(evmBlocks.number, top.number! - KEPT_BLOCKS)));
      for (const s of seen) {
        await tx
          .insert(evmDeposits)
          .values({ chainId, ...s, amount: s.amount.toString() })
          .onConflictDoUpdate({
            target: [evmDeposits.chainId, evmDeposits.currency, evmDeposits.txHash, evmDeposits.outputIndex],
            set: {
              blockNumber: s.blockNumber,
              blockHash: s.blockHash,
              state: sql`case when ${evmDeposits.state} = 'COMPLETED' then 'COMPLETED' else 'PENDING' end`,
            },
          });
      }
    });
  }

  /**
   * Every open deposit's confirmations to the wallet (only when they changed), each report in one
   * transaction with its own record; COMPLETED at ETH_CONFIRMATIONS, and the address queued for a
   * sweep. One re-orged out and not found again once the follower is back at the head is FAILED.
   */
  private async report(head: bigint, onReport: DepositListener): Promise<void> {
    const { db, chainId, config } = this.ctx;
    const cursor = await this.cursor();
    const open = await db
      .select()
      .from(evmDeposits)
      .where(and(eq(evmDeposits.chainId, chainId), ne(evmDeposits.state, 'COMPLETED')));
    for (const d of open) {
      let confirmations: number;
      let status: 'IN_PROGRESS' | 'COMPLETED' | 'FAILED';
      if (d.blockNumber === null) {
        if (d.state === 'FAILED' || cursor.blockNumber < head) continue;
        confirmations = 0;
        status = 'FAILED';
      } else {
        confirmations = Math.min(Number(head - d.blockNumber + 1n), config.confirmations);
        status = confirmations >= config.confirmations ? 'COMPLETED' : 'IN_PROGRESS';
        if (confirmations === d.reportedConfirmations && d.state === 'PENDING') continue;
      }
      try {
        await db.transaction(async (tx) => {
          await onReport(
            {
              currency: d.currency,
              address: d.address,
              txHash: d.txHash,
              outputIndex: d.outputIndex,
              amountMinor: BigInt(d.amount),
              confirmations,
              requiredConfirmations: config.confirmations,
              status,
            },
            tx as unknown as Db,
          );
          const state = status === 'IN_PROGRESS' ? 'PENDING' : status;
          await tx
            .update(evmDeposits)
            .set({ state, reportedConfirmations: confirmations })
            .where(
              and(
                eq(evmDeposits.chainId, chainId),
                eq(evmDeposits.currency, d.currency),
                eq(evmDeposits.txHash, d.txHash),
                eq(evmDeposits.outputIndex, d.outputIndex),
                d.blockNumber === null ? isNull(evmDeposits.blockNumber) : isNotNull(evmDeposits.blockNumber),
              ),
            );
          if (status === 'COMPLETED') {
            const [owner] = await tx
              .select({ hdIndex: depositAddresses.hdIndex })
              .from(depositAddresses)
              .where(and(eq(depositAddresses.network, 'ethereum'), eq(depositAddresses.address, d.address)));
            if (owner)
              await tx
                .insert(evmSweeps)
                .values({ chainId, address: d.address, currency: d.currency, hdIndex: owner.hdIndex })
                .onConflictDoNothing();
          }
        });
      } catch (error) {
        this.ctx.log.error({ err: error, txHash: d.txHash }, 'evm: deposit report failed; retrying next block');
      }
    }
  }
}
