import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { formatEther, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { evmFollower, evmTransactions } from '../src/db/schema/evm.js';
import { walletTransactions } from '../src/db/schema/index.js';
import type { TestApp } from './support/app.js';
import { CHAIN_ID, type HardhatNode } from './support/hardhatNode.js';
import { addAsset, assets, call, type WalletUser } from './wallet-support.js';
import { waitFor } from './withdraw-support.js';

export { evmEnv, TEST_MNEMONIC } from './support/evmEnv.js';

/** An address that belongs to nobody here, on the node: a fresh random key's. */
export const externalAddress = (): Hex => privateKeyToAccount(`0x${randomBytes(32).toString('hex')}`).address;

/** Resolves once the follower has read the node's current head. */
export async function caughtUp(t: TestApp, node: HardhatNode) {
  const head = await node.public.getBlockNumber();
  await waitFor(`the follower at block ${head}`, async () => {
    const [row] = await t.db.select().from(evmFollower).where(eq(evmFollower.chainId, CHAIN_ID));
    return row !== undefined && row.blockNumber >= head;
  });
}

/** The user's deposit address for a currency (the asset added when missing). */
export async function depositAddressOf(t: TestApp, u: WalletUser, currency: string): Promise<Hex> {
  const asset = (await assets(t, u)).find((a) => a.currency === currency) ?? (await addAsset(t, u, currency));
  return asset.depositAddress as Hex;
}

export async function available(t: TestApp, u: WalletUser, currency: string): Promise<string> {
  return (await assets(t, u)).find((a) => a.currency === currency)?.totalAvailable ?? '0';
}

export async function depositRows(t: TestApp, txHash: string) {
  return t.db.select().from(walletTransactions).where(eq(walletTransactions.hash, txHash));
}

/** The state the wallet's history shows for a deposit, once it has one. */
export async function waitForDeposit(t: TestApp, txHash: string, state: 'IN_PROGRESS' | 'COMPLETED' | 'FAILED') {
  return waitFor(`deposit ${txHash} ${state}`, async () => {
    const rows = await depositRows(t, txHash);
    return rows.length === 1 && rows[0]!.state === state && rows[0];
  });
}

export async function hotWallet(t: TestApp): Promise<Hex> {
  const res = await call(t, 'GET', '/dev/chain/hot-wallet?network=ETH');
  if (res.status !== 200) throw new Error(`hot wallet: ${JSON.stringify(res.body)}`);
  return res.body.address as Hex;
}

/** Funds the hot wallet from a node account, as an operator would. */
export async function fundHotWallet(
  t: TestApp,
  node: HardhatNode,
  wei: bigint,
  token?: { address: Hex; amount: bigint },
) {
  const hot = await hotWallet(t);
  await node.sendEth(node.accounts[0]!, hot, wei);
  if (token) await node.sendToken(token.address, node.accounts[0]!, hot, token.amount);
  return hot;
}

export async function sentFrom(t: TestApp, address: string) {
  return t.db
    .select()
    .from(evmTransactions)
    .where(and(eq(evmTransactions.fromAddress, address)));
}

export const eth = (wei: bigint) => formatEther(wei);
