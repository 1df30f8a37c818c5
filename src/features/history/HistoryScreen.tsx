import type { FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { ActorRefFrom } from 'xstate';
import type { historyFeedMachine } from '../../../machines/historyFeed.machine';
import type { historyExportMachine } from '../../../machines/historyExport.machine';
import {
  selectFeedEmpty,
  selectFeedFailed,
  selectFeedLoading,
  selectFeedMore,
  selectFeedTotal,
  selectFeedTransactions,
} from '../../../machines/historyFeed.selectors';
import { selectExportFailed, selectExporting, selectExportSaved } from '../../../machines/historyExport.selectors';
import { HISTORY_KINDS, type Coin, type HistoryKind, type TransactionState } from '../../../contracts/wallet';
import { assetDisplayName } from '../../i18n/assetName';
import { Button } from '../../ui/Button';
import { Screen } from '../../ui/Screen';
import { useLocale } from '../../i18n/useFormat';
import { HistoryList } from '../asset/HistoryList';
import { stateMessages } from '../asset/messages';
import { MoreRows } from '../asset/MoreRows';
import { LoadFailed, Skeleton } from '../asset/parts';
import { DateField } from './DateField';
import { HISTORY_STATES, type HistorySearch } from './search';
import * as shell from '../shell/AppShell.css';
import * as asset from '../asset/asset.css';
import * as css from './history.css';

export type HistoryFeedActor = ActorRefFrom<typeof historyFeedMachine>;
export type HistoryExportActor = ActorRefFrom<typeof historyExportMachine>;

type Props = {
  feed: HistoryFeedActor;
  exporter: HistoryExportActor;
  search: HistorySearch;
  /** Puts new filters in the URL (the page passes them on to the machines). */
  onSearch: (next: HistorySearch) => void;
  /** The catalogue, for each row's units and the asset choice. */
  coins: Record<string, Coin>;
  /** The wallet's assets, offered by the asset filter. */
  assets: string[];
};

/** /history: every asset's history with filters (kept in the URL), pages loaded on scroll, and CSV export. */
export function HistoryScreen({ feed, exporter, search, onSearch, coins, assets }: Props) {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const loading = useSelector(feed, selectFeedLoading);
  const failed = useSelector(feed, selectFeedFailed);
  const transactions = useSelector(feed, selectFeedTransactions);
  const total = useSelector(feed, selectFeedTotal);
  const empty = useSelector(feed, selectFeedEmpty);
  const more = useSelector(feed, selectFeedMore);
  const exporting = useSelector(exporter, selectExporting);
  const exportFailed = useSelector(exporter, selectExportFailed);
  const saved = useSelector(exporter, selectExportSaved);
  const kindNames: Record<HistoryKind, string> = {
    received: t`Received`,
    sent: t`Sent`,
    swapped: t`Swapped`,
    bought: t`Bought`,
    sold: t`Sold`,
  };
  const set = (patch: Partial<HistorySearch>) => onSearch({ ...search, ...patch });
  const choice = <T extends string>(value: string) => (value === '' ? undefined : (value as T));
  const filtered = Object.keys(search).length > 0;
  const offered = search.asset && !assets.includes(search.asset) ? [...assets, search.asset] : assets;
  const submitSearch = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const q = String(new FormData(e.currentTarget).get('q') ?? '').trim();
    set({ q: q === '' ? undefined : q });
  };

  return (
    <Screen back={{ to: '/home' }} title={t`History`} titleId="history-title" busy={loading}>
      <form role="search" aria-label={t`Filters`} onSubmit={submitSearch} className={css.filters}>
        <div className={`${css.field} ${css.wide}`}>
          <label className={css.label} htmlFor="history-asset">
            <Trans>Asset</Trans>
          </label>
          <select
            id="history-asset"
            className={css.control}
            value={search.asset ?? ''}
            onChange={(e) => set({ asset: choice(e.target.value) })}
          >
            <option value="">{t`All assets`}</option>
            {offered.map((c) => (
              <option key={c} value={c}>
                {assetDisplayName(coins[c] ?? c).label}
              </option>
            ))}
          </select>
        </div>
        <div className={css.field}>
          <label className={css.label} htmlFor="history-kind">
            <Trans>Type</Trans>
          </label>
          <select
            id="history-kind"
            className={css.control}
            value={search.kind ?? ''}
            onChange={(e) => set({ kind: choice<HistoryKind>(e.target.value) })}
          >
            <option value="">{t`All types`}</option>
            {HISTORY_KINDS.map((k) => (
              <option key={k} value={k}>
                {kindNames[k]}
              </option>
            ))}
          </select>
        </div>
        <div className={css.field}>
          <label className={css.label} htmlFor="history-state">
            <Trans>Status</Trans>
          </label>
          <select
            id="history-state"
            className={css.control}
            value={search.state ?? ''}
            onChange={(e) => set({ state: choice<TransactionState>(e.target.value) })}
          >
            <option value="">{t`Any status`}</option>
            {HISTORY_STATES.map((s) => (
              <option key={s} value={s}>
                {i18n._(stateMessages[s])}
              </option>
            ))}
          </select>
        </div>
        <div className={css.field}>
          <DateField
            key={`from|${search.from ?? ''}|${locale}`}
            id="history-from"
            label={t({ message: 'From', context: 'date range' })}
            value={search.from}
            locale={locale}
            onCommit={(from) => set({ from })}
          />
        </div>
        <div className={css.field}>
          <DateField
            key={`to|${search.to ?? ''}|${locale}`}
            id="history-to"
            label={t({ message: 'To', context: 'date range' })}
            value={search.to}
            locale={locale}
            onCommit={(to) => set({ to })}
          />
        </div>
        <div className={`${css.field} ${css.wide}`}>
          <label className={css.label} htmlFor="history-q">
            <Trans>Address or hash</Trans>
          </label>
          <div className={css.searchRow}>
            <input
              id="history-q"
              name="q"
              type="search"
              key={search.q ?? ''}
              defaultValue={search.q ?? ''}
              maxLength={128}
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
              className={css.control}
            />
            <Button type="submit" variant="secondary">
              <Trans>Search</Trans>
            </Button>
          </div>
        </div>
      </form>
      <div className={css.bar}>
        <h2 className={asset.sectionTitle}>
          <Trans>Transactions</Trans>
        </h2>
        <p className={css.count} data-testid="history-count" aria-live="polite">
          {total === null ? null : <Plural value={total} one="# transaction" other="# transactions" />}
        </p>
        {filtered ? (
          <button type="button" className={css.linkButton} onClick={() => onSearch({})}>
            <Trans>Clear filters</Trans>
          </button>
        ) : null}
      </div>
      <Button
        variant="secondary"
        busy={exporting}
        disabled={total === 0}
        onClick={() => exporter.send({ type: 'export.requested' })}
      >
        <Trans>Export CSV</Trans>
      </Button>
      {exportFailed ? (
        <p role="alert" className={shell.muted}>
          <Trans>Could not export the history. Please try again.</Trans>
        </p>
      ) : null}
      {saved ? (
        <p role="status" className={shell.muted}>
          <Trans>history.csv is saved to your downloads.</Trans>
        </p>
      ) : null}
      {failed ? (
        <LoadFailed onRetry={() => feed.send({ type: 'history.retried' })}>
          <Trans>Could not load the history.</Trans>
        </LoadFailed>
      ) : null}
      {loading ? <Skeleton rows={4} label={t`Loading history`} /> : null}
      {empty ? (
        <p className={shell.muted} data-testid="history-empty">
          {filtered ? <Trans>No transactions match these filters.</Trans> : <Trans>No transactions yet.</Trans>}
        </p>
      ) : null}
      {transactions.length > 0 ? (
        <>
          <HistoryList transactions={transactions} coins={coins} />
          <MoreRows state={more} onMore={() => feed.send({ type: 'history.moreRequested' })} />
        </>
      ) : null}
    </Screen>
  );
}
