/**
 * Sell inside the messenger: the amount step's Continue is Telegram's main button (iOS's decimal
 * keypad has no Enter, so without it a Telegram user cannot sell); in a browser it is drawn on the page.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fromPromise } from 'xstate';
import type { UserProfile } from '../../src/api/userProfile';
import { fakeControls } from '../support/fakeControls';
import { makeUser, mountApp, pathname, type FakeApis } from './app/harness';
import { usdtTrxCoin } from './asset-fixtures';
import { amountInput, button } from './sell-fixtures';
import { isEnabled } from '../support/dom';

const profile: UserProfile = {
  id: 'user',
  email: 'ann@example.com',
  pinCodeActive: false,
  accounts: [{ id: 'acc-7', name: 'Account', language: 'ENG', defaultFiatCurrency: 'USD' }],
};

const usdtAsset = {
  currency: 'USDT_TRX',
  totalAvailable: '500',
  onHold: '0',
  address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
};

const sellApi: FakeApis = {
  wallet: { getAssets: async () => [usdtAsset as never] },
  sell: {
    rate: async () => ({ rate: '100', rateId: 'rate-1' }) as never,
    limits: async () => ({ minLimit: '1000', maxLimit: '100000', limitCurrency: 'RUB' }),
    savedCards: async () => [],
  },
};

function mount(telegram: boolean) {
  const native = fakeControls();
  const app = mountApp({
    path: '/sell/order?currency=USDT_TRX&fiat=RUB',
    signedIn: makeUser(),
    account: profile,
    api: sellApi,
    isTelegram: telegram,
    controls: telegram ? native.controls : undefined,
    wallet: {
      loadCatalogue: fromPromise(async () => [usdtTrxCoin]),
      loadBalances: fromPromise(async () => ({ assets: [usdtAsset], rates: { USDT_TRX: { USD: 1 } } })),
    },
  });
  return { app, native };
}

describe('sell amount inside the messenger', () => {
  it("Continue is Telegram's main button: disabled until the amount passes, a press goes on to the card", async () => {
    const { app, native } = mount(true);
    await screen.findByLabelText('Amount, USDT');
    await waitFor(() => expect(native.shown.main).toEqual({ text: 'Continue', enabled: false, busy: false }));
    expect(native.shown.back).toBe(true);
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
    await userEvent.type(amountInput(), '50');
    await waitFor(() => expect(native.shown.main).toEqual({ text: 'Continue', enabled: true, busy: false }));
    native.pressMain();
    await screen.findByRole('heading', { level: 1, name: 'Card for the payout' });
    await waitFor(() => expect(pathname(app)).toBe('/sell/order/card'));
  });
});

describe('sell amount in a browser', () => {
  it('Continue is drawn on the page', async () => {
    mount(false);
    await screen.findByLabelText('Amount, USDT');
    expect(isEnabled(button('Continue'))).toBe(false);
    await userEvent.type(amountInput(), '50');
    await waitFor(() => expect(isEnabled(button('Continue'))).toBe(true));
  });
});
