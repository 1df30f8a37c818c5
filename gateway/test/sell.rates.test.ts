import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sellRates } from '../src/db/schema/index.js';
import { checkLedgerInvariants } from '../src/ledger/invariants.js';
import { SELL_RATE_SWEEP } from '../src/sell/rate.js';
import { byCard, sellRate, setPayouts, settledSell } from './sell-support.js';
import { createTestApp, type TestApp } from './support/app.js';
import { fund, walletUser, type WalletUser } from './wallet-support.js';

/** Issue 20 item 7: sell rates were never deleted (1,000 rows in 1.2 s); now each new one sweeps old ones. */
let t: TestApp;
let alice: WalletUser;
let bob: WalletUser;

beforeAll(async () => {
  t = await createTestApp();
  alice = await walletUser(t, 'rates-alice');
  bob = await walletUser(t, 'rates-bob');
  await fund(t, alice, 'USDT_TRX', 1_000_000_000n);
  await setPayouts(t, { delayMs: 50, unavailable: false, failNextPayouts: 0 });
});
afterAll(async () => t?.close());
afterEach(async () => {
  expect(await checkLedgerInvariants(t.db)).toEqual([]);
});

const ageRates = (ids: string[], interval: string) =>
  t.db
    .update(sellRates)
    .set({ expiresAt: sql`now() - ${interval}::interval` })
    .where(inArray(sellRates.id, ids));
const ratesOf = async (u: WalletUser) =>
  (await t.db.select({ id: sellRates.id }).from(sellRates).where(eq(sellRates.accountId, u.account))).map((r) => r.id);
const stale = async (u: WalletUser) =>
  Number(
    (
      await t.db
        .select({ n: count() })
        .from(sellRates)
        .where(and(eq(sellRates.accountId, u.account), sql`${sellRates.expiresAt} < now() - interval '10 minutes'`))
    )[0]!.n,
  );

describe('sell rates are cleaned up', () => {
  it("a new rate deletes the account's rates expired over 10 minutes ago and never used, a bounded batch at a time", async () => {
    const used = await sellRate(t, alice);
    const unused = await sellRate(t, alice);
    const recent = await sellRate(t, alice);
    const sold = await byCard(t, alice, { fixedRateId: used.rateId });
    expect(sold.status, JSON.stringify(sold.body)).toBe(200);
    await settledSell(t, alice, sold.body.id);
    const bobs = await sellRate(t, bob);
    await ageRates([used.rateId, unused.rateId, bobs.rateId], '11 minutes');
    await ageRates([recent.rateId], '5 minutes');
    // 150 more long-expired rates, as a script calling the route without a limit would have left.
    await t.db.execute(sql`insert into sell_rates (account_id, currency, fiat_currency, rate_minor, expires_at)
      select ${alice.account}, 'USDT_TRX', 'RUB', 9000, now() - interval '1 day' from generate_series(1, 150)`);
    expect(await stale(alice)).toBe(152);

    await sellRate(t, alice);
    // One batch: 151 unused ones were due, SELL_RATE_SWEEP went; the used one stays whatever its age.
    expect(await stale(alice)).toBe(152 - SELL_RATE_SWEEP);
    const fresh = await sellRate(t, alice);
    expect(await stale(alice)).toBe(1);
    const left = await ratesOf(alice);
    expect(left).toContain(used.rateId);
    expect(left).not.toContain(unused.rateId);
    // Expired only minutes ago: kept (a sell between its rate check and its insert never loses its rate).
    expect(left).toContain(recent.rateId);
    expect(left).toContain(fresh.rateId);
    // Another account's rates are its own business: swept when it asks for a rate.
    expect(await ratesOf(bob)).toContain(bobs.rateId);
    // The used rate is still there: a new sell on it is refused as expired, not as unknown.
    expect((await byCard(t, alice, { fixedRateId: used.rateId })).body.code).toBe('SELL_RATE_EXPIRED');
  });
});

describe('a sell rate says the market price it was made from (issue 22)', () => {
  it('answers midRate, exact kopecks, with the rate 1 % below it (cut to kopecks)', async () => {
    const { rate, midRate } = (await sellRate(t, alice)) as { rate: string; midRate?: string };
    expect(midRate).toMatch(/^\d+(\.\d{1,2})?$/);
    const toKopecks = (v: string) => {
      const [whole, fraction = ''] = v.split('.');
      return BigInt(whole! + fraction.padEnd(2, '0'));
    };
    expect(toKopecks(rate)).toBe((toKopecks(midRate!) * 9_900n) / 10_000n);
  });
});
