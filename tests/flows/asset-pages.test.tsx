/**
 * Page wiring of the asset screens inside the real app (router, guards, services): the wallet calls
 * they make with the active account, the catalogue they wait for, and the platform's clipboard, share
 * and links, with the app's own toasts.
 */
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fromPromise } from 'xstate';
import type { HistoryFilter } from '../../src/api/wallet';
import type { AssetApi } from '../../src/features/asset/services';
import { settle } from '../support/mbt';
import { makeUser, mountApp, pathname } from './app/harness';
import { BTC_ADDRESS, HASH, btcAsset, btcCoin, deposit, history } from './asset-fixtures';
import { isShown, text } from '../support/dom';

function fakeApi() {
  const calls = {
    assets: [] as string[],
    history: [] as Array<[string, HistoryFilter | undefined]>,
    transaction: [] as Array<[string, string]>,
  };
  const api: AssetApi = {
    getAssets: async (account) => (calls.assets.push(account), [btcAsset()]),
    getHistory: async (account, filter) => {
      calls.history.push([account, filter]);
      return { content: history('IN_PROGRESS'), totalElements: 4, totalPages: 1, pageNumber: 1, pageSize: 100 };
    },
    getTransaction: async (account, id) => (calls.transaction.push([account, id]), deposit('IN_PROGRESS')),
  };
  return { api, calls };
}

/** The balances poll brings 60 000 $/BTC: the asset and details pages show fiat values from it. */
const mount = (path: string, api: AssetApi, loadCatalogue = fromPromise(async () => [btcCoin])) =>
  mountApp({
    path,
    signedIn: makeUser(),
    account: 'acc-7',
    api: { wallet: api },
    wallet: {
      loadCatalogue,
      loadBalances: fromPromise(async () => ({ assets: [btcAsset()], rates: { BTC: { USD: 60000 } } })),
    },
  });

describe('asset pages in the app', () => {
  it('/home/asset/LTC for a coin not added says so and offers Add LTC (no Retry); Add adds it and shows the asset', async () => {
    const ltcCoin = {
      ...btcCoin,
      currency: 'LTC',
      name: 'Litecoin',
      blockchain: 'Litecoin',
      network: 'litecoin',
      parentName: 'LTC',
      baseCurrency: 'LTC',
      implementations: [{ currency: 'LTC' }],
    };
    const held = [btcAsset()];
    const added: string[] = [];
    const api: AssetApi = {
      getAssets: async () => [...held],
      getHistory: async () => ({ content: [], totalElements: 0, totalPages: 0, pageNumber: 1, pageSize: 100 }),
      getTransaction: async () => deposit('IN_PROGRESS'),
    };
    const app = mountApp({
      path: '/home/asset/LTC',
      signedIn: makeUser(),
      account: 'acc-7',
      api: { wallet: api },
      wallet: {
        loadCatalogue: fromPromise(async () => [btcCoin, ltcCoin]),
        addAsset: fromPromise(async ({ input }: { input: { currency: string } }) => {
          added.push(input.currency);
          held.push({
            ...btcAsset('0'),
            currency: 'LTC',
            depositAddress: 'ltc1qg82tqx7d2lsfq7m6n5u4d3n5n9l2rq0jzl3t4y',
          });
        }),
      },
    });
    const user = userEvent.setup();
    expect((await screen.findByTestId('asset-not-added')).textContent).toContain("LTC isn't in your wallet");
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Add LTC' }));
    expect(isShown(await screen.findByTestId('asset-balance')), 'shown').toBe(true);
    expect(added).toEqual(['LTC']);
    expect(screen.getByTestId('asset-balance').textContent).toBe('0 LTC');
    expect(screen.queryByTestId('asset-not-added')).toBeNull();
    expect(pathname(app)).toBe('/home/asset/LTC');
  });

  it('asset → receive → back → details, with the account, copy, share and explorer through the platform', async () => {
    const { api, calls } = fakeApi();
    const app = mount('/home/asset/BTC', api);
    const user = userEvent.setup();
    expect(text(await screen.findByRole('heading', { level: 1, name: 'Bitcoin' })), 'heading').toBe('Bitcoin');
    expect(calls.history).toEqual([
      ['acc-7', { currency: 'BTC', sort: 'DESC', properties: ['createdDate'], pageSize: 100, pageNumber: 1 }],
    ]);
    expect(calls.assets).toContain('acc-7');
    expect(screen.getByTestId('asset-balance').textContent).toBe('1.25 BTC');
    expect((await screen.findByTestId('asset-fiat')).textContent).toBe('$75,000.00');

    await user.click(screen.getByRole('button', { name: 'Copy address' }));
    expect(app.calls.copied).toEqual([BTC_ADDRESS]);
    expect(
      (await screen.findByText('Address copied')).closest('[aria-live]')?.getAttribute('aria-live'),
      'announced',
    ).toBe('polite');

    await user.click(screen.getByRole('link', { name: 'Receive' }));
    await waitFor(() => expect(pathname(app)).toBe('/home/asset/BTC/receive'));
    expect(isShown(await screen.findByRole('img', { name: `QR code of the address ${BTC_ADDRESS}` })), 'shown').toBe(
      true,
    );
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(app.calls.shared).toEqual([BTC_ADDRESS]);
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(app.calls.copied).toEqual([BTC_ADDRESS, BTC_ADDRESS]);

    await user.click(screen.getByRole('link', { name: 'Back' }));
    await waitFor(() => expect(pathname(app)).toBe('/home/asset/BTC'));
    const rows = await screen.findAllByTestId('history-row');
    await user.click(rows[0]);
    await waitFor(() => expect(pathname(app)).toBe('/home/asset/BTC/transaction/tx-deposit/DEPOSIT'));
    expect(text(await screen.findByRole('heading', { level: 1, name: 'Receiving' })), 'heading').toBe('Receiving');
    expect(calls.transaction).toEqual([['acc-7', 'tx-deposit']]);
    expect(screen.getByTestId('tx-confirmations').textContent).toContain('1 of 2');
    expect(screen.getByTestId('tx-amount').textContent).toBe('+0.5 BTC');
    expect(screen.getByTestId('tx-amount-fiat').textContent).toBe('≈ $30,000.00');

    await user.click(screen.getByRole('button', { name: 'Copy transaction hash' }));
    expect(app.calls.copied.at(-1)).toBe(HASH);
    expect(isShown(await screen.findByText('Hash copied')), 'shown').toBe(true);
    await user.click(screen.getByRole('button', { name: 'View in explorer' }));
    expect(app.calls.links).toEqual([`https://mempool.space/tx/${HASH}`]);
  });

  it('a failed catalogue fails the asset screen, and Retry asks the catalogue again', async () => {
    const { api } = fakeApi();
    let online = false;
    let attempts = 0;
    const app = mount(
      '/home/asset/BTC',
      api,
      fromPromise(async () => {
        attempts += 1;
        if (!online) throw new Error('offline');
        return [btcCoin];
      }),
    );
    expect((await screen.findByRole('alert')).textContent).toContain('Could not load this asset.');
    const before = attempts;
    online = true;
    await act(async () => screen.getByRole('button', { name: 'Retry' }).click());
    expect(text(await screen.findByRole('heading', { level: 1, name: 'Bitcoin' })), 'heading').toBe('Bitcoin');
    expect(attempts).toBe(before + 1);
    expect(app.coins.getSnapshot().value).toBe('loaded');
  });

  it('an asset without a deposit address yet shows the receive error with Retry', async () => {
    const { api } = fakeApi();
    mount('/home/asset/BTC/receive', { ...api, getAssets: async () => [{ ...btcAsset(), depositAddress: null }] });
    expect((await screen.findByRole('alert')).textContent).toContain('Your deposit address is not ready yet.');
    await settle();
  });
});
