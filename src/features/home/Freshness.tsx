import { useSelector } from '@xstate/react';
import { Trans } from '@lingui/react/macro';
import { Clock } from 'lucide-react';
import { selectBalancesStale, selectBalancesUpdatedAt } from '../../../machines/balances.selectors';
import { selectOffline } from '../../../machines/connectivity.selectors';
import { useSignedInServices } from '../../app/signedInContext';
import { useLocale } from '../../i18n/useFormat';
import { FRESHNESS_ID } from './freshnessId';
import * as css from './home.css';

/**
 * Home's first load stays within its budget without luxon (21 kB gzip, loaded by the asset and
 * history pages): an hour and minute is what luxon's TIME_SIMPLE asks Intl for anyway.
 */
const clockTime = (at: number, locale: string) =>
  new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: 'numeric' }).format(at);

/**
 * Issue 14: the balances shown may be old: the connection is down, or the last poll failed. Home then
 * marks its total and says when the data was loaded; fresh data carries no mark.
 */
export function useBalancesDated(): boolean {
  const { balances, connectivity } = useSignedInServices();
  const stale = useSelector(balances, selectBalancesStale);
  const offline = useSelector(connectivity, selectOffline);
  return stale || offline;
}

/** "Updated 10:42" under Home's total while the data may be old (mounted only then: a fresh poll re-renders nothing). */
export function UpdatedAt() {
  const { balances, connectivity } = useSignedInServices();
  const locale = useLocale();
  const at = useSelector(balances, selectBalancesUpdatedAt);
  const stale = useSelector(balances, selectBalancesStale);
  const offline = useSelector(connectivity, selectOffline);
  if (typeof at !== 'number') return null;
  const time = clockTime(at, locale);
  return (
    <p id={FRESHNESS_ID} className={css.updated} data-testid="balances-updated">
      <Clock size={14} strokeWidth={2} aria-hidden />
      {/* Online but the poll failed: the banner does not explain it, so this line does. */}
      {stale && !offline ? <Trans>Updated {time}. Could not refresh, retrying…</Trans> : <Trans>Updated {time}</Trans>}
    </p>
  );
}
