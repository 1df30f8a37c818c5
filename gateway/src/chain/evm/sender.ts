import { and, asc, eq, sql } from 'drizzle-orm';
import { encodeFunctionData, erc20Abi, keccak256, type PrivateKeyAccount } from 'viem';
import type { Db } from '../../db/client.js';
import { evmNonces, evmTransactions, type EvmTxKind } from '../../db/schema/evm.js';
import { systemShard } from '../../ledger/accounts.js';
import { transfer } from '../../ledger/transfers.js';
import { FEE_ACCOUNT } from '../../withdrawals/create.js';
import type { BroadcastStatus } from '../adapter.js';
import { bumpedFees, estimateFees, isAlreadyKnown, isNotFound, type EvmClient, type Fees, type Hex } from './client.js';
import type { EvmConfig } from './config.js';

export type EvmTx = typeof evmTransactions.$inferSelect;

export interface EvmLogger {
  error(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
  info(obj: unknown, msg?: string): void;
}

export interface EvmContext {
  db: Db;
  client: EvmClient;
  chainId: number;
  config: EvmConfig;
  log: EvmLogger;
}

/** Where the gas of our own transactions goes in the ledger: out of the fees the sends collected. */
export const GAS_ACCOUNT = 'chain-gas';
const MAX_ATTEMPTS = 10;

export interface Payment {
  kind: EvmTxKind;
  reference: string;
  currency: string;
  to: Hex;
  amount: bigint;
}

/** The call a payment makes: a plain value transfer for ETH, `transfer(to, amount)` on the token's contract. */
export function callOf(config: EvmConfig, currency: string, to: Hex, amount: bigint) {
  if (currency === 'ETH') return { to, value: amount, data: undefined };
  const contract = config.tokens[currency];
  if (!contract) throw new Error(`No contract configured for ${currency}`);
  return {
    to: contract,
    value: 0n,
    data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] }),
  };
}

export async function attemptsOf(db: Db, reference: string): Promise<EvmTx[]> {
  return db
    .select()
    .from(evmTransactions)
    .where(eq(evmTransactions.reference, reference))
    .orderBy(asc(evmTransactions.attempt));
}

async function sign(
  signer: PrivateKeyAccount,
  ctx: EvmContext,
  call: ReturnType<typeof callOf>,
  nonce: bigint,
  gas: bigint,
  fees: Pick<Fees, 'maxFeePerGas' | 'maxPriorityFeePerGas'>,
) {
  const rawTx = await signer.signTransaction({
    type: 'eip1559',
    chainId: ctx.chainId,
    nonce: Number(nonce),
    to: call.to,
    value: call.value,
    ...(call.data ? { data: call.data } : {}),
    gas,
    maxFeePerGas: fees.maxFeePerGas,
    maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
  });
  return { rawTx, txHash: keccak256(rawTx) };
}

/**
 * Takes the signer's next nonce, signs and records the transaction, all in one database transaction
 * under the nonce row's lock: two replicas (or a retry) asking for the same reference get the one
 * row, and the signed bytes exist in the database before anything reaches the network. `chainNonce`
 * (the node's pending count) lifts the sequence past nonces used outside this gateway.
 */
export async function signAndRecord(
  ctx: EvmContext,
  signer: PrivateKeyAccount,
  payment: Payment,
  plan: { gas: bigint; fees: Pick<Fees, 'maxFeePerGas' | 'maxPriorityFeePerGas'>; chainNonce: bigint },
): Promise<EvmTx> {
  const call = callOf(ctx.config, payment.currency, payment.to, payment.amount);
  return ctx.db.transaction(async (tx) => {
    await tx
      .insert(evmNonces)
      .values({ chainId: ctx.chainId, address: signer.address, nextNonce: plan.chainNonce })
      .onConflictDoNothing();
    const [row] = await tx
      .select()
      .from(evmNonces)
      .where(and(eq(evmNonces.chainId, ctx.chainId), eq(evmNonces.address, signer.address)))
      .for('update');
    // After the lock: a twin that signed first is seen here and its row is the answer.
    const [twin] = await tx
      .select()
      .from(evmTransactions)
      .where(and(eq(evmTransactions.reference, payment.reference), eq(evmTransactions.attempt, 0)));
    if (twin) return twin;
    const nonce = row!.nextNonce > plan.chainNonce ? row!.nextNonce : plan.chainNonce;
    const { rawTx, txHash } = await sign(signer, ctx, call, nonce, plan.gas, plan.fees);
    const [recorded] = await tx
      .insert(evmTransactions)
      .values({
        chainId: ctx.chainId,
        kind: payment.kind,
        reference: payment.reference,
        fromAddress: signer.address,
        toAddress: payment.to,
        currency: payment.currency,
        amount: payment.amount.toString(),
        nonce,
        gasLimit: plan.gas.toString(),
        maxFeePerGas: plan.fees.maxFeePerGas.toString(),
        maxPriorityFeePerGas: plan.fees.maxPriorityFeePerGas.toString(),
        rawTx,
        txHash,
      })
      .returning();
    await tx
      .update(evmNonces)
      .set({ nextNonce: nonce + 1n })
      .where(and(eq(evmNonces.chainId, ctx.chainId), eq(evmNonces.address, signer.address)));
    return recorded!;
  });
}

/** Sends the recorded bytes. A node that has them already (or has mined them) is not an error. */
export async function send(ctx: EvmContext, row: EvmTx): Promise<void> {
  try {
    await ctx.client.sendRawTransaction({ serializedTransaction: row.rawTx as Hex });
  } catch (error) {
    if (!isAlreadyKnown(error)) throw error;
  }
  if (row.state === 'SIGNED')
    await ctx.db
      .update(evmTransactions)
      .set({ state: 'SENT', sentAt: sql`now()` })
      .where(and(eq(evmTransactions.id, row.id), eq(evmTransactions.state, 'SIGNED')));
}

async function receiptOf(client: EvmClient, hash: string) {
  try {
    return await client.getTransactionReceipt({ hash: hash as Hex });
  } catch (error) {
    if (isNotFound(error)) return undefined;
    throw error;
  }
}

async function knownToNode(client: EvmClient, hash: string): Promise<boolean> {
  try {
    return Boolean(await client.getTransaction({ hash: hash as Hex }));
  } catch (error) {
    if (isNotFound(error)) return false;
    throw error;
  }
}

/** The gas a mined transaction of ours cost, booked once: out of the fees account, into chain-gas. */
export async function bookGas(ctx: EvmContext, row: EvmTx): Promise<void> {
  if (row.gasBooked || !row.gasCost || BigInt(row.gasCost) === 0n) return;
  await ctx.db.transaction(async (tx) => {
    const [fresh] = await tx.select().from(evmTransactions).where(eq(evmTransactions.id, row.id)).for('update');
    if (!fresh || fresh.gasBooked || !fresh.gasCost) return;
    const fees = await systemShard(tx, 'ETH', FEE_ACCOUNT, fresh.txHash);
    const gas = await systemShard(tx, 'ETH', GAS_ACCOUNT, fresh.txHash);
    await transfer(tx, {
      debitAccountId: fees.id,
      creditAccountId: gas.id,
      amount: BigInt(fresh.gasCost),
      currency: 'ETH',
      idempotencyKey: `evm-gas:${fresh.txHash}`,
      reference: `gas of ${fresh.kind.toLowerCase()} ${fresh.txHash}`,
    });
    await tx.update(evmTransactions).set({ gasBooked: true }).where(eq(evmTransactions.id, fresh.id));
  });
}

/** A replacement of `latest`: same nonce, same call, higher fees, recorded before it is sent. */
async function replace(
  ctx: EvmContext,
  signer: PrivateKeyAccount,
  latest: EvmTx,
  market: Fees,
): Promise<EvmTx | undefined> {
  const fees = bumpedFees(
    { maxFeePerGas: BigInt(latest.maxFeePerGas), maxPriorityFeePerGas: BigInt(latest.maxPriorityFeePerGas) },
    market,
  );
  const call = callOf(ctx.config, latest.currency, latest.toAddress as Hex, BigInt(latest.amount));
  const { rawTx, txHash } = await sign(signer, ctx, call, latest.nonce, BigInt(latest.gasLimit), fees);
  const [row] = await ctx.db
    .insert(evmTransactions)
    .values({
      ...latest,
      id: undefined,
      attempt: latest.attempt + 1,
      maxFeePerGas: fees.maxFeePerGas.toString(),
      maxPriorityFeePerGas: fees.maxPriorityFeePerGas.toString(),
      rawTx,
      txHash,
      state: 'SIGNED',
      createdAt: undefined,
      sentAt: null,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) return undefined; // another replica replaced it first: only its bytes go out
  ctx.log.warn(
    { reference: latest.reference, nonce: String(latest.nonce), txHash },
    'evm: replacing a stuck transaction with a higher fee',
  );
  await send(ctx, row);
  return row;
}

/**
 * What the network knows of our transaction under `reference`, and the care it needs: a mined
 * attempt is final for the others (REPLACED) and has its gas booked; an attempt the node has never
 * seen (the sender died between signing and sending, or the mempool dropped it) is sent again, the
 * same bytes; one stuck under the market, or for longer than ETH_REPLACE_AFTER_MS, is replaced.
 * `signer` signs replacements (undefined: never replace).
 */
export async function track(
  ctx: EvmContext,
  reference: string,
  signer: PrivateKeyAccount | undefined,
): Promise<BroadcastStatus | undefined> {
  const attempts = await attemptsOf(ctx.db, reference);
  const latest = attempts.at(-1);
  if (!latest) return undefined;
  const required = ctx.config.confirmations;
  // The count first: a nonce used before we looked for receipts and still without one of ours is
  // truly taken by someone else, never one of ours mined between the two calls.
  const used = BigInt(await ctx.client.getTransactionCount({ address: latest.fromAddress as Hex, blockTag: 'latest' }));
  const head = await ctx.client.getBlockNumber();
  for (const attempt of [...attempts].reverse()) {
    const receipt = await receiptOf(ctx.client, attempt.txHash);
    if (!receipt) continue;
    const gasCost = (receipt.gasUsed * receipt.effectiveGasPrice).toString();
    if (attempt.state !== 'MINED' || attempt.blockNumber !== receipt.blockNumber) {
      await ctx.db.transaction(async (tx) => {
        await tx
          .update(evmTransactions)
          .set({ state: 'MINED', blockNumber: receipt.blockNumber, gasCost })
          .where(eq(evmTransactions.id, attempt.id));
        await tx
          .update(evmTransactions)
          .set({ state: 'REPLACED' })
          .where(and(eq(evmTransactions.reference, reference), sql`${evmTransactions.id} <> ${attempt.id}`));
      });
    }
    const confirmations = Number(head - receipt.blockNumber + 1n);
    if (confirmations >= required) await bookGas(ctx, { ...attempt, gasCost });
    const status = receipt.status !== 'success' ? 'FAILED' : confirmations >= required ? 'COMPLETED' : 'IN_PROGRESS';
    return {
      txHash: attempt.txHash,
      confirmations: Math.min(confirmations, required),
      requiredConfirmations: required,
      status,
    };
  }
  // None mined (a re-org may have undone one we had marked).
  if (attempts.some((a) => a.state === 'MINED'))
    await ctx.db
      .update(evmTransactions)
      .set({ state: 'SENT', blockNumber: null })
      .where(and(eq(evmTransactions.reference, reference), eq(evmTransactions.state, 'MINED')));
  const pending = {
    txHash: latest.txHash,
    confirmations: 0,
    requiredConfirmations: required,
    status: 'IN_PROGRESS' as const,
  };
  if (used > latest.nonce) {
    // Our nonce went to a transaction that is none of ours (the key was used elsewhere): ours can never be mined.
    ctx.log.error({ reference, nonce: String(latest.nonce) }, 'evm: nonce taken by a foreign transaction');
    await ctx.db.update(evmTransactions).set({ state: 'FAILED' }).where(eq(evmTransactions.reference, reference));
    return { ...pending, status: 'FAILED' };
  }
  if (!(await knownToNode(ctx.client, latest.txHash))) {
    ctx.log.warn(
      { reference, txHash: latest.txHash },
      'evm: the node does not know our signed transaction; sending the same bytes',
    );
    await send(ctx, latest);
    return pending;
  }
  if (!signer || attempts.length >= MAX_ATTEMPTS) return pending;
  const market = await estimateFees(ctx.client);
  const age = Date.now() - latest.createdAt.getTime();
  if (BigInt(latest.maxFeePerGas) < market.baseFee || age > ctx.config.replaceAfterMs) {
    const replacement = await replace(ctx, signer, latest, market);
    if (replacement) return { ...pending, txHash: replacement.txHash };
  }
  return pending;
}
