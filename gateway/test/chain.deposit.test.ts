import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { chainPlugin, creditDeposits } from '../src/chain/plugin.js';
import { loadConfig } from '../src/config.js';
import { sandboxAdapters } from '../src/chain/sandbox/adapter.js';
import { reportOf, SandboxChain } from '../src/chain/sandbox/chain.js';
import { accounts, sandboxChainTransactions } from '../src/db/schema/index.js';
import { reportDeposit } from '../src/wallet/deposits.js';
import { createTestApp, type TestApp } from './support/app.js';
import { confirmedUser, json } from './support/flows.js';

const BLOCK_MS = 30;
let t: TestApp;
let user: { id: string; token: string };
let account: string;
const addresses: Record<string, string> = {};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const deposit = (body: unknown) => json(t, 'POST', '/dev/chain/deposit', body);

async function balance(currency: string): Promise<string> {
  const res = await json<{ currency: string; totalAvailable: string }[]>(
    t,
    'GET',
    `/b2c-wallet/${account}/asset`,
    undefined,
    user.token,
  );
  expect(res.status).toBe(200);
  return res.body.find((a) => a.currency === currency)?.totalAvailable ?? 'none';
}

async function historyState(txHash: string): Promise<string | undefined> {
  const res = await json<{ content: { hash: string | null; state: string }[] }>(
    t,
    'POST',
    `/b2c-wallet/${account}/asset/transactions`,
    {},
    user.token,
  );
  expect(res.status).toBe(200);
  return res.body.content.find((tx) => tx.hash === txHash)?.state;
}

async function until(check: () => Promise<boolean>, what: string, ms = 10_000) {
  for (const start = Date.now(); Date.now() - start < ms; await sleep(20)) if (await check()) return;
  throw new Error(`timed out waiting for ${what}`);
}

beforeAll(async () => {
  t = await createTestApp({ idp: 'fake', env: { SANDBOX_BLOCK_MS: String(BLOCK_MS), SANDBOX_CONFIRMATIONS: '3' } });
  user = await confirmedUser(t, 'depositor@example.com');
  [{ id: account }] = (await t.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.userId, user.id))) as [
    { id: string },
  ];
  for (const currency of ['BTC', 'ETH', 'USDT_TRX', 'TON']) {
    const res = await json<{ depositAddress: string }>(
      t,
      'POST',
      `/b2c-wallet/${account}/account/currency`,
      { currency },
      user.token,
    );
    expect(res.status).toBe(200);
    addresses[currency] = res.body.depositAddress;
  }
});
afterAll(async () => {
  await t?.close();
});

describe('sandbox deposits', () => {
  it('show IN_PROGRESS at once and are credited COMPLETED after the confirmations', async () => {
    // A minute-long block while we look, so a slow machine cannot see the blocks pass first.
    expect((await json(t, 'POST', '/dev/chain/behaviour', { confirmationMs: 60_000 })).status).toBe(200);
    const res = await deposit({ currency: 'BTC', address: addresses.BTC, amount: '0.5' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      txHash: expect.stringMatching(/^[0-9a-f]{64}$/),
      currency: 'BTC',
      address: addresses.BTC,
      amount: '0.5',
      status: 'IN_PROGRESS',
    });
    expect(await historyState(res.body.txHash)).toBe('IN_PROGRESS');
    expect(await balance('BTC')).toBe('0');
    expect((await json(t, 'POST', '/dev/chain/behaviour', { confirmationMs: BLOCK_MS })).status).toBe(200);

    await until(async () => (await historyState(res.body.txHash)) === 'COMPLETED', 'the deposit to complete');
    expect(await balance('BTC')).toBe('0.5');
    const chainTx = await json(t, 'GET', `/dev/chain/transaction/${res.body.txHash}`);
    expect(chainTx.body).toMatchObject({
      status: 'COMPLETED',
      confirmations: 3,
      requiredConfirmations: 3,
      amount: '0.5',
      network: 'bitcoin',
    });
  });

  it('take any spelling of an address and use every decimal of the coin', async () => {
    const eth = await deposit({
      currency: 'ETH',
      address: addresses.ETH!.toLowerCase(),
      amount: '0.000000000000000001',
    });
    expect(eth.status).toBe(200);
    expect(eth.body).toMatchObject({
      address: addresses.ETH,
      amount: '0.000000000000000001',
      txHash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
    });
    const usdt = await deposit({ currency: 'USDT_TRX', address: addresses.USDT_TRX, amount: '12.345678' });
    expect(usdt.status).toBe(200);
    const ton = await deposit({ currency: 'TON', address: addresses.TON, amount: '3' });
    expect(ton.status).toBe(200);
    await until(
      async () => (await balance('TON')) === '3' && (await balance('USDT_TRX')) === '12.345678',
      'TON and USDT_TRX credits',
    );
    await until(async () => (await balance('ETH')) === '0.000000000000000001', 'the ETH credit');
  });

  it('are credited exactly once however often and in whatever order they are reported', async () => {
    const res = await deposit({ currency: 'BTC', address: addresses.BTC, amount: '0.25' });
    await until(async () => (await historyState(res.body.txHash)) === 'COMPLETED', 'the deposit to complete');
    expect(await balance('BTC')).toBe('0.75');

    const [row] = await t.db
      .select()
      .from(sandboxChainTransactions)
      .where(eq(sandboxChainTransactions.txHash, res.body.txHash));
    const report = reportOf(row!);
    const replies = await Promise.all([
      ...Array.from({ length: 10 }, () => reportDeposit(t.db, report)),
      reportDeposit(t.db, { ...report, status: 'IN_PROGRESS', confirmations: 1 }),
    ]);
    for (let i = 0; i < 5; i++)
      replies.push(await reportDeposit(t.db, i % 2 ? report : { ...report, status: 'IN_PROGRESS', confirmations: 0 }));
    expect(replies.every((r) => !r.credited)).toBe(true);
    expect(new Set(replies.map((r) => r.transactionId)).size).toBe(1);

    // As if the process died after crediting but before the chain row moved: the step is repeated.
    await t.db
      .update(sandboxChainTransactions)
      .set({ status: 'IN_PROGRESS', confirmations: 2, lastBlockAt: sql`now() - interval '1 minute'` })
      .where(eq(sandboxChainTransactions.id, row!.id));
    await until(
      async () =>
        (await json<{ status: string }>(t, 'GET', `/dev/chain/transaction/${res.body.txHash}`)).body.status ===
        'COMPLETED',
      'the replayed block',
    );
    expect(await balance('BTC')).toBe('0.75');
    expect(await historyState(res.body.txHash)).toBe('COMPLETED');
  });

  it('are credited once when several workers produce blocks at the same time', async () => {
    // Two more "gateway instances" on the same database, next to the app's own block producer.
    const workers = [1, 2].map(() => {
      const chain = new SandboxChain(t.db, { confirmationMs: BLOCK_MS, requiredConfirmations: 3 }, { error() {} });
      for (const adapter of sandboxAdapters(chain)) adapter.watchDeposits(creditDeposits);
      return chain;
    });
    const sent = await Promise.all(
      ['0.01', '0.02', '0.03', '0.04', '0.05'].map((amount) =>
        deposit({ currency: 'BTC', address: addresses.BTC, amount }),
      ),
    );
    expect(sent.every((r) => r.status === 200)).toBe(true);
    const hashes = sent.map((r) => r.body.txHash as string);
    const done = async () => (await Promise.all(hashes.map(historyState))).every((s) => s === 'COMPLETED');
    while (!(await done())) {
      await Promise.all(workers.flatMap((w) => [w.tick(), w.tick()]));
      await sleep(5);
    }
    expect(await balance('BTC')).toBe('0.9');
    for (const hash of hashes) {
      const [row] = await t.db.select().from(sandboxChainTransactions).where(eq(sandboxChainTransactions.txHash, hash));
      expect(row).toMatchObject({ confirmations: 3, status: 'COMPLETED' });
    }
  });

  it.each([
    ['-1'],
    ['NaN'],
    ['1e-9'],
    ['1,5'],
    ['0.123456789'],
    ['0'],
    ['0.00000000'],
    [''],
    [' 1'],
    ['1.'],
    ['.5'],
    ['0x10'],
    ['Infinity'],
  ])('refuse the amount %j with a 400 on amount', async (amount) => {
    const res = await deposit({ currency: 'BTC', address: addresses.BTC, amount });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: expect.stringMatching(/^(INVALID_AMOUNT|VALIDATION_ERROR)$/),
      field: 'amount',
    });
  });

  it('refuse amounts that are not strings, too many decimals for the coin, and bad currencies or addresses', async () => {
    const cases: [unknown, string, string][] = [
      [{ currency: 'BTC', address: addresses.BTC, amount: 0.5 }, 'VALIDATION_ERROR', 'amount'],
      [{ currency: 'USDT_TRX', address: addresses.USDT_TRX, amount: '1.0000001' }, 'INVALID_AMOUNT', 'amount'],
      [{ currency: 'XYZ', address: addresses.BTC, amount: '1' }, 'UNKNOWN_CURRENCY', 'currency'],
      [{ currency: 'BTC_LNG', address: addresses.BTC, amount: '1' }, 'UNSUPPORTED_CURRENCY', 'currency'],
      [
        { currency: 'BTC', address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', amount: '1' },
        'UNKNOWN_ADDRESS',
        'address',
      ],
      // One substituted character always breaks a bech32 checksum; pick one that differs from the last.
      [
        {
          currency: 'BTC',
          address: `${addresses.BTC!.slice(0, -1)}${addresses.BTC!.endsWith('q') ? 'p' : 'q'}`,
          amount: '1',
        },
        'INVALID_ADDRESS',
        'address',
      ],
      [{ currency: 'BTC', address: addresses.ETH, amount: '1' }, 'INVALID_ADDRESS', 'address'],
      [
        { currency: 'LTC', address: 'ltc1qjmxnz78nmc8nq77wuxh25n2es7rzm5c2rkk4wh', amount: '1' },
        'UNKNOWN_ADDRESS',
        'address',
      ], // asset never added
      [{ currency: 'BTC', amount: '1' }, 'VALIDATION_ERROR', 'address'],
    ];
    const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(sandboxChainTransactions);
    for (const [body, code, field] of cases) {
      const res = await deposit(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body, JSON.stringify(body)).toMatchObject({ code, field });
    }
    const after = await t.db.select({ n: sql<number>`count(*)::int` }).from(sandboxChainTransactions);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('can be slowed down or sped up, and refuse nonsense settings', async () => {
    expect((await json(t, 'GET', '/dev/chain/behaviour')).body).toEqual({
      confirmationMs: BLOCK_MS,
      requiredConfirmations: 3,
      failNextBroadcasts: 0,
    });
    const set = await json(t, 'POST', '/dev/chain/behaviour', { requiredConfirmations: 1 });
    expect(set).toMatchObject({ status: 200, body: { confirmationMs: BLOCK_MS, requiredConfirmations: 1 } });
    const res = await deposit({ currency: 'ETH', address: addresses.ETH, amount: '1' });
    await until(async () => (await historyState(res.body.txHash)) === 'COMPLETED', 'a one-confirmation deposit');
    expect((await json(t, 'POST', '/dev/chain/behaviour', { confirmationMs: 1 })).body).toMatchObject({
      code: 'VALIDATION_ERROR',
      field: 'confirmationMs',
    });
    expect((await json(t, 'POST', '/dev/chain/behaviour', { requiredConfirmations: 0 })).status).toBe(400);
    expect((await json(t, 'POST', '/dev/chain/behaviour', { requiredConfirmations: 3 })).status).toBe(200);
  });
});

describe('outside sandbox mode', () => {
  it('has no /dev/chain routes', async () => {
    const prod = await createTestApp({ idp: 'fake', env: { SANDBOX: 'false' } });
    try {
      const res = await prod.app.inject({
        method: 'POST',
        url: '/dev/chain/deposit',
        payload: { currency: 'BTC', address: 'x', amount: '1' },
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });

  it('refuses to start in production without WALLET_MNEMONIC', async () => {
    const env = {
      NODE_ENV: 'production',
      TELEGRAM_BOT_TOKEN: '123:live',
      IDP_KEY_ENCRYPTION_KEY: 'c2VjcmV0LXByb2R1Y3Rpb24ta2V5LWZvci10ZXN0cyE=',
      PASSCODE_PEPPER: 'k1:cGFzc2NvZGUtcGVwcGVyLWZvci1wcm9kdWN0aW9uLXRlc3RzIQ==',
    };
    const start = async (extra: Record<string, string>) => {
      const app = Fastify();
      try {
        await app.register(chainPlugin, { db: t.db, config: loadConfig({ ...env, ...extra }) });
        await app.ready();
      } finally {
        await app.close();
      }
    };
    await expect(start({})).rejects.toThrow(/WALLET_MNEMONIC is required/);
    await expect(start({ WALLET_MNEMONIC: 'abandon '.repeat(12).trim() })).rejects.toThrow(/not a valid BIP39/);
    await expect(start({ WALLET_MNEMONIC: 'abandon '.repeat(11) + 'about' })).resolves.toBeUndefined();
  });
});
