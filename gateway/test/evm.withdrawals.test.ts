import { eq } from 'drizzle-orm';
import { parseEther, parseUnits, type Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evmTransactions } from '../src/db/schema/evm.js';
import { checkWithdrawalInvariants } from '../src/withdrawals/invariants.js';
import { createTestApp, type TestApp } from './support/app.js';
import { startHardhatNode, type HardhatNode } from './support/hardhatNode.js';
import { available, depositAddressOf, evmEnv, externalAddress, fundHotWallet } from './evm-support.js';
import { call, walletUser, type WalletUser } from './wallet-support.js';
import { newKey, send, waitFor, withdrawalRow } from './withdraw-support.js';

/**
 * Withdrawals signed by the hot wallet and sent to a real node (Hardhat 2, started here): mined, the
 * recipient's balance up by exactly the amount; a send stuck under the market replaced with a higher
 * fee under the same nonce; two replicas on one database sending each withdrawal once.
 */
let node: HardhatNode;
let token: Hex;
let t: TestApp;
let hot: Hex;

beforeAll(async () => {
  node = await startHardhatNode();
  token = await node.deployToken();
  t = await createTestApp({ env: evmEnv(node, token) });
  hot = await fundHotWallet(t, node, parseEther('100'), { address: token, amount: parseUnits('10000', 6) });
}, 60_000);

afterAll(async () => {
  await t?.close();
  await node?.stop();
});

/** A user holding `amount` of ETH (or USDT_ETH) from a real deposit, credited. */
async function fundedUser(currency: 'ETH' | 'USDT_ETH', amount: string): Promise<WalletUser> {
  const u = await walletUser(t);
  const address = await depositAddressOf(t, u, currency);
  if (currency === 'ETH') await node.sendEth(node.accounts[1]!, address, parseEther(amount));
  else await node.sendToken(token, node.accounts[0]!, address, parseUnits(amount, 6));
  await node.test.mine({ blocks: 2 });
  await waitFor(`${amount} ${currency} credited`, async () => (await available(t, u, currency)) === amount);
  return u;
}

/** Mines a block per look until the withdrawal settles (the worker follows it once per block). */
async function settledMining(app: TestApp, id: string) {
  return waitFor(`withdrawal ${id} settled`, async () => {
    const row = await withdrawalRow(app, id);
    if (row.state !== 'IN_PROGRESS') return row;
    if (row.txHash) await node.test.mine({ blocks: 1 });
    return false;
  });
}

const hotNonce = () => node.public.getTransactionCount({ address: hot });

describe('withdrawals to a real node', () => {
  it('an ETH withdrawal is mined and the recipient holds exactly the amount', async () => {
    const u = await fundedUser('ETH', '2');
    const to = externalAddress();
    const nonceBefore = await hotNonce();
    // The fee is the node's: 21,000 gas × the EIP-1559 cap from eth_feeHistory, not the flat 0.0004.
    const quoted = await call(
      t,
      'POST',
      `/b2c-wallet/${u.account}/withdrawal/preliminary/fee`,
      { currency: 'ETH', amount: '100', depositAddress: to },
      u.token,
    );
    expect(quoted.status).toBe(200);
    const { maxFeePerGas } = await node.public.estimateFeesPerGas();
    expect(parseEther(quoted.body.fee)).toBeGreaterThan(0n);
    expect(parseEther(quoted.body.fee)).toBeLessThan(21_000n * maxFeePerGas * 4n);
    expect(quoted.body.fee).not.toBe('0.0004');
    const res = await send(t, u, { currency: 'ETH', amount: '0.25', depositAddress: to, idempotencyKey: newKey() });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.fee).toBe(quoted.body.fee);
    const done = await settledMining(t, res.body.id);
    expect(done.state).toBe('COMPLETED');
    expect(await node.public.getBalance({ address: to })).toBe(parseEther('0.25'));
    expect(await hotNonce()).toBe(nonceBefore + 1);
    const signed = await t.db.select().from(evmTransactions).where(eq(evmTransactions.reference, done.id));
    expect(signed).toHaveLength(1);
    expect(signed[0]).toMatchObject({ txHash: done.txHash, state: 'MINED', gasBooked: true });
    const fee = Number(done.fee) / 1e18;
    expect(Number(await available(t, u, 'ETH'))).toBeCloseTo(2 - 0.25 - fee, 12);
    expect(await checkWithdrawalInvariants(t.db)).toEqual([]);
  });

  it('a USDT_ETH withdrawal moves the tokens from the hot wallet to the recipient', async () => {
    const u = await fundedUser('USDT_ETH', '100');
    const to = externalAddress();
    const res = await send(t, u, {
      currency: 'USDT_ETH',
      amount: '42.5',
      depositAddress: to,
      idempotencyKey: newKey(),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await settledMining(t, res.body.id)).state).toBe('COMPLETED');
    expect(await node.tokenBalance(token, to)).toBe(parseUnits('42.5', 6));
  });

  it('a send stuck under the market is replaced with a higher fee under the same nonce, and mined once', async () => {
    const u = await fundedUser('ETH', '1');
    const to = externalAddress();
    await node.test.setAutomine(false);
    try {
      const res = await send(t, u, { currency: 'ETH', amount: '0.1', depositAddress: to, idempotencyKey: newKey() });
      expect(res.status).toBe(200);
      const [first] = await waitFor('signed', async () => {
        const rows = await t.db.select().from(evmTransactions).where(eq(evmTransactions.reference, res.body.id));
        return rows.length > 0 && rows;
      });
      // The market jumps far above the send's fee cap: the block after leaves it out.
      await node.test.setNextBlockBaseFeePerGas({ baseFeePerGas: BigInt(first!.maxFeePerGas) * 50n });
      await node.test.mine({ blocks: 1 });
      const attempts = await waitFor('a replacement', async () => {
        const rows = await t.db.select().from(evmTransactions).where(eq(evmTransactions.reference, res.body.id));
        return rows.length === 2 && rows;
      });
      const [original, replacement] = attempts.sort((a, b) => a.attempt - b.attempt);
      expect(replacement!.nonce).toBe(original!.nonce);
      expect(BigInt(replacement!.maxFeePerGas)).toBeGreaterThan(BigInt(original!.maxFeePerGas) * 10n);
      await node.test.setAutomine(true);
      const done = await settledMining(t, res.body.id);
      expect(done.state).toBe('COMPLETED');
      expect(await node.public.getBalance({ address: to })).toBe(parseEther('0.1'));
      const final = await t.db.select().from(evmTransactions).where(eq(evmTransactions.reference, res.body.id));
      expect(final.map((r) => r.state).sort()).toEqual(['MINED', 'REPLACED']);
      expect(final.find((r) => r.state === 'MINED')!.attempt).toBe(1);
    } finally {
      await node.test.setAutomine(true);
    }
  });

  it('two replicas on one database send each withdrawal once', async () => {
    const second = await createTestApp({ database: t.database, env: evmEnv(node, token) });
    try {
      const u = await fundedUser('ETH', '3');
      const sends = Array.from({ length: 6 }, (_, i) => ({
        app: i % 2 === 0 ? t : second,
        to: externalAddress(),
        amount: `0.0${i + 1}`,
      }));
      const ids = await Promise.all(
        sends.map(async (s) => {
          const res = await send(s.app, u, {
            currency: 'ETH',
            amount: s.amount,
            depositAddress: s.to,
            idempotencyKey: newKey(),
          });
          expect(res.status, JSON.stringify(res.body)).toBe(200);
          return res.body.id as string;
        }),
      );
      for (const id of ids) expect((await settledMining(t, id)).state).toBe('COMPLETED');
      // A send that went out twice would have paid its recipient twice (two nonces, two transfers).
      for (const s of sends) expect(await node.public.getBalance({ address: s.to })).toBe(parseEther(s.amount));
      for (const id of ids)
        expect(await t.db.select().from(evmTransactions).where(eq(evmTransactions.reference, id))).toHaveLength(1);
      expect(await checkWithdrawalInvariants(t.db)).toEqual([]);
    } finally {
      await second.app.close();
    }
  });
});
