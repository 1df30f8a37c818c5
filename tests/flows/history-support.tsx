/** The /history route as the app builds it (its unchecked search; the page checks it), around the real HistoryRoute. */
import { act, screen } from '@testing-library/react';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import type { HistoryFilter, Transaction } from '../../contracts/wallet';
import type { HistoryFeedPage } from '../../machines/historyFeed.machine';
import { HistoryRoute } from '../../src/features/history/HistoryPage';
import { uncheckedHistorySearch } from '../../src/app/router';
import type { HistoryActors } from '../../src/features/history/services';
import { renderWithProviders } from '../support/render';
import { btcCoin, cardBuy, deposit, labelled, swap, usdtTrxCoin, withdrawal } from './asset-fixtures';

export const coins = { BTC: btcCoin, USDT_TRX: usdtTrxCoin };

export async function mountHistory(path: string, actors: Pick<HistoryActors, 'loadPage' | 'exportCsv'>) {
  const root = createRootRoute({ notFoundComponent: () => null });
  const signedIn = createRoute({ getParentRoute: () => root, id: 'signed-in' });
  const history = createRoute({
    getParentRoute: () => signedIn,
    path: '/history',
    validateSearch: uncheckedHistorySearch,
    component: () => <HistoryRoute actors={actors} coins={coins} assets={['BTC', 'USDT_TRX']} />,
  });
  const router = createRouter({
    routeTree: root.addChildren([signedIn.addChildren([history])]),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  await act(() => router.load());
  renderWithProviders(<RouterProvider router={router} />);
  await act(async () => {});
  return { router, location: () => router.state.location };
}

const page = (label: string, transactions: Transaction[], nextCursor: string | null, total: number) =>
  labelled<HistoryFeedPage>(label, { transactions, nextCursor, total });

/** Page 1 of 4 rows (two assets, a failed card buy), its last page, and a filter nothing matches. */
export const firstPage = page(
  'page 1 of 2',
  [deposit('COMPLETED'), cardBuy('FAILED'), { ...withdrawal, currency: 'USDT_TRX', amount: '25.5', fee: '1' }],
  'c2',
  4,
);
export const lastPage = page('page 2, the last', [swap], null, 4);
export const nothing = page('no match', [], null, 0);

/** The next filter a user picks on screen: a type first (Bought: card buys, spec §3 F2C), then a status. */
export function nextFilter(filter: HistoryFilter): { filter: HistoryFilter; pick: () => [string, string] } {
  if (!filter.kinds) return { filter: { ...filter, kinds: ['bought'] }, pick: () => ['Type', 'bought'] };
  return { filter: { ...filter, states: ['FAILED'] }, pick: () => ['Status', 'FAILED'] };
}

export const select = (label: string) => screen.getByLabelText(label) as HTMLSelectElement;
