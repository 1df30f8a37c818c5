import { useEffect, useMemo, useRef } from 'react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import type { Coin } from '../../../contracts/wallet';
import { historyExportMachine } from '../../../machines/historyExport.machine';
import { historyFeedMachine } from '../../../machines/historyFeed.machine';
import { selectCoins } from '../../../machines/availableCoins.selectors';
import { selectAssets } from '../../../machines/balances.selectors';
import { useSignedInServices } from '../../app/signedInContext';
import { useFeatureActors } from '../../app/featureActors';
import type { FeatureDeps } from '../../app/services';
import { HistoryScreen } from './HistoryScreen';
import { toHistoryFilter } from './filter';
import { validateHistorySearch, type HistorySearch } from './search';
import { createHistoryActors, downloadFile, type HistoryActors } from './services';

const historyActors = (deps: FeatureDeps) =>
  createHistoryActors({ api: deps.api.wallet, accountId: deps.accountId, saveFile: downloadFile });

type RouteProps = {
  actors: Pick<HistoryActors, 'loadPage' | 'exportCsv'>;
  coins: Record<string, Coin>;
  assets: string[];
};

/**
 * The filters live in the URL: a change there reaches both machines, which keep running (no remount).
 * The route hands them over unchecked (src/app/router.tsx): what is not a valid filter is left out here,
 * and the next change of filter writes the URL without it.
 */
export function HistoryRoute({ actors, coins, assets }: RouteProps) {
  const key = JSON.stringify(validateHistorySearch(useSearch({ from: '/signed-in/history' })));
  const navigate = useNavigate();
  const search = useMemo(() => JSON.parse(key) as HistorySearch, [key]);
  const filter = useMemo(() => toHistoryFilter(search), [search]);
  const feed = useActorRef(historyFeedMachine.provide({ actors: { loadPage: actors.loadPage } }), {
    input: { filter },
  });
  const exporter = useActorRef(historyExportMachine.provide({ actors: { exportCsv: actors.exportCsv } }), {
    input: { filter },
  });
  const first = useRef(filter);
  useEffect(() => {
    if (filter === first.current) return;
    feed.send({ type: 'filter.changed', filter });
    exporter.send({ type: 'filter.changed', filter });
  }, [filter, feed, exporter]);
  return (
    <HistoryScreen
      feed={feed}
      exporter={exporter}
      search={search}
      coins={coins}
      assets={assets}
      onSearch={(next) => void navigate({ to: '/history', search: next, replace: true })}
    />
  );
}

/** /history?asset&kind&state&from&to&q: every asset's history. */
export function HistoryPage() {
  const { coins, balances } = useSignedInServices();
  const actors = useFeatureActors(historyActors);
  const catalogue = useSelector(coins, selectCoins);
  const assets = useSelector(balances, selectAssets).map((a) => a.currency);
  return <HistoryRoute actors={actors} coins={catalogue} assets={assets} />;
}
