import type { Config } from '../config.js';
import { invalid } from '../domain/errors.js';
import { COINS, FIATS, PARENT_COINS, type CoinDefinition, type CoinNetwork } from './coins.js';

export { COINS, FIATS, type CoinDefinition, type CoinNetwork, type ChainNetwork } from './coins.js';

/** Spec §3 coin catalogue entry, as GET /meta-info/currency sends it. */
export interface CatalogueEntry {
  currency: string;
  name: string;
  logoName: string;
  secondaryLogoName: string | null;
  parentName: string | null;
  round: number;
  active: boolean;
  crypto: boolean;
  token: boolean;
  blockchain: string;
  baseCurrency: string | null;
  network: string;
  urlScan: string | null;
  implementations: { currency: string }[];
}

const byCurrency = new Map(COINS.map((c) => [c.currency, c]));

export function findCoin(currency: string): CoinDefinition | undefined {
  return byCurrency.get(currency);
}

/** For the chain adapters: which network carries a currency (throws on an unknown one). */
export function coinNetwork(currency: string): CoinNetwork {
  return requireCoin(currency).network;
}

/** Ledger minor units of a currency: its real on-chain decimals. */
export function coinDecimals(currency: string): number {
  return requireCoin(currency).decimals;
}

function requireCoin(currency: string): CoinDefinition {
  const coin = byCurrency.get(currency);
  if (!coin) throw new Error(`Unknown currency ${currency}`);
  return coin;
}

/** Spec §7: production hides Lightning (no adapter for it yet); the sandbox shows everything. */
export function isOffered(coin: CoinDefinition, config: Pick<Config, 'production' | 'sandbox'>): boolean {
  if (config.production && !config.sandbox && coin.network === 'lightning') return false;
  return true;
}

/** A currency a user may add or hold: known, active and offered here. */
export function requireOfferedCoin(currency: string, config: Pick<Config, 'production' | 'sandbox'>): CoinDefinition {
  const coin = byCurrency.get(currency);
  if (!coin || !coin.active || !isOffered(coin, config)) {
    throw invalid('UNKNOWN_CURRENCY', `Currency ${currency} is not available`, 'currency');
  }
  return coin;
}

function entryOf(coin: CoinDefinition): CatalogueEntry {
  const base = byCurrency.get(coin.baseCurrency);
  return {
    currency: coin.currency,
    name: coin.name,
    logoName: coin.logoName,
    secondaryLogoName: base?.logoName ?? null,
    parentName: coin.parent,
    round: coin.round,
    active: coin.active,
    crypto: true,
    token: coin.token,
    blockchain: coin.blockchain,
    baseCurrency: coin.baseCurrency,
    network: coin.network,
    urlScan: coin.urlScan,
    implementations: [{ currency: coin.currency }],
  };
}

export function currencyCatalogue(config: Pick<Config, 'production' | 'sandbox'>): CatalogueEntry[] {
  return COINS.filter((c) => isOffered(c, config)).map(entryOf);
}

/** Parent coins with their implementations; entries left without one are dropped (spec §3). */
export function coinMeta(config: Pick<Config, 'production' | 'sandbox'>) {
  const offered = COINS.filter((c) => isOffered(c, config));
  const crypto: CatalogueEntry[] = [];
  for (const [code, parent] of Object.entries(PARENT_COINS)) {
    const impls = offered.filter((c) => c.parent === code);
    if (impls.length === 0) continue;
    const main = impls.find((c) => c.currency === code) ?? impls[0]!;
    crypto.push({
      ...entryOf(main),
      currency: code,
      name: parent.name,
      logoName: parent.logoName,
      parentName: null,
      implementations: impls.map((c) => ({ currency: c.currency })),
    });
  }
  return { fiat: FIATS.map((f) => ({ ...f })), crypto };
}

export function explorerLink(currency: string, hash: string | null): string | null {
  const coin = byCurrency.get(currency);
  if (!coin || !hash) return null;
  return coin.urlScan.replace('{tx}', encodeURIComponent(hash));
}

export const isFiat = (currency: string) => FIATS.some((f) => f.currency === currency);
