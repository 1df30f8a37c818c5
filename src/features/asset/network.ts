import { DateTime } from 'luxon';
import type { Coin } from '../../api/wallet';
import { activeDateLocale } from '../../i18n/dates';

/** The network's display name: "Bitcoin", "Tron", "TON". */
export const networkName = (coin: Pick<Coin, 'blockchain' | 'network'>) => coin.blockchain || coin.network;

/** A transaction's date and time in the active language ("3 Mar 2026, 14:05" / "3 мар. 2026 г., 14:05"). */
export function formatDateTime(iso: string, locale = activeDateLocale()): string {
  return DateTime.fromISO(iso).setLocale(locale).toLocaleString(DateTime.DATETIME_MED);
}
