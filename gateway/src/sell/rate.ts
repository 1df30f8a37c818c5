import { and, eq, sql } from 'drizzle-orm';
import type { Config } from '../config.js';
import type { Db, Executor } from '../db/client.js';
import { sellRates, type SellRate } from '../db/schema/index.js';
import { invalid } from '../domain/errors.js';
import type { RateProvider } from '../rates/provider.js';
import { formatAmount } from '../wallet/amounts.js';
import { requireOfferedCoin } from '../wallet/catalogue.js';
import { SELL_FIAT, SellErrorCodes, type SellLimit, type SellRate as SellRateView } from '../../../contracts/sell.js';

/** Fiat is counted in kopecks. */
export const FIAT_DECIMALS = 2;
/** Taken below the market price, in basis points: the sandbox desk's margin on a sell. */
export const SELL_SPREAD_BPS = 100n;

export type SellConfig = Pick<Config, 'production' | 'sandbox' | 'sellRateTtlSeconds' | 'sellMinRub' | 'sellMaxRub'>;

/** Spec §9: sell fiat is fixed at RUB. */
export function requireSellFiat(fiatCurrency: string, field = 'fiatCurrency') {
  if (fiatCurrency !== SELL_FIAT)
    throw invalid(SellErrorCodes.fiatUnsupported, `Sells pay out in ${SELL_FIAT} only`, field);
}

export function sellLimits(config: SellConfig): { min: bigint; max: bigint; view: SellLimit } {
  const min = BigInt(config.sellMinRub) * 100n;
  const max = BigInt(config.sellMaxRub) * 100n;
  return {
    min,
    max,
    view: {
      minLimit: formatAmount(min, FIAT_DECIMALS),
      maxLimit: formatAmount(max, FIAT_DECIMALS),
      limitCurrency: SELL_FIAT,
    },
  };
}

/** A new rate with the market price it was made from (kopecks), which is not stored. */
export type IssuedSellRate = SellRate & { midMinor?: bigint };

export const rateView = (r: IssuedSellRate): SellRateView => ({
  rate: formatAmount(r.rateMinor, FIAT_DECIMALS),
  // The mid-market price the spread is taken from: the review shows the spread as a fee (issue 22).
  ...(r.midMinor === undefined ? {} : { midRate: formatAmount(r.midMinor, FIAT_DECIMALS) }),
  rateId: r.id,
  currency: r.currency,
  fiatCurrency: r.fiatCurrency,
  expiresAt: r.expiresAt.toISOString(),
});

/**
 * A new sell rate for the account: the market price in RUB less the spread, fixed once to whole
 * kopecks (the only float step, as in swap); every amount derived from it is integer math.
 */
export async function createSellRate(
  deps: { db: Db; config: SellConfig; rates: RateProvider },
  accountId: string,
  fiatCurrency: string,
  currency: string,
): Promise<IssuedSellRate> {
  requireSellFiat(fiatCurrency);
  const coin = requireOfferedCoin(currency, deps.config);
  const prices = await deps.rates.usdPrices([coin.currency, fiatCurrency]);
  const crypto = prices.get(coin.currency);
  const fiat = prices.get(fiatCurrency);
  if (!crypto || !fiat) throw invalid(SellErrorCodes.unknownCurrency, `${currency} cannot be sold now`, 'currency');
  const marketKopecks = BigInt(Math.floor(Number(((crypto / fiat) * 100).toPrecision(12))));
  const rateMinor = (marketKopecks * (10_000n - SELL_SPREAD_BPS)) / 10_000n;
  if (rateMinor <= 0n) throw invalid(SellErrorCodes.unknownCurrency, `${currency} cannot be sold now`, 'currency');
  const ttl = Math.trunc(deps.config.sellRateTtlSeconds);
  await sweepOldRates(deps.db, accountId);
  const [row] = await deps.db
    .insert(sellRates)
    .values({
      accountId,
      currency: coin.currency,
      fiatCurrency,
      rateMinor,
      expiresAt: sql`now() + make_interval(secs => ${ttl})`,
    })
    .returning();
  return { ...row!, midMinor: marketKopecks };
}

/**
 * A rate is deleted this long after its expiry if no sell used it (a sell keeps its rate by reference):
 * far longer than any sell takes between its liveness check and its insert, so none loses its rate.
 */
export const SELL_RATE_KEEP_EXPIRED = '10 minutes';
/** At most this many old rates are deleted per new one: the clean-up costs a new rate a bounded amount. */
export const SELL_RATE_SWEEP = 100;

/**
 * The account's rates long expired and never used, a bounded batch of them, deleted: with the
 * sellRate limit this keeps an account's rows to the rates it made in the last quarter of an hour
 * plus the ones its sells hold on to.
 */
async function sweepOldRates(db: Executor, accountId: string) {
  await db.execute(sql`
    delete from sell_rates where id in (
      select r.id from sell_rates r
      where r.account_id = ${accountId} and r.expires_at < now() - ${SELL_RATE_KEEP_EXPIRED}::interval
        and not exists (select 1 from sell_orders o where o.rate_id = r.id)
      limit ${SELL_RATE_SWEEP})`);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The rate named by fixedRateId: this account's, for this currency, not expired (database clock). */
export async function requireLiveRate(
  db: Executor,
  accountId: string,
  rateId: string,
  currency: string,
): Promise<SellRate> {
  const notFound = () => invalid(SellErrorCodes.rateNotFound, 'Unknown sell rate; ask for a new one', 'fixedRateId');
  if (!UUID.test(rateId)) throw notFound();
  const [row] = await db
    .select({ rate: sellRates, live: sql<boolean>`${sellRates.expiresAt} > now()` })
    .from(sellRates)
    .where(and(eq(sellRates.id, rateId), eq(sellRates.accountId, accountId)));
  if (!row || row.rate.currency !== currency) throw notFound();
  if (!row.live)
    throw invalid(SellErrorCodes.rateExpired, 'The sell rate has expired; ask for a new one', 'fixedRateId');
  return row.rate;
}

/** The crypto a fiat amount takes at a rate, rounded up to the coin's minor units (never short). */
export function cryptoFor(fiatMinor: bigint, rateMinor: bigint, decimals: number): bigint {
  const num = fiatMinor * 10n ** BigInt(decimals);
  return (num + rateMinor - 1n) / rateMinor;
}
