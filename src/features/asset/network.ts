import { DateTime } from 'luxon';
import type { Coin } from '../../api/wallet';
import { activeDateLocale } from '../../i18n/dates';

/** Token standards by network, for the receive warning ("USDT TRC-20"). */
const STANDARDS: Record<string, string> = {
  ethereum: 'ERC-20',
  tron: 'TRC-20',
  bsc: 'BEP-20',
  'binance smart chain': 'BEP-20',
  polygon: 'ERC-20',
  ton: 'Jetton',
  solana: 'SPL',
};

export const tickerOf = (currency: string) => currency.split('_')[0];

/** The network's display name: "Bitcoin", "Tron", "TON". */
export const networkName = (coin: Pick<Coin, 'blockchain' | 'network'>) => coin.blockchain || coin.network;

/** What to send: "BTC" for a native coin, "USDT TRC-20" for a token. */
export function assetLabel(coin: Pick<Coin, 'currency' | 'token' | 'blockchain' | 'network'>): string {
  if (!coin.token) return tickerOf(coin.currency);
  const standard = STANDARDS[coin.network.toLowerCase()] ?? STANDARDS[coin.blockchain.toLowerCase()];
  return standard ? `${tickerOf(coin.currency)} ${standard}` : `${tickerOf(coin.currency)} (${networkName(coin)})`;
}

/** A transaction's date and time in the active language ("3 Mar 2026, 14:05" / "3 мар. 2026 г., 14:05"). */
export function formatDateTime(iso: string, locale = activeDateLocale()): string {
  return DateTime.fromISO(iso).setLocale(locale).toLocaleString(DateTime.DATETIME_MED);
}
