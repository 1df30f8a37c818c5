/**
 * The one way an asset is named on screen (issue 8): the unit after amounts is the ticker ("USDT"),
 * never the catalogue code ("USDT_TRX"); the network goes beside it as a badge or suffix ("TRC-20").
 */
type CoinNaming = { currency: string; token: boolean; blockchain: string; network: string };

/** Token standards by network ("USDT" on Tron is a TRC-20 token). */
const STANDARDS: Record<string, string> = {
  ethereum: 'ERC-20',
  tron: 'TRC-20',
  bsc: 'BEP-20',
  'binance smart chain': 'BEP-20',
  polygon: 'ERC-20',
  ton: 'Jetton',
  solana: 'SPL',
};

/** Catalogue code suffixes, for a code seen before the catalogue is loaded ("USDT_TRX"). */
const SUFFIXES: Record<string, string> = {
  TRX: 'TRC-20',
  ETH: 'ERC-20',
  BSC: 'BEP-20',
  TON: 'Jetton',
  SOL: 'SPL',
  LNG: 'Lightning',
};

export type AssetName = {
  /** What follows an amount: "USDT", "BTC". */
  unit: string;
  /** The network badge when the ticker alone is ambiguous: "TRC-20", "Lightning"; null for a native coin. */
  network: string | null;
  /** Unit and network in one string for running text: "USDT TRC-20", "BTC". */
  label: string;
};

const tickerOf = (currency: string) => currency.split('_')[0];

function networkOf(coin: CoinNaming): string | null {
  if (coin.token)
    return (
      STANDARDS[coin.network.toLowerCase()] ??
      STANDARDS[coin.blockchain.toLowerCase()] ??
      (coin.blockchain || coin.network)
    );
  // A native coin on another network shares the ticker (BTC_LNG is BTC on Lightning).
  return coin.currency.includes('_') ? coin.blockchain || coin.network : null;
}

/** The display name of an asset from its catalogue entry, or from the bare code while there is none. */
export function assetDisplayName(coin: CoinNaming | string): AssetName {
  const currency = typeof coin === 'string' ? coin : coin.currency;
  const unit = tickerOf(currency);
  const suffix = currency.includes('_') ? currency.slice(currency.indexOf('_') + 1) : null;
  const network = typeof coin !== 'string' ? networkOf(coin) : suffix === null ? null : (SUFFIXES[suffix] ?? suffix);
  return { unit, network, label: network ? `${unit} ${network}` : unit };
}

/** The unit after an amount ("USDT"), from the catalogue entry when loaded or the code. */
export const assetUnit = (coin: CoinNaming | null | undefined, currency: string) =>
  assetDisplayName(coin ?? currency).unit;

/**
 * The catalogue name for a tight row: without the network in brackets ("Tether USD (TRC-20)" →
 * "Tether USD"), which the badge beside it already says; so Home and the pickers fit at 360 px.
 */
export const shortAssetName = (name: string) => name.replace(/\s*\([^()]*\)\s*$/, '') || name;
