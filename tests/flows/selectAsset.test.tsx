/**
 * Select asset (spec §2 /select-asset/receive and /send): the user's assets with search by code or
 * name and an empty-result state — driven from the production machine by typing in the search field.
 */
import { screen, within } from '@testing-library/react';
import { fromPromise } from 'xstate';
import { selectAssetMachine, type SelectAssetEvent } from '../../machines/selectAsset.machine';
import { toCoinMap } from '../../machines/shared/coins';
import { matchesQuery } from '../../machines/shared/portfolio';
import { describeModel, settle } from '../support/mbt';
import { captureLiveActor } from '../support/liveActor';
import { asset, catalogue, rates } from '../fixtures/wallet';
import { makeUser, mountApp, pathname, type MountedApp } from './app/harness';

const held = [asset('BTC', '0.1'), asset('ETH', '1'), asset('USDT_TRX', '5', true)];
const coins = toCoinMap(catalogue, false);
const field = () => screen.getByRole('searchbox', { name: 'Search by name or code' }) as HTMLInputElement;

function purposeSuite(purpose: 'receive' | 'send') {
  describeModel(`selectAsset (${purpose})`, {
    machine: selectAssetMachine,
    events: [
      { type: 'search.changed', query: 'eth' },
      { type: 'search.changed', query: 'Tether' },
      { type: 'search.changed', query: 'zzz' },
      { type: 'search.changed', query: '   ' },
      { type: 'search.cleared' },
    ],
    keepIgnored: () => false,
    mount: async () => {
      const actor = captureLiveActor(selectAssetMachine);
      const app = mountApp({
        path: `/select-asset/${purpose}`,
        signedIn: makeUser(),
        wallet: {
          loadCatalogue: fromPromise(async () => catalogue),
          loadBalances: fromPromise(async () => ({ assets: held, rates })),
        },
      });
      await settle();
      return { app: app as MountedApp, actor };
    },
    drive: {
      'search.changed': async (e: SelectAssetEvent, h) => {
        if (e.type !== 'search.changed') return;
        await h.user.clear(field());
        if (e.query) await h.user.type(field(), e.query);
      },
      'search.cleared': (_e, h) => h.user.type(field(), '{Escape}'),
    },
    states: {
      '*': (h, s) => {
        expect(pathname(h.app)).toBe(`/select-asset/${purpose}`);
        expect(field().value).toBe(s.context.query);
        const heading = purpose === 'send' ? 'Choose an asset to send' : 'Choose an asset to receive';
        expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(heading);
      },
      all: () => {
        const links = within(screen.getByRole('list', { name: 'Assets' })).getAllByRole('link');
        expect(links.map((a) => a.getAttribute('href'))).toEqual(
          held.map((a) => `/home/asset/${a.currency}/${purpose}`),
        );
      },
      filtered: (_h, s) => {
        const expected = held.filter((a) => matchesQuery(a.currency, coins[a.currency], s.context.query));
        if (expected.length === 0) {
          expect(screen.getByTestId('no-results').textContent).toBe(`No assets match “${s.context.query}”.`);
          expect(screen.queryByRole('list', { name: 'Assets' })).toBeNull();
          return;
        }
        const links = within(screen.getByRole('list', { name: 'Assets' })).getAllByRole('link');
        expect(links.map((a) => a.getAttribute('href'))).toEqual(
          expected.map((a) => `/home/asset/${a.currency}/${purpose}`),
        );
      },
    },
  });
}

purposeSuite('receive');
purposeSuite('send');

describe('select asset', () => {
  it('matches by code or name, case-insensitively', () => {
    expect(matchesQuery('USDT_TRX', coins.USDT_TRX, 'tether')).toBe(true);
    expect(matchesQuery('USDT_TRX', coins.USDT_TRX, 'usdt')).toBe(true);
    expect(matchesQuery('BTC', coins.BTC, 'ETH')).toBe(false);
  });

  it('sends an unknown purpose home', async () => {
    const app = mountApp({ path: '/select-asset/steal', signedIn: makeUser() });
    await settle();
    expect(pathname(app)).toBe('/home');
  });
});
