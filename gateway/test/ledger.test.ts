import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, ledgerAccounts, ledgerTransfers, users } from '../src/db/schema/index.js';
import {
  balanceOf,
  ensureLedgerAccounts,
  ensureSystemAccount,
  ensureUserAccount,
  shardWanted,
  systemShard,
  userWanted,
} from '../src/ledger/accounts.js';
import { LedgerError } from '../src/ledger/errors.js';
import { checkLedgerInvariants } from '../src/ledger/invariants.js';
import { hold, postHold, transfer, voidHold } from '../src/ledger/transfers.js';
import { createTestApp, type TestApp } from './support/app.js';

let t: TestApp;
let world: number;

/** A bare wallet account (no IdP needed: the ledger sits below HTTP). */
async function newAccount(): Promise<string> {
  const [user] = await t.db
    .insert(users)
    .values({ email: `ledger-${randomUUID()}@example.com` })
    .returning();
  const [account] = await t.db.insert(accounts).values({ userId: user!.id, name: 'Ledger' }).returning();
  return account!.id;
}
const balance = async (id: number) => {
  const [row] = await t.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.id, id));
  return balanceOf(row!);
};
/** A user ledger account funded from the outside world. */
async function funded(amount: bigint, currency = 'BTC') {
  const acc = await ensureUserAccount(t.db, await newAccount(), currency);
  if (amount > 0n) await transfer(t.db, { debitAccountId: world, creditAccountId: acc.id, amount, currency });
  return acc.id;
}

beforeAll(async () => {
  t = await createTestApp({ idp: 'fake' });
  world = (await ensureSystemAccount(t.db, 'BTC', 'test-world')).id;
});
afterAll(async () => t?.close());

describe('ledger', () => {
  it('moves posted funds and keeps both sides in step', async () => {
    const a = await funded(1000n);
    const b = await funded(0n);
    const moved = await transfer(t.db, { debitAccountId: a, creditAccountId: b, amount: 400n, currency: 'BTC' });
    expect(moved).toMatchObject({ kind: 'single', amount: 400n, replayed: false });
    expect(await balance(a)).toEqual({ available: 600n, onHold: 0n });
    expect(await balance(b)).toEqual({ available: 400n, onHold: 0n });
  });

  it('refuses an overdraft with a typed error, and nothing is written', async () => {
    const a = await funded(100n);
    const b = await funded(0n);
    const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(ledgerTransfers);
    const attempt = transfer(t.db, { debitAccountId: a, creditAccountId: b, amount: 101n, currency: 'BTC' });
    await expect(attempt).rejects.toBeInstanceOf(LedgerError);
    await expect(
      transfer(t.db, { debitAccountId: a, creditAccountId: b, amount: 101n, currency: 'BTC' }),
    ).rejects.toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    expect(await t.db.select({ n: sql<number>`count(*)::int` }).from(ledgerTransfers)).toEqual(before);
    expect(await balance(a)).toEqual({ available: 100n, onHold: 0n });
  });

  it('the database itself refuses to overdraw a user account, whatever the code does', async () => {
    const a = await funded(5n);
    await expect(
      t.db.execute(sql`update ledger_accounts set debits_posted = debits_posted + 6 where id = ${a}`),
    ).rejects.toThrow();
    await expect(
      t.db.execute(sql`update ledger_accounts set debits_pending = debits_pending + 6 where id = ${a}`),
    ).rejects.toThrow();
  });

  it('the journal is append-only', async () => {
    const a = await funded(5n);
    const [row] = await t.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.creditAccountId, a));
    await expect(t.db.execute(sql`update ledger_transfers set amount = 1 where id = ${row!.id}`)).rejects.toThrow();
    await expect(t.db.execute(sql`delete from ledger_transfers where id = ${row!.id}`)).rejects.toThrow();
  });

  it('refuses zero, negative, cross-currency and unknown-account transfers', async () => {
    const a = await funded(100n);
    const eth = await ensureUserAccount(t.db, await newAccount(), 'ETH');
    await expect(
      transfer(t.db, { debitAccountId: a, creditAccountId: world, amount: 0n, currency: 'BTC' }),
    ).rejects.toMatchObject({ code: 'INVALID_AMOUNT' });
    await expect(
      transfer(t.db, { debitAccountId: a, creditAccountId: world, amount: -1n, currency: 'BTC' }),
    ).rejects.toMatchObject({ code: 'INVALID_AMOUNT' });
    await expect(
      transfer(t.db, { debitAccountId: a, creditAccountId: eth.id, amount: 1n, currency: 'BTC' }),
    ).rejects.toMatchObject({ code: 'CURRENCY_MISMATCH' });
    await expect(
      transfer(t.db, { debitAccountId: a, creditAccountId: 987654321, amount: 1n, currency: 'BTC' }),
    ).rejects.toMatchObject({ code: 'ACCOUNT_NOT_FOUND' });
  });

  it('idempotent transfers return the first result; another body under the same key is a conflict', async () => {
    const a = await funded(1000n);
    const input = { debitAccountId: a, creditAccountId: world, amount: 10n, currency: 'BTC', idempotencyKey: 'w-1' };
    const first = await transfer(t.db, input);
    const replays = await Promise.all(Array.from({ length: 10 }, () => transfer(t.db, input)));
    for (const r of replays) expect(r).toMatchObject({ id: first.id, replayed: true });
    expect(await balance(a)).toEqual({ available: 990n, onHold: 0n });
    await expect(transfer(t.db, { ...input, amount: 11n })).rejects.toMatchObject({ code: 'IDEMPOTENCY_CONFLICT' });
    // The key is scoped to the account: another customer may use the same key.
    const b = await funded(50n);
    expect((await transfer(t.db, { ...input, debitAccountId: b })).replayed).toBe(false);
  });

  it('holds: pending reduces available at once; post settles, void releases, each exactly once', async () => {
    const a = await funded(1000n);
    const h1 = await hold(t.db, { debitAccountId: a, creditAccountId: world, amount: 300n, currency: 'BTC' });
    expect(await balance(a)).toEqual({ available: 700n, onHold: 300n });
    const posted = await postHold(t.db, { pendingId: h1.id, amount: 250n });
    expect(await balance(a)).toEqual({ available: 750n, onHold: 0n });
    expect((await postHold(t.db, { pendingId: h1.id, amount: 250n })).id).toBe(posted.id);
    await expect(voidHold(t.db, { pendingId: h1.id })).rejects.toMatchObject({ code: 'HOLD_ALREADY_RESOLVED' });

    const h2 = await hold(t.db, { debitAccountId: a, creditAccountId: world, amount: 750n, currency: 'BTC' });
    await expect(
      hold(t.db, { debitAccountId: a, creditAccountId: world, amount: 1n, currency: 'BTC' }),
    ).rejects.toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    await voidHold(t.db, { pendingId: h2.id });
    await expect(postHold(t.db, { pendingId: h2.id })).rejects.toMatchObject({ code: 'HOLD_ALREADY_RESOLVED' });
    await expect(postHold(t.db, { pendingId: 987654321 })).rejects.toMatchObject({ code: 'HOLD_NOT_FOUND' });
    expect(await balance(a)).toEqual({ available: 750n, onHold: 0n });
  });

  it('a hold cannot be posted for more than it holds', async () => {
    const a = await funded(100n);
    const h = await hold(t.db, { debitAccountId: a, creditAccountId: world, amount: 10n, currency: 'BTC' });
    await expect(postHold(t.db, { pendingId: h.id, amount: 11n })).rejects.toMatchObject({ code: 'INVALID_AMOUNT' });
    await voidHold(t.db, { pendingId: h.id });
  });

  it('concurrent posts and voids of one hold: exactly one wins', async () => {
    const a = await funded(100n);
    const h = await hold(t.db, { debitAccountId: a, creditAccountId: world, amount: 60n, currency: 'BTC' });
    const outcomes = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) =>
        i % 2 ? postHold(t.db, { pendingId: h.id }) : voidHold(t.db, { pendingId: h.id }),
      ),
    );
    const firsts = outcomes.filter((o) => o.status === 'fulfilled' && !o.value.replayed);
    expect(firsts).toHaveLength(1);
    for (const o of outcomes)
      if (o.status === 'rejected') expect(o.reason).toMatchObject({ code: 'HOLD_ALREADY_RESOLVED' });
  });

  it('N concurrent spends against one balance: exactly the affordable number succeed', async () => {
    const a = await funded(1000n);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 25 }, () =>
        transfer(t.db, { debitAccountId: a, creditAccountId: world, amount: 100n, currency: 'BTC' }),
      ),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(10);
    for (const o of outcomes)
      if (o.status === 'rejected') expect(o.reason).toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    expect(await balance(a)).toEqual({ available: 0n, onHold: 0n });
  });

  it('system shards are stable per key and spread across keys', async () => {
    const one = await systemShard(t.db, 'BTC', 'chain-deposits', 'key-1');
    expect((await systemShard(t.db, 'BTC', 'chain-deposits', 'key-1')).id).toBe(one.id);
    const codes = new Set<string>();
    for (let i = 0; i < 64; i += 1) codes.add((await systemShard(t.db, 'BTC', 'chain-deposits', `k${i}`)).code!);
    expect(codes.size).toBeGreaterThan(4);
  });

  // The ledger's writes are SQL functions (migration 0011_ledger_functions.sql): these pin down what
  // they must keep, so a change to that SQL that loses any of it fails here, on PGlite and PostgreSQL.
  it('answers with the journal row exactly as a select reads it, amounts past 2^53 exact', async () => {
    const huge = 10n ** 30n + 7n; // far past a double's 53 bits: a float anywhere would round it
    const rich = await ensureUserAccount(t.db, await newAccount(), 'BTC');
    const got = await transfer(t.db, {
      debitAccountId: world,
      creditAccountId: rich.id,
      amount: huge,
      currency: 'BTC',
      idempotencyKey: 'big-1',
      reference: 'ref big',
    });
    const [row] = await t.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.id, got.id));
    const { replayed, ...answered } = got;
    expect(replayed).toBe(false);
    expect(answered).toEqual(row);
    expect(got).toMatchObject({
      amount: huge,
      kind: 'single',
      keyAccountId: rich.id,
      idempotencyKey: 'big-1',
      reference: 'ref big',
      pendingId: null,
    });
    expect(typeof got.id).toBe('number');
    expect(got.createdAt).toBeInstanceOf(Date);
    expect(await balance(rich.id)).toEqual({ available: huge, onHold: 0n });
    const h = await hold(t.db, { debitAccountId: rich.id, creditAccountId: world, amount: huge - 1n, currency: 'BTC' });
    const posted = await postHold(t.db, { pendingId: h.id, amount: huge - 2n });
    expect(posted).toMatchObject({ kind: 'post_pending', pendingId: h.id, amount: huge - 2n, replayed: false });
    expect(await balance(rich.id)).toEqual({ available: 2n, onHold: 0n });
  });

  it('a key is scoped to the user side: replays change nothing; another kind, account, amount or currency is a conflict', async () => {
    const a = await funded(1000n);
    const other = await ensureSystemAccount(t.db, 'BTC', 'test-other');
    const input = {
      debitAccountId: world,
      creditAccountId: a,
      amount: 70n,
      currency: 'BTC',
      idempotencyKey: 'dep-1',
      reference: 'first',
    };
    const first = await transfer(t.db, input);
    expect(first.keyAccountId).toBe(a); // the user is the credit side here
    const again = await transfer(t.db, { ...input, reference: 'the reference is not part of the request' });
    expect(again).toEqual({ ...first, replayed: true });
    expect(await balance(a)).toEqual({ available: 1070n, onHold: 0n });
    for (const changed of [{ amount: 71n }, { debitAccountId: other.id }]) {
      await expect(transfer(t.db, { ...input, ...changed })).rejects.toMatchObject({ code: 'IDEMPOTENCY_CONFLICT' });
    }
    await expect(hold(t.db, input)).rejects.toMatchObject({ code: 'IDEMPOTENCY_CONFLICT' });
    const eth = await ensureUserAccount(t.db, await newAccount(), 'ETH');
    const ethWorld = await ensureSystemAccount(t.db, 'ETH', 'test-world');
    await transfer(t.db, {
      debitAccountId: ethWorld.id,
      creditAccountId: eth.id,
      amount: 5n,
      currency: 'ETH',
      idempotencyKey: 'dep-1',
    });
    // Between two system accounts the debit side scopes the key.
    const sys = await transfer(t.db, {
      debitAccountId: world,
      creditAccountId: other.id,
      amount: 1n,
      currency: 'BTC',
      idempotencyKey: 'dep-1',
    });
    expect(sys).toMatchObject({ keyAccountId: world, replayed: false });
    expect(await balance(a)).toEqual({ available: 1070n, onHold: 0n });
    expect(await checkLedgerInvariants(t.db)).toEqual([]);
  });

  it('a hold replays as the first hold; a void replays as the first void; a post of another amount is refused', async () => {
    const a = await funded(100n);
    const input = { debitAccountId: a, creditAccountId: world, amount: 40n, currency: 'BTC', idempotencyKey: 'h-1' };
    const h = await hold(t.db, input);
    expect(await hold(t.db, input)).toEqual({ ...h, replayed: true });
    expect(await balance(a)).toEqual({ available: 60n, onHold: 40n });
    const voided = await voidHold(t.db, { pendingId: h.id });
    expect(await voidHold(t.db, { pendingId: h.id })).toEqual({ ...voided, replayed: true });
    expect(await balance(a)).toEqual({ available: 100n, onHold: 0n });
    const h2 = await hold(t.db, { ...input, idempotencyKey: 'h-2' });
    const posted = await postHold(t.db, { pendingId: h2.id, amount: 30n });
    expect(await postHold(t.db, { pendingId: h2.id })).toEqual({ ...posted, replayed: true });
    await expect(postHold(t.db, { pendingId: h2.id, amount: 40n })).rejects.toMatchObject({
      code: 'HOLD_ALREADY_RESOLVED',
    });
    await expect(postHold(t.db, { pendingId: posted.id })).rejects.toMatchObject({ code: 'HOLD_NOT_FOUND' }); // not a hold
    expect(await balance(a)).toEqual({ available: 70n, onHold: 0n });
  });

  it("inside a caller's transaction: a refusal rolls back the caller's earlier transfers too", async () => {
    const a = await funded(100n);
    const b = await funded(0n);
    await expect(
      t.db.transaction(async (tx) => {
        await transfer(tx, { debitAccountId: a, creditAccountId: b, amount: 60n, currency: 'BTC' });
        await transfer(tx, { debitAccountId: a, creditAccountId: b, amount: 60n, currency: 'BTC' });
      }),
    ).rejects.toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    expect(await balance(a)).toEqual({ available: 100n, onHold: 0n });
    expect(await balance(b)).toEqual({ available: 0n, onHold: 0n });
  });

  it('transfers both ways over the same accounts at once: no deadlock, no overdraft, every replay the first', async () => {
    const a = await funded(500n);
    const b = await funded(500n);
    // Each pair locks the same two rows from opposite sides; locks out of id order would deadlock on PostgreSQL.
    const work = Array.from({ length: 40 }, (_, i) => {
      const [from, to] = i % 2 ? [a, b] : [b, a];
      const key = `x-${i % 20}`; // every key twice: each second call is a replay of a concurrent first
      return i % 4 < 2
        ? transfer(t.db, {
            debitAccountId: from,
            creditAccountId: to,
            amount: 60n,
            currency: 'BTC',
            idempotencyKey: `${key}-${from}`,
          })
        : hold(t.db, {
            debitAccountId: from,
            creditAccountId: to,
            amount: 60n,
            currency: 'BTC',
            idempotencyKey: `${key}-${from}`,
          });
    });
    const outcomes = await Promise.allSettled([
      ...work,
      ...work.map((_, i) =>
        (i % 2 ? transfer : hold)(t.db, { debitAccountId: a, creditAccountId: world, amount: 30n, currency: 'BTC' }),
      ),
    ]);
    for (const o of outcomes)
      if (o.status === 'rejected') expect(o.reason).toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    for (let i = 0; i < 20; i += 1) {
      const [one, twin] = [outcomes[i]!, outcomes[i + 20]!];
      if (one.status === 'fulfilled' && twin.status === 'fulfilled') {
        expect(twin.value.id).toBe(one.value.id);
        expect([one.value.replayed, twin.value.replayed].sort()).toEqual([false, true]);
      }
    }
    const [ra, rb] = [await balance(a), await balance(b)];
    expect(ra.available).toBeGreaterThanOrEqual(0n);
    expect(rb.available).toBeGreaterThanOrEqual(0n);
    expect(ra.available + ra.onHold + rb.available + rb.onHold).toBeLessThanOrEqual(1000n);
    expect(await checkLedgerInvariants(t.db)).toEqual([]);
  });

  it('several accounts in one read: in the order asked, the missing ones created once, the same rows one by one finds', async () => {
    const owner = await newAccount();
    const existing = await ensureUserAccount(t.db, owner, 'BTC');
    const wanted = [
      shardWanted('BTC', 'test-batch', 'k1'),
      userWanted(owner, 'BTC'),
      userWanted(owner, 'ETH'),
      shardWanted('ETH', 'test-batch', 'k1'),
    ];
    const first = await ensureLedgerAccounts(t.db, wanted);
    expect(first[1]).toEqual(existing);
    expect(first.map((a) => [a.kind, a.currency])).toEqual([
      ['system', 'BTC'],
      ['user', 'BTC'],
      ['user', 'ETH'],
      ['system', 'ETH'],
    ]);
    expect(first[0]).toEqual(await systemShard(t.db, 'BTC', 'test-batch', 'k1'));
    expect(first[2]).toEqual(await ensureUserAccount(t.db, owner, 'ETH'));
    // All there now: the same rows again, nothing created twice (also when asked for concurrently).
    const again = await Promise.all(Array.from({ length: 5 }, () => ensureLedgerAccounts(t.db, [...wanted].reverse())));
    for (const rows of again) expect(rows).toEqual([...first].reverse());
    const [n] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.ownerAccountId, owner));
    expect(n!.n).toBe(2);
  });

  it('the invariant check finds tampering (inside a rolled-back transaction)', async () => {
    const a = await funded(100n);
    let violations: Awaited<ReturnType<typeof checkLedgerInvariants>> = [];
    await t.db
      .transaction(async (tx) => {
        await tx.execute(sql`update ledger_accounts set credits_posted = credits_posted + 1 where id = ${a}`);
        violations = await checkLedgerInvariants(tx);
        tx.rollback();
      })
      .catch(() => undefined);
    expect(violations.map((v) => v.check)).toEqual([
      'debits = credits per currency',
      'account totals = journal sums (available + on hold = posted, on hold = open holds)',
    ]);
    expect(await checkLedgerInvariants(t.db)).toEqual([]);
  });
});
