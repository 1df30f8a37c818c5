/**
 * Card buy inside the real app (router, guards, services): inside Telegram the payment page opens with
 * the platform's openLink and the app follows the order, the pending order survives the mini-app being
 * closed (its id only, in localStorage), and one idempotency key per review survives a failed try and a
 * reload (the draft itself is never stored: a reloaded review starts over on the order form).
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fromPromise } from 'xstate';
import type { BuyOrderRequest, BuyOrderStatus, BuyQuote } from '../../src/api/buy';
import { makeUser, mountApp, pathname, type FakeApis } from './app/harness';
import { BTC_ADDRESS, btcAsset, btcCoin } from './asset-fixtures';
import { serverError } from './buy-fixtures';
import { text } from '../support/dom';

const ORDER_URL = 'https://acquirer.test/pay/p-1';

const wireQuote: BuyQuote = {
  fiatAmount: '5000',
  cryptoAmount: '0.00083333',
  fiatCurrency: 'RUB',
  currency: 'BTC',
  fiatSettingsItemId: 'sandbox-card-rub',
  fixedRateId: 'rate-1',
  rate: '6000000',
  validSeconds: 300,
  expiresAt: '2100-01-01T00:00:00Z',
  minAmount: '3000',
  maxAmount: '75000',
};

const wireStatus = (state: BuyOrderStatus['state']): BuyOrderStatus => ({
  orderId: 'ord-1',
  state,
  failureReason: null,
  currency: 'BTC',
  cryptoAmount: '0.00083333',
  fiatCurrency: 'RUB',
  fiatAmount: '5000',
  rate: '6000000',
  transactionId: null,
  createdAt: '2026-03-03T12:00:00Z',
  updatedAt: '2026-03-03T12:00:00Z',
});

function fakeBuy({ failFirst = false, state = 'NEW' as BuyOrderStatus['state'] } = {}) {
  const orders: BuyOrderRequest[] = [];
  const calls: FakeApis = {
    wallet: { getAssets: async () => [btcAsset()] },
    buy: {
      rate: async () => wireQuote,
      order: async (request) => {
        orders.push(request);
        if (failFirst && orders.length === 1) throw serverError('HTTP_503', 'The acquirer is busy, try again', 503);
        return { data: { url: ORDER_URL, orderId: 'ord-1', order: wireStatus('NEW') } };
      },
      status: async () => wireStatus(state),
    },
  };
  return { calls, orders };
}

const mount = (path: string, api: FakeApis, isTelegram = false, storage?: Record<string, string>) =>
  mountApp({
    path,
    signedIn: makeUser(),
    api,
    isTelegram,
    storage,
    wallet: {
      loadCatalogue: fromPromise(async () => [btcCoin]),
      loadBalances: fromPromise(async () => ({ assets: [btcAsset()], rates: {} })),
    },
  });

const ORDER_PATH = '/buy/order?currency=BTC&geoId=RU&fiat=RUB';

async function review(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('You pay, RUB'), '5000');
  await waitFor(() => expect((screen.getByLabelText('You get, BTC') as HTMLInputElement).value).toBe('0.00083333'));
  await user.click(screen.getByRole('button', { name: 'Review' }));
  return screen.findByRole('button', { name: 'Confirm and pay' });
}

afterEach(() => {
  window.sessionStorage.clear();
  window.localStorage.clear();
});

describe('buy pages in the app', () => {
  it('inside Telegram: Confirm opens the payment page with openLink, remembers the order id and shows its status', async () => {
    const { calls, orders } = fakeBuy();
    const app = mount(ORDER_PATH, calls, true);
    const user = userEvent.setup();
    await user.click(await review(user));
    await waitFor(() => expect(pathname(app)).toBe('/buy/status/ord-1'));
    // In the app's language: the hosted page reads ?lang= before the browser's Accept-Language.
    expect(app.calls.links).toEqual([`${ORDER_URL}?lang=en`]);
    expect(window.localStorage.getItem('buy.pendingOrder')).toBe('ord-1');
    expect(text(await screen.findByRole('heading', { level: 1, name: 'Purchase in progress' })), 'heading').toBe(
      'Purchase in progress',
    );
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({
      depositAddress: BTC_ADDRESS,
      fiatCurrency: 'RUB',
      rateId: 'rate-1',
      fiatSettingsItemId: 'sandbox-card-rub',
      amountInFiat: '5000',
    });
    expect(orders[0].idempotencyKey).toMatch(/^[0-9a-f-]{32,36}$/);
  });

  it('the mini-app opened again lands on the remembered order, and forgets it once credited', async () => {
    const { calls } = fakeBuy({ state: 'COMPLETED' });
    const app = mount('/', calls, true, { 'buy.pendingOrder': 'ord-1' });
    await waitFor(() => expect(pathname(app)).toBe('/buy/status/ord-1'));
    expect(text(await screen.findByRole('heading', { level: 1, name: 'Purchase complete' })), 'heading').toBe(
      'Purchase complete',
    );
    expect(screen.getByRole('link', { name: 'Go to BTC' }).getAttribute('href')).toBe('/home/asset/BTC');
    await waitFor(() => expect(window.localStorage.getItem('buy.pendingOrder')).toBeNull());
  });

  it('a failed confirm, then a reload of the review: back on the order form, the same quote reviewed sends the same key', async () => {
    const { calls, orders } = fakeBuy({ failFirst: true });
    const first = mount(ORDER_PATH, calls);
    const user = userEvent.setup();
    await user.click(await review(user));
    expect((await screen.findByTestId('review-error')).textContent).toBe('The acquirer is busy, try again');
    expect(pathname(first)).toBe('/buy/order/review');
    first.view.unmount();

    // The browser reloads the review: the draft was in the flow's memory only, so the order form opens (its
    // URL replacing the review's); the key of that quote's review is still in sessionStorage.
    // (Inside Telegram here, so the payment page opens through the fake platform rather than jsdom's location.)
    const second = mount('/buy/order/review?currency=BTC&geoId=RU&fiat=RUB', calls, true);
    expect((await screen.findByLabelText('You pay, RUB')) as HTMLInputElement).toHaveProperty('value', '');
    await waitFor(() => expect(pathname(second)).toBe('/buy/order'));
    await user.click(await review(user));
    await waitFor(() => expect(orders).toHaveLength(2));
    expect(orders[1].idempotencyKey).toBe(orders[0].idempotencyKey);
    await waitFor(() => expect(second.calls.links).toEqual([`${ORDER_URL}?lang=en`]));
  });
});
