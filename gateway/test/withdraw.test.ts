import { and, count, eq, like } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkWithdrawalInvariants } from '../src/withdrawals/invariants.js';
import { toChecksumAddress } from '../src/chain/addresses.js';
import { ledgerTransfers, withdrawals } from '../src/db/schema/index.js';
import { NETWORK_FEES } from '../src/withdrawals/fees.js';
import { sandboxDenyList } from '../src/withdrawals/denyList.js';
import { createTestApp, type TestApp } from './support/app.js';
import { addAsset, call, walletUser, type WalletUser } from './wallet-support.js';
import {
  FAST_CHAIN,
  balanceOf,
  broadcastsOf,
  fundViaChain,
  historyOf,
  newKey,
  send,
  settled,
  strangerAddress,
} from './withdraw-support.js';

let t: TestApp;
let alice: WalletUser;
let bob: WalletUser;
let aliceBtc: string;
let bobBtc: string;

beforeAll(async () => {
  t = await createTestApp({ env: FAST_CHAIN });
  alice = await walletUser(t, 'alice');
  bob = await walletUser(t, 'bob');
  aliceBtc = await fundViaChain(t, alice, 'BTC', '0.1');
  bobBtc = (await addAsset(t, bob, 'BTC')).depositAddress!;
});
afterAll(async () => t?.close());
afterEach(async () => expect(await checkWithdrawalInvariants(t.db)).toEqual([]));

const checkAddress = (u: WalletUser, currency: string, address: string, account = u.account) =>
  call(t, 'POST', `/b2c-wallet/${account}/withdrawal/check-address`, { currency, address }, u.token);
const fee = (u: WalletUser, body: object) =>
  call(t, 'POST', `/b2c-wallet/${u.account}/withdrawal/preliminary/fee`, body, u.token);

describe('check-address', () => {
  it("tells own, another user's and a stranger's address apart", async () => {
    expect((await checkAddress(alice, 'BTC', aliceBtc)).body).toEqual({
      checkResult: 'OK',
      belongsToSameUser: true,
      accountType: 'B2C',
    });
    expect((await checkAddress(alice, 'BTC', bobBtc)).body).toEqual({
      checkResult: 'OK',
      belongsToSameUser: false,
      accountType: 'B2C',
    });
    expect((await checkAddress(alice, 'BTC', strangerAddress('bitcoin'))).body).toEqual({
      checkResult: 'OK',
      belongsToSameUser: false,
      accountType: null,
    });
    // A token shares its network's address; upper-case bech32 is the same address.
    expect((await checkAddress(alice, 'BTC', bobBtc.toUpperCase())).body.accountType).toBe('B2C');
  });

  it('answers the sandbox deny-list with BLOCKED / NOT_USED', async () => {
    const list = (await call(t, 'GET', '/dev/withdrawal/deny-list')).body as {
      network: string;
      address: string;
      checkResult: string;
    }[];
    expect(list).toEqual(sandboxDenyList());
    const currencyOf: Record<string, string> = {
      bitcoin: 'BTC',
      ethereum: 'USDT_ETH',
      tron: 'TRX',
      ton: 'TON',
      litecoin: 'LTC',
      dogecoin: 'DOGE',
    };
    for (const entry of list) {
      const res = await checkAddress(alice, currencyOf[entry.network]!, entry.address);
      expect(res.body.checkResult, `${entry.network} ${entry.address}`).toBe(entry.checkResult);
    }
  });

  it('validates checksums per network: 400 INVALID_ADDRESS on field address', async () => {
    // The broken BTC address changes the last character to another one: an address that already ended
    // in the replacement stayed valid (1 run in 32 failed with 200).
    const eth = toChecksumAddress('52908400098527886e0f7030069857d2e4169ee7');
    // Mixed case carries the EIP-55 checksum: one letter in the wrong case breaks it.
    const i = eth.slice(2).search(/[a-fA-F]/) + 2;
    const wrongCase =
      eth.slice(0, i) +
      (eth[i] === eth[i]!.toUpperCase() ? eth[i]!.toLowerCase() : eth[i]!.toUpperCase()) +
      eth.slice(i + 1);
    expect((await checkAddress(alice, 'ETH', eth)).status).toBe(200);
    for (const [currency, address] of [
      ['ETH', wrongCase],
      ['ETH', '0x1234'],
      ['BTC', aliceBtc.slice(0, -1) + (aliceBtc.endsWith('q') ? 'p' : 'q')],
      ['TRX', 'T' + '1'.repeat(33)],
      ['TON', 'EQ' + 'A'.repeat(46)],
      ['BTC', 'hello'],
    ]) {
      const res = await checkAddress(alice, currency!, address!);
      expect(res.status, `${currency} ${address}`).toBe(400);
      expect(res.body).toMatchObject({ code: 'INVALID_ADDRESS', field: 'address' });
    }
    expect((await checkAddress(alice, 'NOPE', aliceBtc)).body).toMatchObject({
      code: 'UNKNOWN_CURRENCY',
      field: 'currency',
    });
  });
});

describe('preliminary fee', () => {
  it('is a plausible network fee per asset, "0" to another user here', async () => {
    for (const [currency, expected] of Object.entries(NETWORK_FEES)) {
      const res = await fee(alice, { currency, amount: '100' });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ fee: expected, currency });
    }
    expect((await fee(alice, { currency: 'BTC', amount: '100', depositAddress: bobBtc })).body).toEqual({
      fee: '0',
      currency: 'BTC',
    });
    expect(
      (await fee(alice, { currency: 'BTC', amount: '100', depositAddress: strangerAddress('bitcoin') })).body.fee,
    ).toBe('0.00002');
    expect((await fee(alice, { currency: 'BTC', amount: '1,5' })).body).toMatchObject({
      code: 'INVALID_AMOUNT',
      field: 'amount',
    });
    expect((await fee(alice, { currency: 'BTC_LNG', amount: '1' })).body).toMatchObject({
      code: 'UNSUPPORTED_CURRENCY',
    });
  });
});

describe('POST /withdrawal validations', () => {
  const base = () => ({
    currency: 'BTC',
    amount: '0.001',
    depositAddress: strangerAddress('bitcoin'),
    idempotencyKey: newKey(),
  });

  it('refuses bad amounts, addresses and keys with a 400 naming the field, and moves nothing', async () => {
    const before = await balanceOf(t, alice, 'BTC');
    const cases: [Record<string, unknown>, string, string][] = [
      [{ amount: '' }, 'amount', 'VALIDATION_ERROR'],
      ...['-1', 'NaN', '1e-9', '1,5', '0.000000001', '123456789', '0', ' 1', '.5', '1.'].map(
        (amount) => [{ amount }, 'amount', 'INVALID_AMOUNT'] as [Record<string, unknown>, string, string],
      ),
      [{ amount: 1.5 }, 'amount', 'VALIDATION_ERROR'],
      [{ depositAddress: 'bc1qnotreally' }, 'depositAddress', 'INVALID_ADDRESS'],
      [
        {
          depositAddress: sandboxDenyList().find((l) => l.network === 'bitcoin' && l.checkResult === 'BLOCKED')!
            .address,
        },
        'depositAddress',
        'ADDRESS_NOT_USED',
      ],
      [
        {
          depositAddress: sandboxDenyList().find((l) => l.network === 'bitcoin' && l.checkResult === 'NOT_USED')!
            .address,
        },
        'depositAddress',
        'ADDRESS_NOT_USED',
      ],
      [{ depositAddress: aliceBtc }, 'depositAddress', 'SAME_USER'],
      [{ idempotencyKey: 'short' }, 'idempotencyKey', 'VALIDATION_ERROR'],
      [{ idempotencyKey: 'x'.repeat(129) }, 'idempotencyKey', 'VALIDATION_ERROR'],
      [{ idempotencyKey: undefined }, 'idempotencyKey', 'VALIDATION_ERROR'],
      [{ currency: 'BTC_LNG' }, 'currency', 'UNSUPPORTED_CURRENCY'],
    ];
    for (const [over, field, code] of cases) {
      const res = await send(t, alice, { ...base(), ...over });
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(res.body, JSON.stringify(over)).toMatchObject({ code, field });
    }
    expect(await balanceOf(t, alice, 'BTC')).toEqual(before);
    const [n] = await t.db.select({ n: count() }).from(withdrawals).where(eq(withdrawals.accountId, alice.account));
    expect(Number(n!.n)).toBe(0);
  });

  it('refuses more than available (amount + fee) with 400 NOT_ENOUGH_FUNDS; Max minus fee goes through', async () => {
    const carol = await walletUser(t, 'carol');
    await fundViaChain(t, carol, 'TRX', '10');
    const tooMuch = await send(t, carol, {
      currency: 'TRX',
      amount: '9',
      depositAddress: strangerAddress('tron'),
      idempotencyKey: newKey(),
    });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body).toMatchObject({ code: 'NOT_ENOUGH_FUNDS', field: 'amount' });
    const never = await send(t, carol, {
      currency: 'ETH',
      amount: '1',
      depositAddress: strangerAddress('ethereum'),
      idempotencyKey: newKey(),
    });
    expect(never.body).toMatchObject({ code: 'NOT_ENOUGH_FUNDS' });
    const max = await send(t, carol, {
      currency: 'TRX',
      amount: '8.9',
      depositAddress: strangerAddress('tron'),
      idempotencyKey: newKey(),
    });
    expect(max.status, JSON.stringify(max.body)).toBe(200);
    expect(await balanceOf(t, carol, 'TRX')).toEqual({ available: '0', onHold: '10' });
    await settled(t, max.body.id);
    expect(await balanceOf(t, carol, 'TRX')).toEqual({ available: '0', onHold: '0' });
  });
});

describe('external send', () => {
  it('holds amount + fee, broadcasts once, posts on confirmation; history has fee, to, hash and explorer link', async () => {
    const to = strangerAddress('bitcoin');
    const before = await balanceOf(t, alice, 'BTC');
    const res = await send(t, alice, {
      currency: 'BTC',
      amount: '0.001',
      depositAddress: to,
      idempotencyKey: newKey(),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      state: 'IN_PROGRESS',
      kind: 'EXTERNAL',
      currency: 'BTC',
      amount: '0.001',
      fee: '0.00002',
      depositAddress: to,
    });
    // from: the sender's own address, read inside the statement that writes the history row.
    expect(res.body.transaction).toMatchObject({
      direction: 'WITHDRAWAL',
      state: 'IN_PROGRESS',
      amount: '0.001',
      fee: '0.00002',
      from: aliceBtc,
      to,
      accountFromType: 'B2C',
    });
    const held = await balanceOf(t, alice, 'BTC');
    expect(held.onHold).toBe('0.00102');

    const row = await settled(t, res.body.id);
    expect(row.state).toBe('COMPLETED');
    expect(await broadcastsOf(t, row.id)).toBe(1);
    const tx = (await historyOf(t, alice)).find((h) => h.id === res.body.transaction.id)!;
    expect(tx).toMatchObject({
      state: 'COMPLETED',
      fee: '0.00002',
      from: aliceBtc,
      to,
      hash: row.txHash,
      accountToType: null,
    });
    expect(tx.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(tx.explorerLink).toBe(`https://mempool.space/tx/${row.txHash}`);
    const after = await balanceOf(t, alice, 'BTC');
    expect(after.onHold).toBe('0');
    expect(Number(before.available) - Number(after.available)).toBeCloseTo(0.00102, 10);
    const chainTx = (await call(t, 'GET', `/dev/chain/transaction/${row.txHash}`)).body;
    expect(chainTx).toMatchObject({ direction: 'OUT', status: 'COMPLETED', amount: '0.001', address: to });
  });

  it('a refused broadcast ends FAILED with the funds back (POST /dev/chain/behaviour failNextBroadcasts)', async () => {
    const knobs = await call(t, 'POST', '/dev/chain/behaviour', { failNextBroadcasts: 1 });
    expect(knobs.body).toMatchObject({ failNextBroadcasts: 1 });
    const before = await balanceOf(t, alice, 'BTC');
    const res = await send(t, alice, {
      currency: 'BTC',
      amount: '0.002',
      depositAddress: strangerAddress('bitcoin'),
      idempotencyKey: newKey(),
    });
    expect(res.status).toBe(200);
    const row = await settled(t, res.body.id);
    expect(row.state).toBe('FAILED');
    expect(await broadcastsOf(t, row.id)).toBe(0);
    expect(await balanceOf(t, alice, 'BTC')).toEqual(before);
    expect((await historyOf(t, alice)).find((h) => h.id === res.body.transaction.id)).toMatchObject({
      state: 'FAILED',
      hash: null,
    });
    expect((await call(t, 'GET', '/dev/chain/behaviour')).body.failNextBroadcasts).toBe(0);
  });
});

describe('internal transfer', () => {
  it('settles at once with no fee and shows in both histories', async () => {
    const bobBefore = await balanceOf(t, bob, 'BTC');
    const res = await send(t, alice, {
      currency: 'BTC',
      amount: '0.003',
      depositAddress: bobBtc,
      idempotencyKey: newKey(),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ state: 'COMPLETED', kind: 'INTERNAL', fee: '0', txHash: null });
    expect(Number((await balanceOf(t, bob, 'BTC')).available) - Number(bobBefore.available)).toBeCloseTo(0.003, 10);
    const sent = (await historyOf(t, alice)).find((h) => h.id === res.body.transaction.id);
    expect(sent).toMatchObject({
      direction: 'WITHDRAWAL',
      state: 'COMPLETED',
      amount: '0.003',
      fee: '0',
      to: bobBtc,
      accountFromType: 'B2C',
      accountToType: 'B2C',
    });
    const received = (await historyOf(t, bob)).find((h) => h.direction === 'DEPOSIT' && h.amount === '0.003');
    expect(received).toMatchObject({
      state: 'COMPLETED',
      fee: '0',
      from: aliceBtc,
      to: bobBtc,
      accountFromType: 'B2C',
      accountToType: 'B2C',
    });
    expect(await broadcastsOf(t, res.body.id)).toBe(0);
  });
});

describe('idempotency', () => {
  it('100 replays in a row return the first withdrawal and hold once; another body with the key is 409 with no effect', async () => {
    const body = {
      currency: 'BTC',
      amount: '0.0001',
      depositAddress: strangerAddress('bitcoin'),
      idempotencyKey: newKey(),
    };
    const first = await send(t, alice, body);
    expect(first.status).toBe(200);
    for (let i = 0; i < 100; i += 1) {
      const again = await send(t, alice, body);
      expect(again.status).toBe(200);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect({ ...again.body, state: undefined, txHash: undefined, transaction: undefined }).toEqual({
        ...first.body,
        state: undefined,
        txHash: undefined,
        transaction: undefined,
      });
    }
    const balance = await balanceOf(t, alice, 'BTC');
    for (const other of [{ amount: '0.0002' }, { depositAddress: strangerAddress('bitcoin') }, { currency: 'ETH' }]) {
      const res = await send(t, alice, {
        ...body,
        ...other,
        ...(other.currency ? { depositAddress: strangerAddress('ethereum') } : {}),
      });
      expect(res.status, JSON.stringify(other)).toBe(409);
      expect(res.body).toMatchObject({ code: 'IDEMPOTENCY_CONFLICT', field: 'idempotencyKey' });
    }
    expect(await balanceOf(t, alice, 'BTC')).toEqual(balance);
    const holds = await t.db
      .select({ n: count() })
      .from(ledgerTransfers)
      .where(and(eq(ledgerTransfers.kind, 'pending'), like(ledgerTransfers.reference, `withdrawal ${first.body.id}`)));
    expect(Number(holds[0]!.n)).toBe(1);
    await settled(t, first.body.id);
  });
});
