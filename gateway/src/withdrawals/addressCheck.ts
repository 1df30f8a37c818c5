import { eq } from 'drizzle-orm';
import type { Config } from '../config.js';
import { isValidAddress, normalizeAddress, type Network } from '../chain/addresses.js';
import { accounts } from '../db/schema/index.js';
import type { Executor } from '../db/client.js';
import { invalid } from '../domain/errors.js';
import { findAccountByAddress } from '../wallet/addresses.js';
import { requireOfferedCoin, type CoinDefinition } from '../wallet/catalogue.js';
import { denyListed, type ListedResult } from './denyList.js';

/** Spec §3 address check result. */
export interface AddressCheckResult {
  checkResult: 'OK' | ListedResult;
  belongsToSameUser: boolean;
  /** 'B2C' when the address is a deposit address of this wallet (another user's, or the caller's own). */
  accountType: 'B2C' | null;
}

export interface CheckedAddress extends AddressCheckResult {
  coin: CoinDefinition & { network: Network };
  /** The address as the network writes it (EIP-55 case, lower-case bech32, TON non-bounceable). */
  address: string;
  /** The wallet account owning the address, when it is one of ours. */
  ownerAccountId: string | undefined;
}

/** A currency that can be sent: known, active, offered, and on a chain (not Lightning). */
export function sendableCoin(
  currency: string,
  config: Pick<Config, 'production' | 'sandbox'>,
): CoinDefinition & { network: Network } {
  const coin = requireOfferedCoin(currency, config);
  if (coin.network === 'lightning')
    throw invalid('UNSUPPORTED_CURRENCY', `Sending ${currency} is not supported`, 'currency');
  return coin as CoinDefinition & { network: Network };
}

/**
 * Checksum validation per network (400 INVALID_ADDRESS on `field`), sandbox screening, and who
 * owns the address inside this wallet. Read-only.
 */
export async function checkAddress(
  db: Executor,
  config: Pick<Config, 'production' | 'sandbox'>,
  input: { userId: string; currency: string; address: string; field: string },
): Promise<CheckedAddress> {
  const coin = sendableCoin(input.currency, config);
  const trimmed = input.address.trim();
  if (!isValidAddress(coin.network, trimmed)) {
    throw invalid('INVALID_ADDRESS', `Not a valid ${coin.blockchain} address`, input.field);
  }
  const address = normalizeAddress(coin.network, trimmed);
  // Only the sandbox screens; production plugs a screening provider in here.
  const listed = config.sandbox ? denyListed(coin.network, address) : undefined;
  const owner = await findAccountByAddress(db, coin.currency, address);
  let belongsToSameUser = false;
  if (owner) {
    const [row] = await db.select({ userId: accounts.userId }).from(accounts).where(eq(accounts.id, owner.accountId));
    belongsToSameUser = row?.userId === input.userId;
  }
  return {
    checkResult: listed ?? 'OK',
    belongsToSameUser,
    accountType: owner ? 'B2C' : null,
    coin,
    address,
    ownerAccountId: owner?.accountId,
  };
}
