import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { walletTransactions } from '../src/db/schema/index.js';
import type { TestApp } from './support/app.js';
import { addressOf, createBuyTestApp, orderFor, pay, status, type BuyTestApp } from './buy-support.js';
import { seedHistory } from './history-support.js';
import { call, walletUser, type WalletUser } from './wallet-support.js';

let b: BuyTestApp;
let t: TestApp;
let alice: WalletUser;
let btc: string;

beforeAll(async () => {
  b = await createBuyTestApp();
  t = b.t;
  alice = await walletUser(t, 'alice');
  btc = await addressOf(t, alice, 'BTC');
});
afterAll(async () => t?.close());

const typeOf = async (id: string) =>
  (await t.db.select().from(walletTransactions).where(eq(walletTransactions.id, id)))[0]!.transactionType;

const ids = async (kinds: string[]) =>
  (await call(t, 'POST', `/b2c-wallet/${alice.account}/asset/transactions`, { kinds }, alice.token)).body.content.map(
    (r: { id: string }) => r.id,
  ) as string[];

describe('migration 0018: card buys written before it become F2C', () => {
  it('converts the rows of card buys (by order and by deposit key) and leaves chain deposits alone', async () => {
    const { url, orderId } = await orderFor(t, btc, 'BTC', '5000');
    await pay(t, url, '4242 4242 4242 4242');
    await b.acquirer.settleNow();
    const linked = (await status(t, orderId)).transactionId as string;
    // As the gateway wrote them before issue 22: a DEPOSIT, so Bought found nothing.
    await t.db.update(walletTransactions).set({ transactionType: 'DEPOSIT' }).where(eq(walletTransactions.id, linked));
    const [orphan, chain] = await seedHistory(t, alice.account, [
      {
        currency: 'BTC',
        transactionType: 'DEPOSIT',
        amount: 5_000n,
        // Failed, so the ledger's check expects no credit for these rows written by hand.
        state: 'FAILED',
        depositKey: `BTC:card-buy-${crypto.randomUUID()}:0`,
      },
      {
        currency: 'BTC',
        transactionType: 'DEPOSIT',
        amount: 7_000n,
        state: 'FAILED',
        hash: 'ab12',
        depositKey: 'BTC:ab12:0',
      },
    ]);
    expect(await ids(['bought'])).toEqual([]);

    const migration = readFileSync(new URL('../migrations/0018_card_buy_f2c.sql', import.meta.url), 'utf8');
    for (const statement of migration.split('--> statement-breakpoint')) await t.db.execute(sql.raw(statement));

    expect([await typeOf(linked), await typeOf(orphan!), await typeOf(chain!)]).toEqual(['F2C', 'F2C', 'DEPOSIT']);
    expect((await ids(['bought'])).sort()).toEqual([linked, orphan].sort());
    expect(await ids(['received'])).toEqual([chain]);
  });
});
