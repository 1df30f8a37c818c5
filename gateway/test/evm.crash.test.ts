import { randomInt } from 'node:crypto';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { parseEther, type Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.js';
import { evmTransactions } from '../src/db/schema/evm.js';
import { withdrawals } from '../src/db/schema/index.js';
import { checkLedgerInvariants } from '../src/ledger/invariants.js';
import { checkWithdrawalInvariants } from '../src/withdrawals/invariants.js';
import { evmEnv, externalAddress } from './evm-support.js';
import { startHardhatNode, type HardhatNode } from './support/hardhatNode.js';
import { Client, crashDatabase, startGateway, type Gateway } from './withdraw-process.js';
import { waitFor } from './withdraw-support.js';

/**
 * A real kill -9 between signing a withdrawal and sending it: the gateway (a child process, on a
 * Hardhat 2 node) SIGKILLs itself right after the signed transaction is in the database
 * (EVM_CRASH_POINT=after-sign). Nothing reached the node; after a restart the same bytes go out, and
 * the node ends with exactly one transaction for the send.
 */
const store = crashDatabase('evm-crash');
let node: HardhatNode;
let token: Hex;
let gateway: Gateway | undefined;

beforeAll(async () => {
  node = await startHardhatNode();
  token = await node.deployToken();
}, 60_000);

afterAll(async () => {
  await gateway?.kill9();
  await store.drop();
  await node?.stop();
});

async function withdrawalState(client: Client): Promise<string | undefined> {
  const history = (await client.request('POST', `/b2c-wallet/${client.account}/asset/transactions`, {})).body
    .content as { direction: string; state: string }[];
  return history.find((h) => h.direction === 'WITHDRAWAL')?.state;
}

describe('kill -9 between signing and sending an Ethereum withdrawal', () => {
  it('leaves exactly one transaction on chain, the one signed before the crash', async () => {
    const env = {
      ...(await store.prepare()),
      ...evmEnv(node, token),
      DATA_DIR: store.scratch,
      STATIC_DIR: path.join(store.scratch, 'no-dist'),
      WITHDRAWAL_LEASE_MS: '1500',
    };
    const telegramId = 910_000_000 + randomInt(1_000_000);
    gateway = await startGateway({ ...env, EVM_CRASH_POINT: 'after-sign' });
    let client = new Client(gateway.url);
    await client.signIn(telegramId);
    const asset = await client.request('POST', `/b2c-wallet/${client.account}/account/currency`, { currency: 'ETH' });
    expect(asset.status).toBe(200);
    await node.sendEth(node.accounts[1]!, asset.body.depositAddress, parseEther('1'));
    await node.test.mine({ blocks: 2 });
    await waitFor(
      'the deposit credited',
      async () => (await client.request('GET', `/b2c-wallet/${client.account}/asset`)).body[0]?.totalAvailable === '1',
    );
    const hot = (await client.request('GET', '/dev/chain/hot-wallet?network=ETH')).body.address as Hex;
    await node.sendEth(node.accounts[0]!, hot, parseEther('10'));
    const nonceBefore = await node.public.getTransactionCount({ address: hot, blockTag: 'pending' });

    const to = externalAddress();
    const sent = await client.request('POST', `/b2c-wallet/${client.account}/withdrawal`, {
      currency: 'ETH',
      amount: '0.3',
      depositAddress: to,
      idempotencyKey: `evm-crash-${randomInt(1e9)}`,
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    await gateway.exited; // the worker signed, recorded and killed its own process
    gateway = undefined;
    expect(await node.public.getTransactionCount({ address: hot, blockTag: 'pending' })).toBe(nonceBefore);

    let signedHash: string;
    {
      const database = await openDatabase({ databaseUrl: store.url, dataDir: store.scratch });
      try {
        const rows = await database.db
          .select()
          .from(evmTransactions)
          .where(eq(evmTransactions.reference, sent.body.id));
        expect(rows).toHaveLength(1);
        expect(rows[0]!.state).toBe('SIGNED');
        signedHash = rows[0]!.txHash;
      } finally {
        await database.close();
      }
    }

    gateway = await startGateway(env);
    client = new Client(gateway.url);
    await client.signIn(telegramId);
    await waitFor(
      'the withdrawal completed after the restart',
      async () => {
        const state = await withdrawalState(client);
        if (state === 'IN_PROGRESS') await node.test.mine({ blocks: 1 });
        return state !== 'IN_PROGRESS' && state;
      },
      60_000,
    );
    expect(await withdrawalState(client)).toBe('COMPLETED');
    expect(await node.public.getBalance({ address: to })).toBe(parseEther('0.3'));
    expect(await node.public.getTransactionCount({ address: hot, blockTag: 'pending' })).toBe(nonceBefore + 1);
    const receipt = await node.public.getTransactionReceipt({ hash: signedHash as Hex });
    expect(receipt.status).toBe('success');
    await gateway.stop();
    gateway = undefined;

    const database = await openDatabase({ databaseUrl: store.url, dataDir: store.scratch });
    try {
      const rows = await database.db.select().from(evmTransactions).where(eq(evmTransactions.reference, sent.body.id));
      expect(rows.map((r) => [r.txHash, r.state])).toEqual([[signedHash, 'MINED']]);
      const [w] = await database.db.select().from(withdrawals).where(eq(withdrawals.id, sent.body.id));
      expect(w).toMatchObject({ state: 'COMPLETED', txHash: signedHash });
      expect(await checkLedgerInvariants(database.db)).toEqual([]);
      expect(await checkWithdrawalInvariants(database.db)).toEqual([]);
    } finally {
      await database.close();
    }
  }, 120_000);
});
