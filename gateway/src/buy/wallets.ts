import { isValidAddress, NETWORKS, type Network } from '../chain/addresses.js';
import type { Executor } from '../db/client.js';
import { invalid } from '../domain/errors.js';
import { findAccountByAddress } from '../wallet/addresses.js';
import { requireOfferedCoin, type CoinDefinition } from '../wallet/catalogue.js';
import type { Config } from '../config.js';

/**
 * The buy calls carry no token (spec §6) and answer anyone, so they must not say whether an address
 * is a customer's (GUIDE §8.17): regions, availability, methods and quotes look at the address's
 * format only, never at the deposit-address table. Only creating an order needs the address to be
 * ours (buyerOf), and its refusal there is the one a forged rate id gets (orders.ts).
 */

/** The networks on which this string is a well-formed address (checksums included), or 400 INVALID_ADDRESS. */
export function networksOfAddress(address: string, field: string): Network[] {
  const networks = NETWORKS.filter((n) => isValidAddress(n, address.trim()));
  if (networks.length === 0) throw invalid('INVALID_ADDRESS', 'This is not an address of a network we hold', field);
  return networks;
}

/** The coin (active, offered) of `currency`, with `address` well-formed on its network; nothing is read. */
export function coinFor(
  config: Pick<Config, 'production' | 'sandbox'>,
  currency: string,
  address: string,
  fields: { currency: string; address: string },
): CoinDefinition {
  let coin: CoinDefinition;
  try {
    coin = requireOfferedCoin(currency, config);
  } catch {
    throw invalid('UNKNOWN_CURRENCY', `${currency} cannot be bought`, fields.currency);
  }
  if (coin.network === 'lightning' || !isValidAddress(coin.network as Network, address.trim())) {
    throw invalid('INVALID_ADDRESS', `This is not an address of the ${coin.blockchain} network`, fields.address);
  }
  return coin;
}

/**
 * The account whose deposit address on the coin's network this is, or undefined for anyone else's:
 * the caller (an order) refuses the two alike with another failure, never "unknown address".
 */
export async function buyerOf(
  db: Executor,
  coin: CoinDefinition,
  address: string,
): Promise<{ accountId: string; address: string } | undefined> {
  const owner = await findAccountByAddress(db, coin.currency, address);
  return owner ? { accountId: owner.accountId, address: owner.address } : undefined;
}
