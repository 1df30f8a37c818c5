import { randomUUID } from 'node:crypto';
import { and, eq, inArray, or } from 'drizzle-orm';
import { erc20Abi, type PrivateKeyAccount } from 'viem';
import { evmSweeps, evmTransactions } from '../../db/schema/evm.js';
import { estimateFees, type Hex } from './client.js';
import { depositAccount } from './keys.js';
import { callOf, send, signAndRecord, track, type EvmContext, type EvmTx } from './sender.js';

const ETH_TRANSFER_GAS = 21_000n;
const BATCH = 20;

/**
 * Moves credited deposits from users' addresses to the hot wallet. Internal to our custody: no user
 * balance changes, and only the gas leaves (booked by sender.bookGas out of the fees account once
 * mined). A token address first gets the ETH its transfer needs from the hot wallet (a TOPUP); its
 * ETH is swept last, as balance minus gas, with the tip equal to the fee cap so the gas costs exactly
 * what was set aside and no dust is left. Runs on the replica holding the follower's lease.
 */
export class Sweeper {
  constructor(
    private readonly ctx: EvmContext,
    private readonly seed: Uint8Array,
    private readonly hot: PrivateKeyAccount,
  ) {}

  async tick(): Promise<void> {
    const { db, chainId } = this.ctx;
    // Our sweeps and top-ups in flight: sent again, replaced when stuck, their gas booked once final.
    const open = await db
      .select()
      .from(evmTransactions)
      .where(
        and(
          eq(evmTransactions.chainId, chainId),
          inArray(evmTransactions.kind, ['SWEEP', 'TOPUP']),
          or(
            inArray(evmTransactions.state, ['SIGNED', 'SENT']),
            and(eq(evmTransactions.state, 'MINED'), eq(evmTransactions.gasBooked, false)),
          ),
        ),
      );
    for (const row of open) {
      try {
        await track(this.ctx, row.reference, this.signerOf(row));
      } catch (error) {
        this.ctx.log.error({ err: error, reference: row.reference }, 'evm: sweep step failed; retrying later');
      }
    }
    const busy = new Set(
      (
        await db
          .select()
          .from(evmTransactions)
          .where(and(eq(evmTransactions.chainId, chainId), inArray(evmTransactions.state, ['SIGNED', 'SENT'])))
      ).flatMap((r) => [r.fromAddress.toLowerCase(), r.toAddress.toLowerCase()]),
    );
    const candidates = await db.select().from(evmSweeps).where(eq(evmSweeps.chainId, chainId)).limit(BATCH);
    for (const c of candidates) {
      if (busy.has(c.address.toLowerCase())) continue;
      const tokensLeft = candidates.some((o) => o.address === c.address && o.currency !== 'ETH');
      if (c.currency === 'ETH' && tokensLeft) continue; // its ETH pays the token's gas first
      busy.add(c.address.toLowerCase());
      try {
        if (c.currency === 'ETH') await this.sweepEth(c);
        else await this.sweepToken(c);
      } catch (error) {
        this.ctx.log.error(
          { err: error, address: c.address, currency: c.currency },
          'evm: sweep failed; retrying later',
        );
      }
    }
  }

  private signerOf(row: EvmTx): PrivateKeyAccount | undefined {
    if (row.fromAddress === this.hot.address) return this.hot;
    return undefined; // a deposit address's sweep is sent again as signed, never re-priced
  }

  private async done(c: typeof evmSweeps.$inferSelect) {
    await this.ctx.db
      .delete(evmSweeps)
      .where(
        and(eq(evmSweeps.chainId, c.chainId), eq(evmSweeps.address, c.address), eq(evmSweeps.currency, c.currency)),
      );
  }

  private keyOf(c: typeof evmSweeps.$inferSelect): PrivateKeyAccount {
    const account = depositAccount(this.seed, c.hdIndex);
    if (account.address.toLowerCase() !== c.address.toLowerCase())
      throw new Error(`deposit key ${c.hdIndex} does not derive ${c.address}: wrong seed?`);
    return account;
  }

  private async sendFrom(
    signer: PrivateKeyAccount,
    payment: Parameters<typeof signAndRecord>[2],
    gas: bigint,
    fees: { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint },
  ) {
    const chainNonce = BigInt(
      await this.ctx.client.getTransactionCount({ address: signer.address, blockTag: 'pending' }),
    );
    const row = await signAndRecord(this.ctx, signer, payment, { gas, fees, chainNonce });
    await send(this.ctx, row);
    this.ctx.log.info({ kind: payment.kind, currency: payment.currency, txHash: row.txHash }, 'evm: sweep step sent');
  }

  private async sweepToken(c: typeof evmSweeps.$inferSelect) {
    const { client, config } = this.ctx;
    const address = c.address as Hex;
    const contract = config.tokens[c.currency];
    if (!contract) return this.done(c);
    const balance = await client.readContract({
      address: contract,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [address],
    });
    if (balance === 0n) return this.done(c);
    const call = callOf(config, c.currency, this.hot.address, balance);
    const gas = ((await client.estimateGas({ account: address, to: call.to, data: call.data })) * 12n) / 10n;
    const fees = await estimateFees(client);
    const need = gas * fees.maxFeePerGas;
    const eth = await client.getBalance({ address });
    if (eth < need) {
      // Signed only when the hot wallet can pay it: a top-up it cannot send would hold its nonce, and
      // every withdrawal after it, until someone funds it.
      const topUp = need - eth + ETH_TRANSFER_GAS * fees.maxFeePerGas;
      if ((await client.getBalance({ address: this.hot.address })) < topUp) {
        this.ctx.log.warn(
          { address, currency: c.currency },
          'evm: the hot wallet cannot pay a token sweep its gas yet',
        );
        return;
      }
      // The hot wallet pays the token's gas; its own top-up's gas is booked like any other.
      return this.sendFrom(
        this.hot,
        { kind: 'TOPUP', reference: `topup:${randomUUID()}`, currency: 'ETH', to: address, amount: need - eth },
        ETH_TRANSFER_GAS,
        fees,
      );
    }
    return this.sendFrom(
      this.keyOf(c),
      {
        kind: 'SWEEP',
        reference: `sweep:${randomUUID()}`,
        currency: c.currency,
        to: this.hot.address,
        amount: balance,
      },
      gas,
      fees,
    );
  }

  private async sweepEth(c: typeof evmSweeps.$inferSelect) {
    const { client } = this.ctx;
    const address = c.address as Hex;
    const balance = await client.getBalance({ address });
    const { maxFeePerGas } = await estimateFees(client);
    const cost = ETH_TRANSFER_GAS * maxFeePerGas;
    // Not worth its gas: left where it is (it stays ours, and the next deposit takes it along).
    if (balance <= cost * 2n) return this.done(c);
    return this.sendFrom(
      this.keyOf(c),
      {
        kind: 'SWEEP',
        reference: `sweep:${randomUUID()}`,
        currency: 'ETH',
        to: this.hot.address,
        amount: balance - cost,
      },
      ETH_TRANSFER_GAS,
      { maxFeePerGas, maxPriorityFeePerGas: maxFeePerGas },
    );
  }
}
