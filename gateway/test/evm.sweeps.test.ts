import { and, eq, like } from 'drizzle-orm';
import { parseEther, parseUnits, type Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evmSweeps, evmTransactions } from '../src/db/schema/evm.js';
import { ledgerAccounts } from '../src/db/schema/index.js';
import { checkLedgerInvariants } from '../src/ledger/invariants.js';
import { createTestApp, type TestApp } from './support/app.js';
import { startHardhatNode, type HardhatNode } from './support/hardhatNode.js';
import { available, depositAddressOf, evmEnv, fundHotWallet } from './evm-support.js';
import { walletUser } from './wallet-support.js';
import { waitFor } from './withdraw-support.js';

/**
 * Sweeps on a real node (Hardhat 2, started here): credited deposits move from users' addresses to
 * the hot wallet (a token address first gets its gas from the hot wallet), no user balance changes,
 * and every sweep's gas is booked once, out of the fees account, with the ledger balancing.
 */
let node: HardhatNode;
let token: Hex;
let t: TestApp;
let hot: Hex;

beforeAll(async () => {
  node = await startHardhatNode();
  token = await node.deployToken();
  t = await createTestApp({ env: evmEnv(node, token) });
  hot = await fundHotWallet(t, node, parseEther('10'));
}, 60_000);

afterAll(async () => {
  await t?.close();
  await node?.stop();
});

async function sweepsFrom(address: string) {
  return t.db
    .select()
    .from(evmTransactions)
    .where(and(eq(evmTransactions.kind, 'SWEEP'), eq(evmTransactions.fromAddress, address)));
}

/** Mines a block per look until every sweep-side transaction has its gas booked and no address waits. */
async function sweptAndBooked(address: Hex) {
  await waitFor(`${address} swept and its gas booked`, async () => {
    await node.test.mine({ blocks: 1 });
    const open = await t.db.select().from(evmSweeps).where(eq(evmSweeps.address, address));
    const rows = await t.db.select().from(evmTransactions).where(eq(evmTransactions.chainId, 31337));
    return (
      open.length === 0 &&
      (await sweepsFrom(address)).length > 0 &&
      rows.every((r) => r.state !== 'MINED' || r.gasBooked)
    );
  });
}

async function ledgerSum(code: string, column: 'creditsPosted' | 'debitsPosted') {
  const rows = await t.db
    .select()
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.currency, 'ETH'), like(ledgerAccounts.code, `${code}:%`)));
  return rows.reduce((sum, r) => sum + r[column], 0n);
}

describe('sweeps to the hot wallet', () => {
  it('moves an ETH deposit to the hot wallet less its gas; the user keeps the balance, the gas is booked', async () => {
    const u = await walletUser(t);
    const address = await depositAddressOf(t, u, 'ETH');
    const hotBefore = await node.public.getBalance({ address: hot });
    await node.sendEth(node.accounts[1]!, address, parseEther('2'));
    await node.test.mine({ blocks: 2 });
    await waitFor('credited', async () => (await available(t, u, 'ETH')) === '2');
    await sweptAndBooked(address);

    const [sweep] = await sweepsFrom(address);
    expect(sweep).toMatchObject({ currency: 'ETH', toAddress: hot, state: 'MINED', gasBooked: true });
    const gas = BigInt(sweep!.gasCost!);
    // Balance minus gas, the tip set to the fee cap: nothing is left behind, nothing more is paid.
    expect(await node.public.getBalance({ address })).toBe(0n);
    expect(BigInt(sweep!.amount) + gas).toBe(parseEther('2'));
    expect(await node.public.getBalance({ address: hot })).toBe(hotBefore + parseEther('2') - gas);
    expect(await available(t, u, 'ETH')).toBe('2');
    expect(await ledgerSum('chain-gas', 'creditsPosted')).toBe(gas);
    expect(await ledgerSum('network-fees', 'debitsPosted')).toBe(gas);
    expect(await checkLedgerInvariants(t.db)).toEqual([]);
  });

  it('tops a token address up with gas first, then moves the tokens; both gases booked, the user untouched', async () => {
    const u = await walletUser(t);
    const address = await depositAddressOf(t, u, 'USDT_ETH');
    const gasBefore = await ledgerSum('chain-gas', 'creditsPosted');
    await node.sendToken(token, node.accounts[0]!, address, parseUnits('500', 6));
    await node.test.mine({ blocks: 2 });
    await waitFor('credited', async () => (await available(t, u, 'USDT_ETH')) === '500');
    await sweptAndBooked(address);

    expect(await node.tokenBalance(token, address)).toBe(0n);
    expect(await node.tokenBalance(token, hot)).toBe(parseUnits('500', 6));
    expect(await available(t, u, 'USDT_ETH')).toBe('500');
    const rows = await t.db.select().from(evmTransactions).where(eq(evmTransactions.chainId, 31337));
    const topUp = rows.find((r) => r.kind === 'TOPUP' && r.toAddress === address);
    const sweep = rows.find((r) => r.kind === 'SWEEP' && r.fromAddress === address);
    expect(topUp).toMatchObject({ fromAddress: hot, state: 'MINED', gasBooked: true });
    expect(sweep).toMatchObject({ currency: 'USDT_ETH', toAddress: hot, state: 'MINED', gasBooked: true });
    const gas = BigInt(topUp!.gasCost!) + BigInt(sweep!.gasCost!);
    expect((await ledgerSum('chain-gas', 'creditsPosted')) - gasBefore).toBe(gas);
    expect(await checkLedgerInvariants(t.db)).toEqual([]);
  });
});
