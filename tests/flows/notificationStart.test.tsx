/**
 * A bot message's button (issue 24): the Mini App opened with `startapp=tx-<currency>-<type>-<id>` lands
 * on that transaction, once, from Home (src/features/receive/payStart.ts).
 */
import { screen, waitFor } from '@testing-library/react';
import { fromPromise } from 'xstate';
import { fakePlatform, makeUser, mountApp, pathname, type FakeApis } from './app/harness';
import { btcAsset, btcCoin, deposit } from './asset-fixtures';

const ID = '5f0c2a4e-3b1d-4c6e-9a7f-0123456789ab';

describe("a bot message's button in Telegram", () => {
  it('startapp=tx-BTC-DEPOSIT-<id> opens that deposit', async () => {
    const tx = { ...deposit('COMPLETED'), id: ID };
    const api: FakeApis = {
      wallet: {
        getAssets: async () => [btcAsset()],
        getHistory: async () => ({ content: [tx], totalElements: 1, totalPages: 1, pageNumber: 1, pageSize: 100 }),
        getTransaction: async () => tx,
      },
    };
    const telegram = {
      isTelegram: true,
      platform: { ...fakePlatform(true).platform, startParam: `tx-BTC-DEPOSIT-${ID}` },
    };
    const app = mountApp({
      path: '/home',
      signedIn: makeUser(),
      api,
      // Inside Telegram with the button's start value (mountApp hands `platform` to createFakeServices).
      ...telegram,
      wallet: {
        loadCatalogue: fromPromise(async () => [btcCoin]),
        loadBalances: fromPromise(async () => ({ assets: [btcAsset()], rates: {} })),
      },
    });
    await waitFor(() => expect(pathname(app)).toBe(`/home/asset/BTC/transaction/${ID}/DEPOSIT`));
    // The transaction's own screen, with the deposit loaded (its title names the kind, not "Transaction").
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Received'));
  });
});
