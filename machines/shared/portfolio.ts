import type { Asset, Coin, RatesMap } from '../../contracts/wallet';
import { fiatCents, formatCents, formatCrypto, isDecimal } from './money';
import type { CoinMap } from './coins';

export type PortfolioRow = {
  currency: string;
  coin: Coin | null;
  /** Crypto amount in the coin's round, trailing zeros trimmed (spec §9). */
  amount: string;
  /** Fiat value "12.34", or null while no rate is known. */
  fiat: string | null;
};

export type Portfolio = { rows: PortfolioRow[]; total: string | null };

const DEFAULT_ROUND = 8;

/** Spec §2 Home: visible assets with crypto and fiat amounts, and the total in the selected fiat. */
export function portfolio(
  assets: readonly Asset[],
  coins: CoinMap,
  rates: RatesMap,
  fiat: string,
  hidden: readonly string[] = [],
): Portfolio {
  let total = 0n;
  let complete = true;
  const rows: PortfolioRow[] = [];
  for (const asset of assets) {
    const coin = coins[asset.currency] ?? null;
    const value = isDecimal(asset.totalAvailable) ? asset.totalAvailable : '0';
    const rate = rates[asset.currency]?.[fiat];
    const cents = rate === undefined ? null : fiatCents(value, rate);
    if (cents === null) complete = false;
    else total += cents;
    // Hidden coins still count in the total: hiding is about the list, the money is there.
    if (hidden.includes(asset.currency)) continue;
    rows.push({
      currency: asset.currency,
      coin,
      amount: formatCrypto(value, coin?.round ?? DEFAULT_ROUND),
      fiat: cents === null ? null : formatCents(cents),
    });
  }
  return { rows, total: complete ? formatCents(total) : null };
}

/** Case-insensitive search by code or name (select-asset). */
export function matchesQuery(currency: string, coin: Coin | null, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return currency.toLowerCase().includes(q) || (coin?.name.toLowerCase().includes(q) ?? false);
}
