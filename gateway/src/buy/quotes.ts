import { eq, lt, sql } from 'drizzle-orm';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { buyRates, type BuyRate } from '../db/schema/index.js';
import { invalid } from '../domain/errors.js';
import type { RateProvider } from '../rates/provider.js';
import { addressKey } from '../wallet/addresses.js';
import { formatAmount, parseAmount } from '../wallet/amounts.js';
import { BUY_QUOTE_VALIDITY_SECONDS, type BuyQuote, type BuyRateRequest } from '../../../contracts/buy.js';
import type { AcquirerMethod, CardAcquirer } from './acquirer.js';
import { buyRate, cryptoForFiat, FIAT_DECIMALS, fiatForCrypto, formatRate } from './pricing.js';
import { coinFor } from './wallets.js';

export interface BuyDeps {
  db: Db;
  config: Pick<Config, 'production' | 'sandbox' | 'buySpreadBps' | 'buyPaymentTtlSeconds' | 'publicUrl'>;
  acquirer: CardAcquirer;
  rates: RateProvider;
  /** Tests inject a clock; otherwise the database's now() decides expiry, never the client's. */
  now?: () => Date;
}

/** How long past its expiry a fixed rate is kept (for support questions), then deleted. */
export const STALE_RATE_MS = 3_600_000;

export async function clockOf(deps: Pick<BuyDeps, 'db' | 'now'>): Promise<Date> {
  if (deps.now) return deps.now();
  const result = (await deps.db.execute(sql`select now() as now`)) as unknown as { rows: { now: Date | string }[] };
  return new Date(result.rows[0]!.now);
}

export function requireAvailable(acquirer: CardAcquirer) {
  if (acquirer.methods().length === 0)
    throw invalid('BUY_UNAVAILABLE', 'Buying with a card is not available here', 'currency');
}

export function methodOf(acquirer: CardAcquirer, geoId: string, field = 'geoId'): AcquirerMethod {
  requireAvailable(acquirer);
  const method = acquirer.methods().find((m) => m.geoId === geoId);
  if (!method) throw invalid('UNKNOWN_GEO', `Card payments are not offered in region ${geoId}`, field);
  return method;
}

const fiat = (minor: bigint) => formatAmount(minor, FIAT_DECIMALS);

/** Amount ↔ the other side at a fixed rate; exactly one of the two is given. */
export function priceAt(
  rate: bigint,
  decimals: number,
  input: { crypto?: string | undefined; fiat?: string | undefined },
  fields: { crypto: string; fiat: string },
): { fiatAmount: bigint; cryptoAmount: bigint } {
  if ((input.crypto === undefined) === (input.fiat === undefined)) {
    throw invalid('INVALID_AMOUNT', `Give exactly one of ${fields.fiat} and ${fields.crypto}`, fields.fiat);
  }
  if (input.fiat !== undefined) {
    const fiatAmount = parseAmount(input.fiat, { decimals: FIAT_DECIMALS, userInput: true, field: fields.fiat });
    return { fiatAmount, cryptoAmount: cryptoForFiat(fiatAmount, rate, decimals) };
  }
  const cryptoAmount = parseAmount(input.crypto, { decimals, userInput: true, field: fields.crypto });
  return { fiatAmount: fiatForCrypto(cryptoAmount, rate, decimals), cryptoAmount };
}

export function quoteView(
  row: BuyRate,
  method: AcquirerMethod,
  amounts: { fiatAmount: bigint; cryptoAmount: bigint },
  decimals: number,
  now: Date,
  /** The market price without the spread (fixed like the rate): the review shows the spread as a fee. */
  midRate?: bigint,
): BuyQuote {
  return {
    fiatAmount: fiat(amounts.fiatAmount),
    cryptoAmount: formatAmount(amounts.cryptoAmount, decimals),
    fiatCurrency: row.fiatCurrency,
    currency: row.currency,
    fiatSettingsItemId: row.fiatSettingsItemId,
    fixedRateId: row.id,
    rate: row.rate,
    validSeconds: Math.max(0, Math.round((row.expiresAt.getTime() - now.getTime()) / 1000)),
    expiresAt: row.expiresAt.toISOString(),
    minAmount: fiat(method.minAmount),
    maxAmount: fiat(method.maxAmount),
    ...(midRate === undefined ? {} : { midRate: formatRate(midRate) }),
  };
}

/**
 * POST /b2c/rate: prices from the rate provider plus the spread, fixed for 300 s under a new
 * fixedRateId bound to the address, coin and region. Any well-formed address of the coin's network is
 * quoted alike, ours or not; an order is what needs it to be ours. Amounts outside the limits are still quoted
 * so the app can show buy_limit; the order refuses them.
 */
export async function issueQuote(deps: BuyDeps, input: BuyRateRequest): Promise<BuyQuote[]> {
  requireAvailable(deps.acquirer);
  // The address's format only: a stranger's well-formed address is quoted as a customer's is (no oracle).
  const coin = coinFor(deps.config, input.currency, input.externalId, { currency: 'currency', address: 'externalId' });
  const method = methodOf(deps.acquirer, input.geoId);
  const prices = await deps.rates.usdPrices([coin.currency, method.fiatCurrency]);
  const usdCrypto = prices.get(coin.currency);
  const usdFiat = prices.get(method.fiatCurrency);
  if (!usdCrypto || !usdFiat)
    throw invalid('UNKNOWN_CURRENCY', `No price for ${coin.currency} in ${method.fiatCurrency} right now`, 'currency');
  const rate = buyRate(usdCrypto / usdFiat, deps.config.buySpreadBps);
  const mid = buyRate(usdCrypto / usdFiat, 0);
  const amounts = priceAt(
    rate,
    coin.decimals,
    { crypto: input.cryptoAmount, fiat: input.fiatAmount },
    { crypto: 'cryptoAmount', fiat: 'fiatAmount' },
  );
  const now = await clockOf(deps);
  // Every keystroke (debounced) fixes a rate: the ones long past use go, so the tokenless call cannot
  // grow the table without bound. Orders copy their rate, so nothing refers to these.
  await deps.db.delete(buyRates).where(lt(buyRates.expiresAt, new Date(now.getTime() - STALE_RATE_MS)));
  const [row] = await deps.db
    .insert(buyRates)
    .values({
      network: coin.network,
      addressKey: addressKey(coin.network, input.externalId),
      currency: coin.currency,
      geoId: method.geoId,
      fiatCurrency: method.fiatCurrency,
      fiatSettingsItemId: method.fiatSettingsItemId,
      rate: formatRate(rate),
      expiresAt: new Date(now.getTime() + BUY_QUOTE_VALIDITY_SECONDS * 1000),
    })
    .returning();
  return [quoteView(row!, method, amounts, coin.decimals, now, mid)];
}

export async function findRate(db: Db, id: string): Promise<BuyRate | undefined> {
  // A malformed id is just an unknown one (the column is a uuid).
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return undefined;
  const [row] = await db.select().from(buyRates).where(eq(buyRates.id, id));
  return row;
}
