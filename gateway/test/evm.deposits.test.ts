import { eq, like } from 'drizzle-orm';
import { parseEther, parseUnits, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evmDeposits } from '../src/db/schema/evm.js';
import { ledgerTransfers } from '../src/db/schema/index.js';
import { createTestApp, type TestApp } from './support/app.js';
import { CHAIN_ID, startHardhatNode, type HardhatNode } from './support/hardhatNode.js';
import { available, caughtUp, depositAddressOf, depositRows, evmEnv, waitForDeposit } from './evm-support.js';
import { walletUser } from './wallet-support.js';
import { waitFor } from './withdraw-support.js';

/**
 * Deposits from a real node (Hardhat 2, started here): plain ETH transfers and ERC-20 Transfer logs
 * to our addresses, credited once at ETH_CONFIRMATIONS (3 here), and re-orgs made with
 * evm_snapshot / evm_revert that neither lose nor double a credit.
 */
let node: HardhatNode;
let token: Hex;
let t: TestApp;

beforeAll(async () => {
  node = await startHardhatNode();
  token = await node.deployToken();
  // Five confirmations: a sweep of an earlier test's deposit may add a block at any moment, and must
  // not complete a deposit a test still means to re-org.
  t = await createTestApp({ env: evmEnv(node, token, { ETH_CONFIRMATIONS: '5' }) });
}, 60_000);

afterAll(async () => {
  await t?.close();
  await node?.stop();
});

async function creditsOf(txHash: string) {
  return t.db
    .select()
    .from(ledgerTransfers)
    .where(like(ledgerTransfers.idempotencyKey, `deposit:%:${txHash}:%`));
}

describe('ETH and token deposits from a real node', () => {
  it('credits an ETH deposit once, only at the required confirmations', async () => {
    const u = await walletUser(t);
    const address = await depositAddressOf(t, u, 'ETH');
    const hash = await node.sendEth(node.accounts[1]!, address, parseEther('1.5'));

    const seen = await waitForDeposit(t, hash, 'IN_PROGRESS');
    expect(seen).toMatchObject({ requiredConfirmations: 5 });
    await node.test.mine({ blocks: 1 });
    await waitFor('2 confirmations', async () => ((await depositRows(t, hash))[0]?.confirmations ?? 0) >= 2);
    expect(await available(t, u, 'ETH')).toBe('0');

    await node.test.mine({ blocks: 3 });
    await waitForDeposit(t, hash, 'COMPLETED');
    expect(await available(t, u, 'ETH')).toBe('1.5');
    // More blocks change nothing: one history row, one ledger credit.
    await node.test.mine({ blocks: 5 });
    await caughtUp(t, node);
    expect(await depositRows(t, hash)).toHaveLength(1);
    expect(await creditsOf(hash)).toHaveLength(1);
    expect(await available(t, u, 'ETH')).toBe('1.5');
  });

  it('credits a token Transfer log once, at the required confirmations', async () => {
    const u = await walletUser(t);
    const address = await depositAddressOf(t, u, 'USDT_ETH');
    const hash = await node.sendToken(token, node.accounts[0]!, address, parseUnits('250.5', 6));
    await waitForDeposit(t, hash, 'IN_PROGRESS');
    expect(await available(t, u, 'USDT_ETH')).toBe('0');
    await node.test.mine({ blocks: 4 });
    await waitForDeposit(t, hash, 'COMPLETED');
    expect(await available(t, u, 'USDT_ETH')).toBe('250.5');
    await node.test.mine({ blocks: 3 });
    await caughtUp(t, node);
    expect(await creditsOf(hash)).toHaveLength(1);
    expect(await available(t, u, 'USDT_ETH')).toBe('250.5');
  });

  it('a deposit re-orged out before its confirmations ends FAILED, never credited; sent again it is credited once', async () => {
    const u = await walletUser(t);
    const address = await depositAddressOf(t, u, 'ETH');
    await caughtUp(t, node);
    const snapshot = await node.test.snapshot();
    const gone = await node.sendEth(node.accounts[2]!, address, parseEther('0.7'));
    await node.test.mine({ blocks: 1 });
    await waitFor('2 confirmations', async () => ((await depositRows(t, gone))[0]?.confirmations ?? 0) >= 2);

    await node.test.revert({ id: snapshot });
    await waitForDeposit(t, gone, 'FAILED');
    const [record] = await t.db.select().from(evmDeposits).where(eq(evmDeposits.txHash, gone));
    expect(record).toMatchObject({ state: 'FAILED', blockNumber: null });

    const again = await node.sendEth(node.accounts[2]!, address, parseEther('0.7'));
    await node.test.mine({ blocks: 4 });
    await waitFor('the second send credited', async () => (await available(t, u, 'ETH')) === '0.7');
    await node.test.mine({ blocks: 3 });
    await caughtUp(t, node);
    expect(await available(t, u, 'ETH')).toBe('0.7');
    expect(await creditsOf(gone)).toHaveLength(again === gone ? 1 : 0);
  });

  it('the same transaction re-included in another block after a re-org is credited once', async () => {
    const u = await walletUser(t);
    const address = await depositAddressOf(t, u, 'ETH');
    // Signed here, so the very same bytes can be offered to the chain before and after the re-org.
    const sender = privateKeyToAccount('0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6');
    const nonce = await node.public.getTransactionCount({ address: sender.address });
    const fees = await node.public.estimateFeesPerGas();
    const raw = await sender.signTransaction({
      chainId: CHAIN_ID,
      type: 'eip1559',
      nonce,
      to: address,
      value: parseEther('0.3'),
      gas: 21_000n,
      maxFeePerGas: fees.maxFeePerGas * 4n,
      maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
    });
    await caughtUp(t, node);
    const snapshot = await node.test.snapshot();
    const hash = await node.public.sendRawTransaction({ serializedTransaction: raw });
    await node.test.mine({ blocks: 1 });
    const first = await waitFor('seen', async () => ((await depositRows(t, hash))[0]?.confirmations ?? 0) >= 2);
    expect(first).toBe(true);
    const [before] = await t.db.select().from(evmDeposits).where(eq(evmDeposits.txHash, hash));

    await node.test.revert({ id: snapshot });
    // A longer chain without it, then the same transaction lands higher up.
    await node.test.mine({ blocks: 3 });
    expect(await node.public.sendRawTransaction({ serializedTransaction: raw })).toBe(hash);
    await waitFor('re-included', async () => {
      const [row] = await t.db.select().from(evmDeposits).where(eq(evmDeposits.txHash, hash));
      return row?.blockNumber !== null && row!.blockNumber! > before!.blockNumber! && row;
    });
    await node.test.mine({ blocks: 4 });
    await waitForDeposit(t, hash, 'COMPLETED');
    await node.test.mine({ blocks: 3 });
    await caughtUp(t, node);
    expect(await available(t, u, 'ETH')).toBe('0.3');
    expect(await creditsOf(hash)).toHaveLength(1);
    expect(await depositRows(t, hash)).toHaveLength(1);
  });
});
