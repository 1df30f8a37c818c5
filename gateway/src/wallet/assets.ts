import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Config } from '../config.js';
import type { Network } from '../chain/addresses.js';
import { accounts, depositAddresses, ledgerAccounts, oidcPayloads, walletAssets } from '../db/schema/index.js';
import type { AccountRead } from '../http/account.js';
import { liveGrant, livenessColumns } from '../idp/verify.js';
import { ownAccount } from '../users/repository.js';
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
  await db
    .insert(walletAssets)
    .values({ accountId, currency, ledgerAccountId: ledger.id })
    // Only an archived row is written: a visible asset (every swap's destination) costs no row version.
    .onConflictDoUpdate({
      target: [walletAssets.accountId, walletAssets.currency],
      set: { archivedAt: null },
      setWhere: isNotNull(walletAssets.archivedAt),
    });
  // Lightning has no on-chain address: deposits there are invoices, not addresses.
  if (derive && coin.network !== 'lightning')
    await ensureDepositAddress(db, accountId, coin.network as Network, derive);
  return ledger;
}

/** Adds assets from the API: every currency is checked before anything is written. */
export async function addAssets(
  db: Executor,
  config: Config,
  accountId: string,
  currencies: string[],
  derive: DeriveAddress,
) {
  // Sorted, so two lists naming the same assets in another order lock their rows in one order.
  const unique = [...new Set(currencies)].sort();
  for (const currency of unique) requireOfferedCoin(currency, config);
  await db.transaction(async (tx) => {
    for (const currency of unique) await ensureAsset(tx, accountId, currency, derive);
  });
}

/** Hides the asset; balance and address stay, so money arriving later is never lost. */
export async function archiveAsset(db: Executor, accountId: string, currency: string): Promise<boolean> {
  const rows = await db
    .update(walletAssets)
    .set({ archivedAt: sql`now()` })
    .where(
      and(eq(walletAssets.accountId, accountId), eq(walletAssets.currency, currency), isNull(walletAssets.archivedAt)),
    )
    .returning({ currency: walletAssets.currency });
  return rows.length > 0;
}

/** The columns of the balance list: the visible assets with their balances and the account's deposit addresses by network. */
const assetColumns = {
  currency: walletAssets.currency,
  creditsPosted: ledgerAccounts.creditsPosted,
  debitsPosted: ledgerAccounts.debitsPosted,
  debitsPending: ledgerAccounts.debitsPending,
  addresses: sql<Record<
    string,
    string
  > | null>`(select json_object_agg(${depositAddresses.network}, ${depositAddresses.address}) from ${depositAddresses} where ${depositAddresses.accountId} = ${walletAssets.accountId})`,
};
const assetOrder = [asc(walletAssets.createdAt), asc(walletAssets.currency)];

/**
 * The visible assets with their balances and, in the same statement, the account's deposit addresses
 * by network: one prepared round trip. (The poll itself reads them with the bearer check, below.)
 */
const visibleAssets = preparedPer((db) =>
  db
    .select(assetColumns)
    .from(walletAssets)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, walletAssets.ledgerAccountId))
    .where(and(eq(walletAssets.accountId, sql.placeholder('accountId')), isNull(walletAssets.archivedAt)))
    .orderBy(...assetOrder)
    .prepare('visible_assets'),
);

/**
 * The balance poll, the app's most frequent call (every 10 s per signed-in user), as one round trip:
 * the bearer's liveness, the account's owner and the balances in one statement (http/account.ts,
 * `AccountRead`). Under load the poll waited on its three round trips, not on their work. One row per
 * visible asset, or one row with no asset when there is none or the account is not the caller's.
 */
const bearerAccountAssets = preparedPer((db) =>
  db
    .select({ ...livenessColumns, accountId: accounts.id, ...assetColumns })
    .from(oidcPayloads)
    .leftJoin(accounts, ownAccount)
    .leftJoin(walletAssets, and(eq(walletAssets.accountId, accounts.id), isNull(walletAssets.archivedAt)))
    .leftJoin(ledgerAccounts, eq(ledgerAccounts.id, walletAssets.ledgerAccountId))
    .where(liveGrant)
    .orderBy(...assetOrder)
    .prepare('token_account_assets'),
);

export type AssetRow = Awaited<ReturnType<ReturnType<typeof bearerAccountAssets>['execute']>>[number];

/** `config.accountRead` of the balance poll; the handler gets the rows with `accountReadOf<AssetRow>`. */
export const readAssetsWithBearer: AccountRead = (db, params) => bearerAccountAssets(db).execute(params);

type BalanceRow = Pick<AssetRow, 'currency' | 'creditsPosted' | 'debitsPosted' | 'debitsPending' | 'addresses'>;

/** The asset list from the balance columns of either statement. */
export function assetItems(rows: BalanceRow[], config: Config): AssetItem[] {
  const items: AssetItem[] = [];
  for (const row of rows) {
    // The poll's outer joins: no asset (or not the caller's account), or, as the inner join would
    // drop it, an asset without its ledger account.
    if (row.currency === null || row.creditsPosted === null || row.debitsPosted === null || row.debitsPending === null)
      continue;
    const coin = findCoin(row.currency);
    // An asset not offered here (Lightning in production) keeps its balance but is not listed.
    if (!coin || !isOffered(coin, config)) continue;
    const { available, onHold } = balanceOf({
      creditsPosted: row.creditsPosted,
      debitsPosted: row.debitsPosted,
      debitsPending: row.debitsPending,
    });
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

export async function listAssets(db: Executor, config: Config, accountId: string): Promise<AssetItem[]> {
  return assetItems(await visibleAssets(db).execute({ accountId }), config);
}
