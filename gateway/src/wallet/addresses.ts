import { Address as TonAddress } from '@ton/core';
import { and, eq } from 'drizzle-orm';
import type { Network } from '../chain/addresses.js';
import { accountHdIndexes, depositAddresses } from '../db/schema/index.js';
import type { Executor } from '../db/client.js';
import { findCoin } from './catalogue.js';

/** Derives the deposit address of an HD index on a network (wired to the seed in app.ts). */
export type DeriveAddress = (network: Network, index: number) => string;

/**
 * The form an address is compared in. EVM checksums and bech32 are only letter case, and one TON
 * account has several printable forms (EQ…/UQ…/raw): all must find the same owner.
 */
export function addressKey(network: string, address: string): string {
  const trimmed = address.trim();
  if (network === 'ethereum') return trimmed.toLowerCase();
  if ((network === 'bitcoin' || network === 'litecoin') && /^(bc1|tb1|bcrt1|ltc1|tltc1)/i.test(trimmed))
    return trimmed.toLowerCase();
  if (network === 'ton') {
    try {
      return TonAddress.parse(trimmed).toRawString();
    } catch {
      return trimmed;
    }
  }
  return trimmed;
}

/** The account's stable derivation index, handed out on first use. */
export async function hdIndexOf(db: Executor, accountId: string): Promise<number> {
  const [created] = await db.insert(accountHdIndexes).values({ accountId }).onConflictDoNothing().returning();
  if (created) return created.hdIndex;
  const [row] = await db.select().from(accountHdIndexes).where(eq(accountHdIndexes.accountId, accountId));
  return row!.hdIndex;
}

/** The account's address on a network: derived once, then read back (tokens share it). */
export async function ensureDepositAddress(
  db: Executor,
  accountId: string,
  network: Network,
  derive: DeriveAddress,
): Promise<string> {
  const [existing] = await db
    .select()
    .from(depositAddresses)
    .where(and(eq(depositAddresses.accountId, accountId), eq(depositAddresses.network, network)));
  if (existing) return existing.address;
  const hdIndex = await hdIndexOf(db, accountId);
  const address = derive(network, hdIndex);
  await db
    .insert(depositAddresses)
    .values({ accountId, network, address, addressKey: addressKey(network, address), hdIndex })
    .onConflictDoNothing({ target: [depositAddresses.accountId, depositAddresses.network] });
  return address;
}

/** Who owns a deposit address on the network of `currency`; undefined for a stranger's address. */
export async function findAccountByAddress(db: Executor, currency: string, address: string) {
  const coin = findCoin(currency);
  if (!coin) return undefined;
  const [row] = await db
    .select()
    .from(depositAddresses)
    .where(
      and(
        eq(depositAddresses.network, coin.network),
        eq(depositAddresses.addressKey, addressKey(coin.network, address)),
      ),
    );
  return row
    ? { accountId: row.accountId, network: row.network, address: row.address, hdIndex: row.hdIndex }
    : undefined;
}
