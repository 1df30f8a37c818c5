import { or, and, eq } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { depositAddresses } from '../db/schema/index.js';
import { invalid } from '../domain/errors.js';
import { addressKey, findAccountByAddress } from '../wallet/addresses.js';
import { COINS, requireOfferedCoin, type CoinDefinition } from '../wallet/catalogue.js';
import type { Config } from '../config.js';

const NETWORKS = [...new Set(COINS.map((c) => c.network))];

/**
 * The buy calls carry no token (spec §6): a deposit address of this wallet is what binds them to an
 * account. These answer which account and network an address is, or refuse a stranger's.
 */
export async function networksOfAddress(db: Executor, address: string, field: string) {
  const rows = await db.select({ network: depositAddresses.network, accountId: depositAddresses.accountId }).from(depositAddresses)
    .where(or(...NETWORKS.map((n) => and(eq(depositAddresses.network, n), eq(depositAddresses.addressKey, addressKey(n, address))))));
  if (rows.length === 0) throw invalid('UNKNOWN_ADDRESS', 'This is not a deposit address of this wallet', field);
  return rows;
}

/** The coin (active, offered) and the account whose address on the coin's network this is. */
export async function buyerOf(
  db: Executor, config: Pick<Config, 'production' | 'sandbox'>, currency: string, address: string, fields: { currency: string; address: string },
): Promise<{ coin: CoinDefinition; accountId: string; address: string }> {
  let coin: CoinDefinition;
  try {
    coin = requireOfferedCoin(currency, config);
  } catch {
    throw invalid('UNKNOWN_CURRENCY', `${currency} cannot be bought`, fields.currency);
  }
  const owner = await findAccountByAddress(db, coin.currency, address);
  if (!owner) {
    // Known address on another network: say so, rather than "unknown", so the app's bug shows.
    await networksOfAddress(db, address, fields.address);
    throw invalid('UNKNOWN_CURRENCY', `The address is not on the ${coin.blockchain} network of ${currency}`, fields.currency);
  }
  return { coin, accountId: owner.accountId, address: owner.address };
}
