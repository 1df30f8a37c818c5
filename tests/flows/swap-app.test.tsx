/**
 * Swap through the real app (issue 22): inside Telegram the review guards closing like send's, buy's
 * and sell's (Close would lose the fixed rate); in Russian the amount field shows the decimal comma
 * as typed and after Max or a chip, while the gateway gets a point; the review says the fee against
 * the mid-market rate, the rate both ways and the exact amount.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '@lingui/core';
import { fromPromise } from 'xstate';
import type { SwapOrder, SwapOrderRequest, SwapQuote, SwapQuoteQuery } from '../../src/api/swap';
import type { UserProfile } from '../../src/api/userProfile';
import { fakeControls } from '../support/fakeControls';
import { text } from '../support/dom';
import { makeUser, mountApp, pathname } from './app/harness';
import { btcAsset, btcCoin, usdtTrxCoin } from './asset-fixtures';
import { PAIRS, quoteFor } from './swap-fixtures';

const profile: UserProfile = {
  id: 'user',
  email: 'ann@example.com',
  pinCodeActive: false,
  accounts: [{ id: 'acc-7', name: 'Account', language: 'ENG', defaultFiatCurrency: 'USD' }],
};
const usdtAsset = { ...btcAsset('100'), currency: 'USDT_TRX', isToken: true, depositAddress: 'TXYZ' };

function swapApi() {
  const quotes: SwapQuoteQuery[] = [];
  const orders: SwapOrderRequest[] = [];
  const api = {
    wallet: { getAssets: async () => [btcAsset('0.49900215'), usdtAsset] },
    swap: {
      pairs: async () => PAIRS,
      quote: async (_account: string, query: SwapQuoteQuery): Promise<SwapQuote> => {
        quotes.push(query);
        return quoteFor({
          from: query.sourceCurrency,
          to: query.destinationCurrency,
          driver: query.sourceAmount === undefined ? 'destination' : 'source',
          sourceAmount: query.sourceAmount ?? '',
          destinationAmount: query.destinationAmount ?? '',
        });
      },
      createOrder: async (_account: string, request: SwapOrderRequest): Promise<SwapOrder> => {
        orders.push(request);
        return {
          id: 'order-1',
          sourceCurrency: request.sourceCurrency,
          destinationCurrency: request.destinationCurrency,
          sourceAmount: request.sourceAmount,
          // 0.0166 BTC at 59 400: 986.04 USDT; 6 decimals as the gateway gives them.
          destinationAmount: '986.040000',
          rate: '59400',
          expiresAt: new Date(Date.now() + 300_000).toISOString(),
          state: 'NEW',
        };
      },
    },
  };
  return { api, quotes, orders };
}

function mount(telegram: boolean) {
  const native = fakeControls();
  const swap = swapApi();
  const app = mountApp({
    path: '/swap/order?from=BTC&to=USDT_TRX',
    signedIn: makeUser(),
    account: profile,
    api: swap.api,
    isTelegram: telegram,
    controls: telegram ? native.controls : undefined,
    wallet: {
      loadCatalogue: fromPromise(async () => [btcCoin, usdtTrxCoin]),
      loadBalances: fromPromise(async () => ({
        assets: [btcAsset('0.49900215'), usdtAsset],
        rates: { BTC: { USD: 60000 }, USDT_TRX: { USD: 1 } },
      })),
    },
  });
  return { app, native, swap };
}

const pay = () => screen.getByLabelText(/^You pay, BTC/) as HTMLInputElement;
const chip = (name: string) =>
  within(screen.getByRole('group', { name: 'Part of the balance' })).getByRole('button', { name }) as HTMLButtonElement;

afterEach(() => act(() => i18n.activate('en')));

describe('swap in the app', () => {
  it('inside Telegram the review guards closing; the order form does not', async () => {
    const { app, native, swap } = mount(true);
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1, name: 'Swap' });
    await waitFor(() => expect(native.shown.guard).toBe(false));
    await user.type(pay(), '0.0166');
    await waitFor(() => expect(native.shown.main).toEqual({ text: 'Continue', enabled: true, busy: false }));
    expect(native.shown.guard).toBe(false);
    native.pressMain();
    await waitFor(() => expect(pathname(app)).toBe('/swap/order/review'));
    await screen.findByTestId('review-exact');
    await waitFor(() =>
      expect(native.shown).toEqual({
        back: true,
        main: { text: 'Confirm swap', enabled: true, busy: false },
        guard: true,
      }),
    );
    expect(swap.orders.at(-1)?.sourceAmount).toBe('0.0166');
    // Back edits the review, as the page's Edit does; the guard ends with it.
    native.pressBack();
    await waitFor(() => expect(pathname(app)).toBe('/swap/order'));
    await waitFor(() => expect(native.shown.guard).toBe(false));
  });

  it('the review: you pay, the rate both ways, the fee against the mid-market rate, you get exactly', async () => {
    const { app } = mount(false);
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1, name: 'Swap' });
    await user.type(pay(), '0.0166');
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement).disabled).toBe(false),
    );
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(pathname(app)).toBe('/swap/order/review'));
    const exact = await screen.findByTestId('review-exact');
    expect(text(screen.getByTestId('review-pay'))).toBe('0.0166 BTC');
    expect(text(screen.getByTestId('review-pay-fiat'))).toBe('≈ $996.00');
    // Every digit of the fixed amount, trailing zeros trimmed.
    expect(text(exact)).toBe('986.04 USDT');
    expect(text(screen.getByTestId('review-exact-fiat'))).toBe('≈ $986.04');
    // 0.0166 × 60 000 (mid) − 986.04 = 9.96 USDT.
    expect(screen.getByText('Fee (1%)').tagName).toBe('DT');
    expect(text(screen.getByTestId('review-fee'))).toBe('9.96 USDT');
    expect(text(screen.getByTestId('review-fee-fiat'))).toBe('≈ $9.96');
    const rate = screen.getByRole('button', { name: /^1 BTC ≈ 59,400 USDT\. Show the rate the other way$/ });
    await user.click(rate);
    expect(text(screen.getByTestId('review-rate'))).toBe('1 USDT ≈ 0.00001684 BTC');
    await user.keyboard('{Enter}');
    expect(text(screen.getByTestId('review-rate'))).toBe('1 BTC ≈ 59,400 USDT');
  });

  it('in Russian the amount shows the decimal comma (typed, Max, 50 %); the gateway gets a point', async () => {
    act(() => i18n.activate('ru'));
    const { swap } = mount(false);
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1, name: 'Swap' });
    await user.type(pay(), '0,00001');
    expect(pay().value).toBe('0,00001');
    await waitFor(() => expect(swap.quotes.at(-1)?.sourceAmount).toBe('0.00001'));
    await user.click(chip('Max'));
    expect(pay().value).toBe('0,49900215');
    await waitFor(() => expect(swap.quotes.at(-1)?.sourceAmount).toBe('0.49900215'));
    // 50 % of 0.49900215, cut to BTC's 8 decimals.
    await user.click(chip(`50${'\u00a0'}%`));
    expect(pay().value).toBe('0,24950107');
    await waitFor(() => expect(swap.quotes.at(-1)?.sourceAmount).toBe('0.24950107'));
    await user.click(chip(`25${'\u00a0'}%`));
    expect(pay().value).toBe('0,12475053');
    expect(text(screen.getByTestId('swap-available'))).toBe('Available: 0,49900215 BTC');
  });
});
