import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { ledgerTransfers, sellOrders } from '../src/db/schema/index.js';
import { checkLedgerInvariants } from '../src/ledger/invariants.js';
import { checkSellInvariants } from '../src/sell/invariants.js';
import { byCard, sellRate, setPayouts, settledSell } from './sell-support.js';
import { createTestApp, type TestApp } from './support/app.js';
import { fund, walletUser } from './wallet-support.js';
import { balanceOf } from './withdraw-support.js';

const open: TestApp[] = [];
afterAll(async () => {
  for (const t of open.reverse()) await t.close().catch(() => {});
});

describe('sells across a restart', () => {
  it('a payout accepted before a restart settles after it, posting the hold exactly once', async () => {
    const first = await createTestApp();
    const u = await walletUser(first, 'restart');
    await fund(first, u, 'USDT_TRX', 100_000_000n);
    await setPayouts(first, { delayMs: 1500, failNextPayouts: 0 });
    const { rateId } = await sellRate(first, u);
    const sold = await byCard(first, u, { fixedRateId: rateId });
    expect(sold.status).toBe(200);
    // Wait for the worker to hand the payout to the provider, then stop the app (not the database).
    for (let i = 0; i < 100; i += 1) {
      const [row] = await first.db.select().from(sellOrders).where(eq(sellOrders.id, sold.body.id));
      if (row!.payoutAttemptedAt) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    await first.app.close();
    const [stopped] = await first.db.select().from(sellOrders).where(eq(sellOrders.id, sold.body.id));
    expect(stopped!.state).toBe('IN_PROGRESS');

    const second = await createTestApp({ database: first.database, env: { SELL_LEASE_MS: '1000' } });
    open.push(second);
    const done = await settledSell(second, u, sold.body.id);
    expect(done.state).toBe('COMPLETED');
    const [row] = await second.db.select().from(sellOrders).where(eq(sellOrders.id, sold.body.id));
    const resolutions = await second.db
      .select()
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.pendingId, row!.holdTransferId!));
    expect(resolutions.map((r) => r.kind)).toEqual(['post_pending']);
    expect((await balanceOf(second, u, 'USDT_TRX')).onHold).toBe('0');
    expect(await checkLedgerInvariants(second.db)).toEqual([]);
    expect(await checkSellInvariants(second.db)).toEqual([]);
  });
});
