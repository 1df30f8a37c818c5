import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Config } from '../config.js';
import type { Network } from '../chain/addresses.js';
import { depositAddresses, ledgerAccounts, walletAssets } from '../db/schema/index.js';
import { balanceOf, ensureUserAccount } from '../ledger/accounts.js';
import type { Executor } from '../db/client.js';
import { preparedPer } from '../db/prepared.js';
import { ensureDepositAddress, type DeriveAddress } from './addresses.js';
import { findCoin, isOffered, requireOfferedCoin } from './catalogue.js';
import { formatAmount } from './amounts.js';

/** Spec §3 asset/balance item. */
export interface AssetItem {
  currency: string;
  isCrypto: boolean;
  isToken: boolean;
  totalAvailable: string;
  onHold: string;
  depositAddress: string | null;
}

/**
 * Makes the asset visible with its ledger account (and the network's address when `derive` is
 * given). Idempotent: re-adding an archived asset restores the same account, balance and address.
 */
export async function ensureAsset(db: Executor, accountId: string, currency: string, derive?: DeriveAddress) {
  const coin = findCoin(currency);
  if (!coin) throw new Error(`Unknown currency ${currency}`);
  const ledger = await ensureUserAccount(db, accountId, currency);
  await db.insert(walletAssets).values({ accountId, currency, ledgerAccountId: ledger.id })
    // Only an archived row is written: a visible asset (every swap's destination) costs no row version.
    .onConflictDoUpdate({ target: [walletAssets.accountId, walletAssets.currency], set: { archivedAt: null }, setWhere: isNotNull(walletAssets.archivedAt) });
  // Lightning has no on-chain address: deposits there are invoices, not addresses.
  if (derive && coin.network !== 'lightning') await ensureDepositAddress(db, accountId, coin.network as Network, derive);
  return ledger;
}

/** Adds assets from the API: every currency is checked before anything is written. */
export async function addAssets(db: Executor, config: Config, accountId: string, currencies: string[], derive: DeriveAddress) {
  // Sorted, so two lists naming the same assets in another order lock their rows in one order.
  const unique = [...new Set(currencies)].sort();
  for (const currency of unique) requireOfferedCoin(currency, config);
  await db.transaction(async (tx) => {
    for (const currency of unique) await ensureAsset(tx, accountId, currency, derive);
  });
}

/** Hides the asset; balance and address stay, so money arriving later is never lost. */
export async function archiveAsset(db: Executor, accountId: string, currency: string): Promise<boolean> {
  const rows = await db.update(walletAssets).set({ archivedAt: sql`now()` })
    .where(and(eq(walletAssets.accountId, accountId), eq(walletAssets.currency, currency), isNull(walletAssets.archivedAt)))
    .returning({ currency: walletAssets.currency });
  return rows.length > 0;
}

/**
 * The visible assets with their balances and, in the same statement, the account's deposit addresses
 * by network: the balance poll is the app's most frequent call, so it is one prepared round trip.
 */
const visibleAssets = preparedPer((db) => db
  .select({
    currency: walletAssets.currency,
    creditsPosted: ledgerAccounts.creditsPosted,
    debitsPosted: ledgerAccounts.debitsPosted,
    debitsPending: ledgerAccounts.debitsPending,
    addresses: sql<Record<string, string> | null>`(select json_object_agg(${depositAddresses.network}, ${depositAddresses.address}) from ${depositAddresses} where ${depositAddresses.accountId} = ${walletAssets.accountId})`,
  })
  .from(walletAssets)
  .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, walletAssets.ledgerAccountId))
  .where(and(eq(walletAssets.accountId, sql.placeholder('accountId')), isNull(walletAssets.archivedAt)))
  .orderBy(asc(walletAssets.createdAt), asc(walletAssets.currency))
  .prepare('visible_assets'));

export async function listAssets(db: Executor, config: Config, accountId: string): Promise<AssetItem[]> {
  const rows = await visibleAssets(db).execute({ accountId });
  const items: AssetItem[] = [];
  for (const row of rows) {
    const coin = findCoin(row.currency);
    // An asset not offered here (Lightning in production) keeps its balance but is not listed.
    if (!coin || !isOffered(coin, config)) continue;
    const { available, onHold } = balanceOf(row);
    items.push({
      currency: row.currency,
      isCrypto: true,
      isToken: coin.token,
      totalAvailable: formatAmount(available, coin.decimals),
      onHold: formatAmount(onHold, coin.decimals),
      depositAddress: row.addresses?.[coin.network] ?? null,
    });
  }
  return items;
}
